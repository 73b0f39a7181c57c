// The thread list: which threads (filter, search), their rows in windows, the counts, the
// cursor and the selection, and when to ask for them again.
import { SvelteSet } from 'svelte/reactivity';
import type { Counts, ThreadRow, UnifiedCounts } from '../../../electron/shared/contract';
import { call } from '../api';
import { ThreadWindows } from '../threadWindows.svelte';
import { accountFetcher, unifiedFetcher, type Filter, type FirstWindow } from './listFetch';
import { forAccount } from './accountCall';
import { accounts } from './accounts.svelte';
import { nav } from './nav.svelte';
import { hub } from './hub';

/** Where the rep was before a search: Esc on the search comes back here. */
interface Place {
  filter: Filter;
  cursor: number;
  threadId: string | null;
  openId: string | null;
  scrollTop: number;
}

export type { Filter } from './listFetch';

/** A list refresh after our own change waits for the triager to pause: one refresh per burst. */
export const SETTLE_MS = 400;
/** ...but no longer than this after the first wish for one. */
const REFRESH_MAX_WAIT_MS = 2000;
/** How long a `data.changed` about threads we just changed counts as the echo of our change. */
const OWN_ECHO_MS = 5000;

class ThreadListStore {
  filter = $state<Filter>({ view: 'inbox' });
  search = $state('');
  /** A search covers every thread unless the person keeps the view as a filter (visible, clearable). */
  searchInView = $state(false);
  /** newest: latest message first; waiting: the prospect who waited longest for us first. */
  sort = $state<'newest' | 'waiting'>('newest');
  rows: ThreadWindows;
  counts = $state<Counts | UnifiedCounts | null>(null);
  cursor = $state(0);
  selected = new SvelteSet<string>();
  /** How far the list is scrolled (kept by the list, never drawn from here). */
  scrolledTo = 0;
  /** A scroll position the list should go back to (a search ended), once it has rows. */
  scrollWanted = $state<number | null>(null);
  private beforeSearch: Place | null = null;
  /** The thread open in the reading pane (it tells the list): a refresh keeps the cursor on it. */
  private openId: string | null = null;

  /** Another account: the Inbox again, no search, nothing selected, the first window loaded. */
  startOver(): Promise<void> {
    this.beforeSearch = null;
    this.selected.clear();
    this.filter = { view: 'inbox' };
    this.search = '';
    this.searchInView = false;
    return this.reset();
  }

  /** The reading pane shows this thread now (null: closed). */
  showing(threadId: string | null): void {
    this.openId = threadId;
    if (threadId !== this.placeOf) this.placeOf = null;
  }

  /** The open thread that moved away from the cursor (the rep's reply put it on top): the cursor
   *  stays at the rep's place, on the row before the next one, while that thread is open. */
  placeOf: string | null = null;

  /** Local changes on their way to the core: a refresh waits for them. */
  mutations = 0;
  private refreshWanted = false;
  private refreshTimer: ReturnType<typeof setTimeout> | null = null;
  private refreshWantedSince = 0;
  /** Threads this window changed lately, with when that counts as over: their echoes settle. */
  // Plain on purpose: bookkeeping, never drawn.
  private ownChanges = new Map<string, number>();
  /** Counts this window's own changes: counts asked for before the latest one are out of date
   *  (the change's own refresh brings the ones that include it). */
  private ownMark = 0;

  constructor() {
    this.rows = new ThreadWindows(() => Promise.resolve({ total: 0, offset: 0, rows: [] }));
  }

  /** The Inbox's first window, asked for by the window's first calls: the next list of that
   *  account's Inbox starts from it instead of asking again. */
  private firstWindow: FirstWindow | null = null;

  /** The window's first calls already asked for this account's Inbox (session.svelte.ts). */
  startFrom(first: FirstWindow): void {
    this.firstWindow = first;
  }

