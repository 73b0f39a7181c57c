// Verdicts on threads (status, snooze, do-not-contact) and undoing them: the list changes in the
// frame of the key, the call follows once that frame is painted.
import type { ThreadRow, TriageResult } from '../../../electron/shared/contract';
import { afterNextFrame, nextFrame } from '../afterFrame';
import { call, errorMessage } from '../api';
import { statusLabel } from '../format';
import { timeOfDay } from '../snooze';
import { idSet } from '../ids';
import { accounts } from './accounts.svelte';
import { nav } from './nav.svelte';
import { notices } from './notices.svelte';
import { pane } from './pane.svelte';
import { SETTLE_MS, threadList } from './threadList.svelte';
import { byAccount, localId as localIdIn, refOf } from './threadRef';
import { clearUndo, didAction, dropUndo, undoLast } from './undo';
import { workspaceName } from './workspaces';

class TriageStore {
  clearUndo(): void {
    clearUndo();
  }

  /** Threads a verdict applies to: every selected id (also rows a refresh has unloaded since),
   *  with the rows that are loaded; or the thread under the cursor. */
  private targets(only?: readonly string[]): { ids: string[]; rows: ThreadRow[] } {
    const list = threadList.rows;
    if (only || threadList.selected.size > 0) {
      const ids = only ? [...only] : [...threadList.selected];
      const rows = ids.map((id) => list.at(list.indexOf(id))).filter((r): r is ThreadRow => !!r);
      return { ids, rows };
    }
    // The pane may still show a thread the last verdict moved on from: the cursor is what counts then.
    const paneId = pane.settledId;
    const row = paneId ? (list.at(list.indexOf(paneId)) ?? threadList.cursorRow) : threadList.cursorRow;
    return row ? { ids: [row.id], rows: [row] } : { ids: [], rows: [] };
  }

  /** The one thread a verdict key acts on now (no selection), or null. */
  single(): ThreadRow | null {
    if (threadList.selected.size > 0) return null;
    return this.targets().rows[0] ?? null;
  }

  /** Puts statuses back (undo of a verdict), the first thread under the cursor again. */
  async restore(previous: TriageResult['previous']): Promise<void> {
    if (previous.length === 0) return;
    const before = new Map(previous.map((p) => [p.threadId, p]));
    threadList.mutations++;
    try {
      await Promise.all(
        [...byAccount(previous.map((p) => p.threadId))].map(([accountId, threadIds]) =>
          call('threads.restoreStatuses', {
            accountId,
            // Each thread's status and the verdict it carried before, put back as they were.
            previous: threadIds.map((threadId) => ({
              ...before.get(localIdIn(accountId, threadId))!,
              threadId,
            })),
          }),
        ),
      );
    } finally {
      threadList.mutations--;
    }
    await threadList.refreshNow();
    // Back under the cursor when the rep is on the list; elsewhere (campaigns, the outbox) the
    // view stays where the rep is.
    if (nav.page !== 'threads') return;
    const back = previous[0]!.threadId;
    const i = threadList.rows.indexOf(back);
    if (i >= 0) {
      threadList.cursor = i;
      void pane.openThread(back);
    }
  }

  /** Whether a thread with this status still belongs in the list being shown. */
  private staysInView(status: string): boolean {
    switch (threadList.filter.view) {
      case 'inbox':
        return status === 'open';
      case 'status':
        return status === threadList.filter.status;
      default:
        return true;
    }
  }

