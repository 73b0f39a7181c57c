// Taking the app's suggested verdicts: `y` for the selection or the thread under the cursor,
// Shift+Y for a whole Suggested folder. The list changes in the frame of the key (the threads
// leave the Inbox views), the core acts on its own copy of each suggestion, and one undo puts
// statuses, snoozes and a held do-not-contact entry back. The acceptance figure is read here too.
import type { AcceptResult, SuggestionStats, ThreadRow } from '../../../electron/shared/contract';
import { nextFrame } from '../afterFrame';
import { call, errorMessage } from '../api';
import { statusLabel } from '../format';
import { idSet } from '../ids';
import { acceptWords, shownSuggestion } from '../suggestion';
import { accounts } from './accounts.svelte';
import { nav } from './nav.svelte';
import { notices } from './notices.svelte';
import { pane } from './pane.svelte';
import { settings } from './settings.svelte';
import { SETTLE_MS, threadList } from './threadList.svelte';
import { byAccount } from './threadRef';
import { workspaceName } from './workspaces';
import { didAction, dropUndo } from './undo';

/** "2 Out of office, 1 Not interested" */
function tally(byStatus: Record<string, number>): string {
  return Object.entries(byStatus)
    .map(([s, n]) => `${n} ${statusLabel(s)}`)
    .join(', ');
}

class SuggestionsStore {
  stats = $state<SuggestionStats | null>(null);

  /** The threads `y` acts on: the selected ones with a suggestion, or the cursor's. */
  private targets(): ThreadRow[] {
    const on = settings.current.suggestions;
    if (threadList.selected.size > 0) {
      const list = threadList.rows;
      return [...threadList.selected]
        .map((id) => list.at(list.indexOf(id)))
        .filter((r): r is ThreadRow => !!r && shownSuggestion(r, on) !== null);
    }
    const paneId = pane.settledId;
    const list = threadList.rows;
    const row = paneId ? (list.at(list.indexOf(paneId)) ?? threadList.cursorRow) : threadList.cursorRow;
    return row && shownSuggestion(row, on) ? [row] : [];
  }

  /** `y`: accept the suggestion of the thread in view (or of each selected thread) and move on. */
  async accept(): Promise<void> {
    if (!accounts.id || nav.page !== 'threads') return;
    if (!settings.current.suggestions) {
      notices.notify('Suggestions are off (Settings).');
      return;
    }
    const targets = this.targets();
    if (targets.length === 0) {
      notices.notify('No suggestion for this thread: give it a verdict with 1–5 or e.');
      return;
    }
    const ids = idSet(targets.map((r) => r.id));
    const byStatus: Record<string, number> = {};
    for (const r of targets) byStatus[r.suggestion!.status] = (byStatus[r.suggestion!.status] ?? 0) + 1;
    this.leaveList(ids);
    const who = targets.length === 1 ? targets[0]!.prospectName : `${targets.length} threads`;
    // One thread: the toast says what accepting did beyond the status (until when it is snoozed,
    // the do-not-contact entry), as the pane said before the key.
    const one = targets.length === 1 ? targets[0]!.suggestion! : null;
    const words = one ? acceptWords(one, settings.current.outOfOfficeDays) : '';
    const lead = one ? `${statusLabel(one.status)}, and ` : '';
    const detail = one && words.startsWith(lead) ? words.slice(lead.length) : '';
    await this.run(
      `${tally(byStatus)} (${who})`,
      [...ids],
      targets.length,
      [...byAccount(ids)].map(([accountId, threadIds]) => ({
        accountId,
        send: () => call('threads.acceptSuggestions', { accountId, threadIds }),
      })),
      detail,
    );
  }

  /** Shift+Y in a Suggested folder: every thread of it, one change and one undo. */
  async acceptGroup(): Promise<void> {
    const group = threadList.filter.view === 'suggested' ? threadList.filter.suggested : undefined;
    if (!accounts.id || nav.page !== 'threads') return;
    if (!group) {
      notices.notify('Open a Suggested folder (g y) to accept all of it.');
      return;
    }
    // A lookup for one call, never drawn.
    // eslint-disable-next-line svelte/prefer-svelte-reactivity
    const loaded = new Set<string>();
    const list = threadList.rows;
    for (let i = 0; i < list.total; i++) {
      const r = list.at(i);
      if (r) loaded.add(r.id);
    }
    const n = list.total;
    this.leaveList(loaded);
    // In All inboxes, each account shown accepts its own folder.
    const shown = accounts.unified
      ? accounts.all.filter((a) => accounts.only === null || a.id === accounts.only).map((a) => a.id)
      : [accounts.id];
    await this.run(
      `${n} ${statusLabel(group)}`,
      [...loaded],
      n,
      shown.map((accountId) => ({
        accountId,
        send: () => call('threads.acceptSuggestedGroup', { accountId, group }),
      })),
    );
  }