  /** Asks for windows of the current list; the first one brings the counts with it. */
  private fetcher() {
    const search = this.search.trim();
    // A search looks at every thread; the view filters it only when the person asked so.
    const f: Filter = search && !this.searchInView ? { view: 'all' } : { ...this.filter };
    const take = (c: Counts | UnifiedCounts) => (this.counts = c);
    const first = this.firstWindow;
    this.firstWindow = null;
    if (accounts.unified) return unifiedFetcher(f, search, this.sort, take);
    const plainInbox = !search && this.sort === 'newest' && sameFilter(f, { view: 'inbox' });
    return accountFetcher(f, search, this.sort, take, plainInbox ? first : null);
  }

  /** A new list: its first window and the counts come in one call (what the first paint needs). */
  reset(): Promise<void> {
    this.cursor = 0;
    this.placeOf = null;
    this.selected.clear();
    return this.rows.reset(this.fetcher());
  }

  async loadCounts(): Promise<void> {
    const mark = this.ownMark;
    if (accounts.unified) {
      const only = accounts.only;
      const c = await call('unified.counts', only ? { accountIds: [only] } : {}).catch(() => null);
      if (c && accounts.unified && accounts.only === only && mark === this.ownMark) this.counts = c;
      return;
    }
    const c = await forAccount((accountId) => call('threads.counts', { accountId }));
    if (c && !accounts.unified && mark === this.ownMark) this.counts = c;
  }

  /** All inboxes narrowed to the next workspace (or back to every one): the list starts over. */
  nextWorkspace(): void {
    this.narrowTo(accounts.nextWorkspace);
  }

  /** All inboxes narrowed to one account's workspace (null: every one again). */
  narrowTo(accountId: string | null): void {
    if (!accounts.unified) return;
    nav.page = 'threads';
    accounts.only = accountId;
    void hub.emit('list.reset', {});
    void this.reset();
  }

  /** Re-asks for the list and counts once no local change is on its way and `delayMs` passed
   *  without another wish for one (at most REFRESH_MAX_WAIT_MS after the first). */
  refreshSoon(delayMs = 30): void {
    const now = Date.now();
    if (!this.refreshWanted) this.refreshWantedSince = now;
    this.refreshWanted = true;
    if (this.mutations > 0) return;
    if (this.refreshTimer) clearTimeout(this.refreshTimer);
    const wait = Math.max(0, Math.min(delayMs, this.refreshWantedSince + REFRESH_MAX_WAIT_MS - now));
    this.refreshTimer = setTimeout(() => {
      this.refreshTimer = null;
      if (this.mutations > 0 || !this.refreshWanted) return;
      this.refreshWanted = false;
      void this.refreshNow();
    }, wait);
  }

  markOwn(ids: Iterable<string>): void {
    this.ownMark++;
    const until = Date.now() + OWN_ECHO_MS;
    for (const id of ids) this.ownChanges.set(id, until);
  }

  /** Whether a change event names only threads this window changed itself a moment ago. */
  isOwnEcho(threadIds: string[] | undefined): boolean {
    if (!threadIds || threadIds.length === 0) return false;
    const now = Date.now();
    for (const [id, until] of this.ownChanges) if (until < now) this.ownChanges.delete(id);
    return threadIds.every((id) => this.ownChanges.has(id));
  }

  async refreshNow(): Promise<void> {
    // The cursor stays on its thread (the open one first) as rows move around it, unless the
    // person moved it while the answer was on its way. When the thread the rep is on moves away
    // from its neighbours (their reply put it on top), the cursor keeps the rep's place instead:
    // the row that came after it stays the next one.
    const atCursor = this.rows.at(this.cursor)?.id;
    const placeKept = this.openId !== null && this.placeOf === this.openId;
    const keep = placeKept ? atCursor : (this.openId ?? atCursor);
    const next = keep === atCursor && keep === this.openId ? this.rows.at(this.cursor + 1)?.id : undefined;
    const cursorBefore = this.cursor;
    await Promise.all([this.rows.refresh(), this.loadCounts()]);
    if (keep && this.cursor === cursorBefore) {
      const i = this.rows.indexOf(keep);
      const n = next ? this.rows.indexOf(next) : -1;
      if (!placeKept && i >= 0 && n > 0 && n !== i + 1) {
        this.cursor = n - 1;
        this.placeOf = keep;
      } else if (i >= 0) this.cursor = i;
    }
    this.clampCursor();
  }