  /** Sets the status of the selection or the cursor thread (or of the threads named in `ids`:
   *  the one a reply went to); answers the statuses before (for an undo that a caller keeps itself,
   *  with `undoable: false`). */
  async verdict(
    status: string,
    opts: { undoable?: boolean; ids?: readonly string[] } = {},
  ): Promise<TriageResult['previous']> {
    const all = this.targets(opts.ids);
    const targets = all.rows.filter((r) => r.status !== status);
    const loaded = new Set(all.rows.map((r) => r.id));
    // Selected threads no longer loaded go too: the core skips those already in this status.
    const callIds = [...targets.map((r) => r.id), ...all.ids.filter((id) => !loaded.has(id))];
    if (!accounts.id || callIds.length === 0) return [];
    const list = threadList.rows;
    const ids = idSet(targets.map((r) => r.id));
    const indexes = targets.map((r) => list.indexOf(r.id)).filter((i) => i >= 0);
    const stays = this.staysInView(status);

    // This frame: the list and the cursor change before the call is made. The counts and the
    // reading pane (the next thread, its message frames) follow once that frame is painted.
    // The open thread may sit away from the cursor (the rep's reply moved it): the rep's place
    // is the cursor then, and the next thread is the one after it.
    const here = threadList.cursor;
    const away =
      (opts.ids !== undefined || threadList.selected.size === 0) &&
      threadList.placeOf !== null &&
      ids.has(threadList.placeOf);
    if (stays) list.patchLocal(ids, { status, pending: true });
    else list.removeLocal(ids);
    afterNextFrame(() => this.adjustCounts(targets, status));
    // A verdict on the selection uses it up; one on the thread replied to leaves it as it was.
    if (!opts.ids) threadList.selected.clear();
    const first = indexes.length ? Math.min(...indexes) : here;
    const last = indexes.length ? Math.max(...indexes) : here;
    if (away) threadList.cursor = here + 1 - (stays ? 0 : indexes.filter((i) => i <= here).length);
    else threadList.cursor = stays ? last + 1 : first;
    threadList.clampCursor();
    const next = list.at(threadList.cursor);
    pane.openAfterFrame(next && !ids.has(next.id) ? next.id : null);

    // On the undo stack in this same frame, before the core answers: z undoes it whatever comes.
    const who = callIds.length === 1 ? (targets[0]?.prospectName ?? '1 thread') : `${callIds.length} threads`;
    const label = `${statusLabel(status)} for ${who}`;
    let answer: Promise<TriageResult['previous']>;
    const entry =
      opts.undoable === false
        ? null
        : didAction(
            { label, undo: async () => this.restore(await answer) },
            `${who}: ${statusLabel(status)}.`,
            callIds,
          );

    threadList.markOwn(callIds);
    threadList.mutations++;
    answer = (async () => {
      // The call (and the core's work for it, on the same few CPU cores) waits for the frame
      // that shows the change.
      await nextFrame();
      // Each thread's account gets its own call (All inboxes mixes them); the statuses before
      // come back under the window's ids. Each account's part stands or fails on its own.
      const parts = [...byAccount(callIds)];
      const settled = await Promise.allSettled(
        parts.map(async ([accountId, threadIds]) => {
          const result =
            threadIds.length === 1
              ? await call('threads.setStatus', { accountId, threadId: threadIds[0]!, status })
              : await call('threads.setStatusMany', { accountId, threadIds, status });
          return result.previous.map((p) => ({ ...p, threadId: localIdIn(accountId, p.threadId) }));
        }),
      );
      const done: TriageResult['previous'] = [];
      let failed = false;
      settled.forEach((r, i) => {
        if (r.status === 'fulfilled') return void done.push(...r.value);
        failed = true;
        const [accountId, threadIds] = parts[i]!;
        const where = parts.length > 1 ? `In ${workspaceName(accountId)}, ` : '';
        const what = threadIds.length === 1 ? 'the status' : `the status of ${threadIds.length} threads`;
        const text = `${where}${what} could not be set: ${errorMessage(r.reason)}`;
        notices.notify(text.charAt(0).toUpperCase() + text.slice(1), 'error');
      });
      // Undo takes back what went through, and says so; with nothing through, there is no undo.
      if (entry && failed && done.length === 0) dropUndo(entry);
      else if (entry && failed)
        entry.label = `${statusLabel(status)} for ${done.length === 1 ? '1 thread' : `${done.length} threads`}`;
      return done;
    })();
    try {
      return await answer;
    } catch (e) {
      answer = Promise.resolve([]);
      if (entry) dropUndo(entry);
      notices.notify(`The status could not be set: ${errorMessage(e)}`, 'error');
      return [];
    } finally {
      threadList.mutations--;
      threadList.refreshSoon(SETTLE_MS);
    }
  }