  /** The accepted threads leave an Inbox view in this frame; elsewhere they stay and show it. */
  private leaveList(ids: ReadonlySet<string>): void {
    const list = threadList.rows;
    const view = threadList.filter.view;
    const first = Math.min(
      ...[...ids].map((id) => list.indexOf(id)).filter((i) => i >= 0),
      threadList.cursor,
    );
    if (view === 'inbox' || view === 'suggested') {
      list.removeLocal(ids);
      threadList.cursor = first;
    } else {
      list.patchLocal(ids, { pending: true });
      threadList.cursor = first + 1;
    }
    threadList.selected.clear();
    threadList.clampCursor();
    const next = list.at(threadList.cursor);
    pane.openAfterFrame(next && !ids.has(next.id) ? next.id : null);
  }

  /** `what`: what is accepted, in words; `expected`: how many threads the rep saw go; `parts`: one
   *  call per account, each standing or failing on its own (a failed one is said with its
   *  workspace, and undo takes back the others). */
  private async run(
    what: string,
    ids: string[],
    expected: number,
    parts: { accountId: string; send: () => Promise<AcceptResult> }[],
    /** What else accepting did, for the toast ("back in the Inbox in 7 days"). */
    detail = '',
  ): Promise<void> {
    threadList.markOwn(ids);
    threadList.mutations++;
    let answer: Promise<Accepted[]>;
    const entry = didAction(
      {
        label: `Accepted: ${what}`,
        undo: async () => {
          const done = (await answer).filter((a) => a.result.previous.length > 0);
          if (done.length === 0) return;
          threadList.mutations++;
          try {
            const back = await Promise.all(
              done.map(({ accountId, result: r }) =>
                call('threads.restoreAccepted', {
                  accountId,
                  previous: r.previous,
                  dncOutboxIds: r.dncOutboxIds,
                }),
              ),
            );
            if (back.some((b) => b.dncSent > 0))
              notices.notify('The do-not-contact entry had already gone to the service: it stays there.');
          } finally {
            threadList.mutations--;
          }
          await threadList.refreshNow();
          void this.loadStats();
        },
      },
      `Accepted: ${what}${detail ? `: ${detail}` : ''}.`,
      ids,
    );
    let failed = 0;
    answer = (async () => {
      await nextFrame();
      const settled = await Promise.allSettled(parts.map((p) => p.send()));
      const done: Accepted[] = [];
      settled.forEach((r, i) => {
        const { accountId } = parts[i]!;
        if (r.status === 'fulfilled') return void done.push({ accountId, result: r.value });
        failed++;
        const where = parts.length > 1 ? `In ${workspaceName(accountId)}, the` : 'The';
        notices.notify(`${where} suggestions could not be accepted: ${errorMessage(r.reason)}`, 'error');
      });
      return done;
    })();
    try {
      const r = merged(await answer);
      if (failed > 0) {
        // What went through stands and is said; with nothing through, there is no undo.
        if (r.previous.length === 0) dropUndo(entry);
        else {
          entry.label = `Accepted: ${tally(r.byStatus)}`;
          notices.notify(`Accepted ${tally(r.byStatus)} in the other workspaces.`);
        }
        void this.loadStats();
        return;
      }
      // Threads triaged meanwhile (here or by a teammate) keep their verdict: say so.
      if (r.previous.length < expected)
        notices.notify(
          r.previous.length === 0
            ? 'Nothing was accepted: those threads had a verdict already.'
            : `Accepted ${tally(r.byStatus)}; the others had a verdict already.`,
        );
      void this.loadStats();
    } catch (e) {
      answer = Promise.resolve([]);
      dropUndo(entry);
      notices.notify(`The suggestions could not be accepted: ${errorMessage(e)}`, 'error');
    } finally {
      threadList.mutations--;
      threadList.refreshSoon(SETTLE_MS);
    }
  }

  async loadStats(): Promise<void> {
    const accountId = accounts.id;
    if (!accountId) return;
    try {
      this.stats = await call('threads.suggestionStats', { accountId });
    } catch {
      this.stats = null;
    }
  }
}

export const suggestions = new SuggestionsStore();

/** What one account accepted (All inboxes sends each account its own threads). */
interface Accepted {
  accountId: string;
  result: AcceptResult;
}

function merged(all: Accepted[]): AcceptResult {
  const byStatus: Record<string, number> = {};
  for (const { result } of all)
    for (const [k, n] of Object.entries(result.byStatus)) byStatus[k] = (byStatus[k] ?? 0) + n;
  return {
    previous: all.flatMap((a) => a.result.previous),
    dncOutboxIds: all.flatMap((a) => a.result.dncOutboxIds),
    byStatus,
  };
}
