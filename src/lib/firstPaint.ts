// The window's first rows, drawn before the app's script is loaded: the frame (its sidebar and
// status bar still empty), the Inbox's head and as many of its first window's rows as the window
// shows, with the markup and classes the app draws them with (ThreadList.svelte,
// ThreadRowLines.svelte, SuggestionChip.svelte; svelte.config.js names the scoped classes), so the
// rep reads the rows while the app's script compiles, and nothing moves when the app draws the
// same rows over them (src/main.ts takes this away then). Plain TypeScript, no Svelte: it is part
// of the page's first, small script (src/boot.ts). The browser test of first rows keeps the two
// markups equal.
import type { Settings, ThreadRow, ThreadWindow } from '../../electron/shared/contract';
import { countText, fullTime, relativeTime, statusClass, statusLabel } from './format';
import { dayAndTime } from './snooze';
import { acceptWords, shownSuggestion, suggestionWords } from './suggestion';
import { waitedShort, waitedWords, warmth } from './waiting';

/** The comfortable rows' height (ThreadList.svelte's ROW_HEIGHTS). */
export const FIRST_ROW_H = 68;
/** The element the first rows are drawn in, over #app until the app's list is drawn. */
export const FIRST_PAINT_ID = 'first-paint';

const esc = (s: string): string =>
  s.replace(/[&<>"]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;'));

/** Attributes of a scoped element: `cls` is the class list before the component's own class. */
const el = (tag: string, scope: string, cls: string, body: string, attrs = ''): string =>
  `<${tag} class="${cls} svelte-${scope}"${attrs}>${body}</${tag}>`;
const line = (cls: string, body: string, attrs = ''): string =>
  el('span', 'ThreadRowLines', cls, body, attrs);

function chip(row: ThreadRow, settings: Settings): string {
  const sug = shownSuggestion(row, settings.suggestions);
  if (!sug) return '';
  const title = `Suggested from the reply: ${acceptWords(sug, settings.outOfOfficeDays)}. Press y to accept.`;
  return (
    `<span class="suggest ${statusClass(sug.status)} svelte-SuggestionChip" data-suggested="${esc(sug.status)}" title="${esc(title)}">` +
    `<span class="sr-only">Suggested:</span><span class="spark svelte-SuggestionChip" aria-hidden="true">✦</span> ${esc(suggestionWords(sug))}</span>`
  );
}

/** One row's lines, as ThreadRowLines.svelte draws them in comfortable rows with no search. */
export function rowLines(row: ThreadRow, settings: Settings, now: Date): string {
  const nowMs = now.getTime();
  const waits = !!row.waitingSince && row.status === 'open';
  let l1 = '';
  if (row.unread) l1 += line('unread-dot', '<span class="sr-only">Unread.</span>', ' title="Unread"');
  l1 += line('name', esc(row.prospectName)) + line('company', esc(row.company));
  if (row.waitingSince && waits) {
    const w = row.waitingSince;
    const title = `${waitedWords(w, nowMs)} (since ${fullTime(w)})`;
    l1 += line(
      `waiting warmth-${warmth(w, nowMs, settings.waitingAlertHours)}`,
      `<span aria-hidden="true">⏳</span> ${esc(waitedShort(w, nowMs))}<span class="sr-only"> waiting for your answer</span>`,
      ` title="${esc(title)}"`,
    );
  }
  if (!waits)
    l1 += line(
      'time',
      esc(relativeTime(row.lastMessageAt, now)),
      ` title="${esc(fullTime(row.lastMessageAt))}"`,
    );
  const l2 =
    row.subject === null && row.messageCount === 0
      ? line('snippet', 'Messages on their way…')
      : line('subject', esc(row.subject ?? '(no subject)')) + line('snippet', esc(row.snippet ?? ''));
  let marks = '';
  if (row.hasDraft) marks += line('mark draft', '✎ Draft', ' title="A reply is being written"');
  if (row.snoozedUntil && new Date(row.snoozedUntil) > now)
    marks += line(
      'mark snoozed',
      `⏰ until ${esc(dayAndTime(new Date(row.snoozedUntil)))}`,
      ` title="Snoozed until ${esc(fullTime(row.snoozedUntil))}"`,
    );
  if (row.pending) marks += line('mark pending', '↻ Pending', ' title="Not yet sent to the service"');
  let l3 = line(`chip ${statusClass(row.status)}`, esc(statusLabel(row.status))) + chip(row, settings);
  if (row.campaignName) l3 += line('campaign', esc(row.campaignName), ` title="${esc(row.campaignName)}"`);
  l3 += line('marks', marks);
  return (
    el('div', 'ThreadRowLines', 'line1', l1) +
    el('div', 'ThreadRowLines', 'line2', l2) +
    el('div', 'ThreadRowLines', 'line3', l3)
  );
}

function rowHtml(row: ThreadRow, i: number, total: number, settings: Settings, now: Date): string {
  const cls = `row${i === 0 ? ' cursor' : ''}${row.unread ? ' unread' : ''}`;
  const attrs =
    ` role="option" tabindex="-1" id="row-${esc(row.id)}" aria-selected="${i === 0}"` +
    ` aria-posinset="${i + 1}" aria-setsize="${total}" data-thread-id="${esc(row.id)}"` +
    ` data-status="${esc(row.status)}" style="top: ${i * FIRST_ROW_H}px; height: ${FIRST_ROW_H}px;"`;
  return el('div', 'ThreadList', cls, rowLines(row, settings, now), attrs);
}

/** Whether the first rows can be drawn here as the app will draw them: the Inbox of one account
 *  in comfortable rows (compact rows and All inboxes are left to the app). */
export function drawable(window: ThreadWindow, settings: Settings): boolean {
  return (
    settings.rowDensity === 'comfortable' &&
    window.offset === 0 &&
    window.rows.length > 0 &&
    window.rows.every((r) => r.accountId === undefined)
  );
}

/** The frame and the Inbox's first rows, as many as fit the window's height. */
export function firstPaintHtml(
  window: ThreadWindow,
  settings: Settings,
  height: number,
  now = new Date(),
): string {
  const shown = window.rows.slice(0, Math.ceil(height / FIRST_ROW_H) + 1);
  const rows = shown.map((r, i) => rowHtml(r, i, window.total, settings, now)).join('');
  const first = window.rows[0]!;
  const app = (cls: string, body: string, attrs = '', tag = 'div'): string =>
    el(tag, 'App', cls, body, attrs);
  const head = el(
    'div',
    'ListHead',
    'list-head',
    el('h1', 'ListHead', 'list-title', 'Inbox') +
      el('span', 'ListHead', 'faint total', esc(countText(window.total))) +
      el(
        'button',
        'ListHead',
        'sort',
        '<span class="sr-only">Sort:</span>Newest first',
        ' tabindex="-1" title="Sorted newest first: press to sort by how long the prospect has waited"',
      ),
  );
  const search = el(
    'div',
    'SearchBar',
    'search',
    `<input type="search" tabindex="-1" aria-hidden="true" placeholder="Search all threads  /" class="svelte-SearchBar" />`,
  );
  const list = el(
    'div',
    'ThreadList',
    'list focus-ring',
    el('div', 'ThreadList', 'spacer', rows, ` style="height: ${window.total * FIRST_ROW_H}px;"`),
    ` role="listbox" aria-multiselectable="true" tabindex="0" aria-label="Inbox threads" aria-busy="false" aria-activedescendant="row-${esc(first.id)}"`,
  );
  const threads = app(
    'threads',
    app('list-col', head + search + list, ' aria-label="Threads"', 'section') +
      app('reading-col', app('reading-waiting', '', ' aria-label="Reading pane"', 'section')),
  );
  const rail = app(
    'rail',
    app(
      'folders-toggle',
      '<span aria-hidden="true">☰</span><span class="sr-only">Folders</span>',
      ' tabindex="-1" aria-expanded="false"',
      'button',
    ),
  );
  return app(
    'app',
    app(
      'body',
      rail + el('nav', 'Sidebar', 'sidebar', '', ' aria-label="Folders"') + app('main', threads, '', 'main'),
    ) +
      el(
        'div',
        'StatusBar',
        'statusbar',
        '<span>Connecting…</span>',
        ' role="status" aria-label="Sync status"',
      ),
  );
}

/** Whether the element is part of the first rows drawn (they hold the keyboard until the app's
 *  list takes them over). */
export function inFirstPaint(el: Element | null): boolean {
  return !!el?.closest(`#${FIRST_PAINT_ID}`);
}

/** Draws the frame and the first rows over #app; answers the list drawn, focused as the app's is. */
export function drawFirstRows(window: ThreadWindow, settings: Settings): HTMLElement | null {
  const host = document.createElement('div');
  host.id = FIRST_PAINT_ID;
  host.innerHTML = firstPaintHtml(window, settings, document.documentElement.clientHeight);
  document.body.append(host);
  // The app made under them is neither seen nor heard (one list of threads, not two) until its
  // list takes the rows over (src/main.ts).
  const app = document.getElementById('app');
  app?.setAttribute('inert', '');
  app?.setAttribute('aria-hidden', 'true');
  const list = host.querySelector<HTMLElement>('.list');
  list?.focus();
  return list;
}