  private adjustCounts(targets: ThreadRow[], status: string): void {
    const c = threadList.counts;
    if (!c) return;
    const byStatus = { ...c.byStatus };
    let inbox = c.inbox;
    for (const t of targets) {
      byStatus[t.status] = Math.max(0, (byStatus[t.status] ?? 0) - 1);
      byStatus[status] = (byStatus[status] ?? 0) + 1;
      const snoozed = t.snoozedUntil !== null && Date.parse(t.snoozedUntil) > Date.now();
      if (!snoozed && t.status === 'open') inbox--;
      if (!snoozed && status === 'open') inbox++;
    }
    threadList.counts = { ...c, byStatus, inbox: Math.max(0, inbox) };
  }

  undo(): Promise<void> {
    return undoLast();
  }

  async snooze(until: Date | null): Promise<void> {
    const { ids: allIds, rows: targets } = this.targets();
    nav.overlay = null;
    if (!accounts.id || allIds.length === 0) return;
    const list = threadList.rows;
    const ids = idSet(targets.map((r) => r.id));
    const view = threadList.filter.view;
    const leaves = view === 'inbox' || (view === 'snoozed' && until === null);
    const first = Math.min(
      ...targets.map((r) => list.indexOf(r.id)).filter((i) => i >= 0),
      threadList.cursor,
    );
    if (leaves) list.removeLocal(ids);
    else list.patchLocal(ids, { snoozedUntil: until ? until.toISOString() : null });
    threadList.selected.clear();
    if (leaves) {
      threadList.cursor = first;
      threadList.clampCursor();
      const next = list.at(threadList.cursor);
      if (pane.openId) pane.openAfterFrame(next?.id ?? null);
    }
    // What each thread was snoozed until before, for undo (unloaded rows: not snoozed).
    const before: Record<string, string[]> = {};
    for (const id of allIds) {
      const was = targets.find((r) => r.id === id)?.snoozedUntil ?? '';
      (before[was] ??= []).push(id);
    }
    const who = allIds.length === 1 ? (targets[0]?.prospectName ?? '1 thread') : `${allIds.length} threads`;
    const whenText = until
      ? `${until.toLocaleDateString(undefined, { weekday: 'short' })} ${timeOfDay(until)}`
      : null;
    threadList.markOwn(allIds);
    threadList.mutations++;
    const sent = (async () => {
      await nextFrame();
      await Promise.all(
        [...byAccount(allIds)].map(([accountId, threadIds]) =>
          call('threads.snooze', { accountId, threadIds, until: until ? until.toISOString() : null }),
        ),
      );
    })();
    didAction(
      {
        label: until ? `Snooze of ${who}` : `Unsnooze of ${who}`,
        undo: async () => {
          await sent.catch(() => undefined);
          threadList.mutations++;
          try {
            for (const [was, ids] of Object.entries(before))
              for (const [accountId, threadIds] of byAccount(ids))
                await call('threads.snooze', { accountId, threadIds, until: was || null });
          } finally {
            threadList.mutations--;
          }
          await threadList.refreshNow();
        },
      },
      whenText ? `Snoozed until ${whenText}: ${who}.` : `Back in the Inbox: ${who}.`,
      allIds,
    );
    try {
      await sent;
    } catch (e) {
      notices.notify(`Snooze failed: ${errorMessage(e)}`, 'error');
    } finally {
      threadList.mutations--;
      threadList.refreshSoon(SETTLE_MS);
    }
  }

  async addDnc(entry: string): Promise<boolean> {
    // The open thread's account: the prospect is on that workspace's list.
    const openId = pane.openId;
    const accountId = (openId ? refOf(openId)?.accountId : null) ?? accounts.id;
    if (!accountId) return false;
    try {
      await call('dnc.add', { accountId, entries: [entry] });
      notices.notify(`${entry} is on the do-not-contact list.`);
      return true;
    } catch (e) {
      notices.notify(`Could not add ${entry}: ${errorMessage(e)}`, 'error');
      return false;
    }
  }
}

export const triage = new TriageStore();