  clampCursor(): void {
    const max = Math.max(0, this.rows.total - 1);
    if (this.cursor > max) this.cursor = max;
  }

  setFilter(filter: Filter): void {
    // Back from another page to the list it left: the same place (the cursor's thread, the open
    // one, the scroll), with its rows brought up to date. Asked again from the list: the top.
    if (nav.page !== 'threads' && sameFilter(filter, this.filter) && !this.search.trim()) {
      nav.page = 'threads';
      this.scrollWanted = this.scrolledTo;
      void this.refreshNow();
      return;
    }
    nav.page = 'threads';
    this.beforeSearch = null;
    this.filter = filter;
    // A new view starts without the last search.
    this.search = '';
    this.searchInView = false;
    void hub.emit('list.reset', {});
    void this.reset();
  }

  setSort(sort: 'newest' | 'waiting'): void {
    this.sort = sort;
    void hub.emit('list.reset', {});
    void this.reset();
  }

  setSearch(text: string, inView = this.searchInView): void {
    if (text === this.search && inView === this.searchInView) return;
    const starts = this.search.trim() === '' && text.trim() !== '';
    const ends = this.search.trim() !== '' && text.trim() === '';
    if (starts) {
      const threadId = this.cursorRow?.id ?? null;
      const p = { filter: this.filter, cursor: this.cursor, threadId, openId: this.openId };
      this.beforeSearch = { ...p, scrollTop: this.scrolledTo };
    }
    const place = ends ? this.beforeSearch : null;
    if (ends) this.beforeSearch = null;
    this.search = text;
    this.searchInView = text.trim() === '' ? false : inView;
    void hub.emit('list.reset', {});
    void this.reset().then(() => place && this.returnTo(place));
  }

  /** Back where the rep was before the search: the same thread under the cursor (or the same
   *  place, if it left the view), the list scrolled as it was, the thread open again if it was. */
  private async returnTo(place: Place): Promise<void> {
    await this.rows.ensure(place.cursor, place.cursor + 1);
    if (this.search !== '' || this.filter !== place.filter) return;
    const at = place.threadId ? this.rows.indexOf(place.threadId) : -1;
    this.scrollWanted = place.scrollTop;
    this.cursor = at >= 0 ? at : place.cursor;
    this.clampCursor();
    if (place.openId && this.rows.indexOf(place.openId) >= 0)
      void hub.emit('list.returned', { openId: place.openId });
  }

  get cursorRow(): ThreadRow | undefined {
    return this.rows.at(this.cursor);
  }

  moveCursor(delta: number, extendSelection = false): void {
    if (this.rows.total === 0) return;
    if (extendSelection) {
      const here = this.cursorRow;
      if (here) this.selected.add(here.id);
    }
    const next = Math.min(Math.max(0, this.cursor + delta), this.rows.total - 1);
    this.cursor = next;
    if (extendSelection) {
      const row = this.rows.at(next);
      if (row) this.selected.add(row.id);
    }
    // With a thread open, moving opens the next one (the reading pane follows the cursor, a frame
    // later, so the cursor paints first); a row not fetched yet (End) once it comes.
    const row = this.rows.at(next);
    if (row) void hub.emit('cursor.moved', { threadId: row.id });
    else
      void this.rows.ensure(next, next + 1).then(() => {
        const came = this.cursor === next ? this.rows.at(next) : undefined;
        if (came) void hub.emit('cursor.moved', { threadId: came.id });
      });
  }

  toggleSelected(): void {
    const row = this.cursorRow;
    if (!row) return;
    if (this.selected.has(row.id)) this.selected.delete(row.id);
    else this.selected.add(row.id);
  }
}

export const threadList = new ThreadListStore();

function sameFilter(a: Filter, b: Filter): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)] as (keyof Filter)[]);
  return [...keys].every((k) => a[k] === b[k]);
}
