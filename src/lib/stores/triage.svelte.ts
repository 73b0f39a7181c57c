// Verdicts on threads (status, snooze, do-not-contact) and undoing them: the list changes in the
// frame of the key, the call follows once that frame is painted.
import type { ThreadRow, TriageResult } from '../../../electron/contract-types';
import { nextFrame } from '../afterFrame';
import { call, errorMessage } from '../api';
import { statusLabel } from '../format';
import { idSet } from '../ids';
import { accounts } from './accounts.svelte';
import { nav } from './nav.svelte';
import { notices } from './notices.svelte';
import { pane } from './pane.svelte';
import { SETTLE_MS, threadList } from './threadList.svelte';

class TriageStore {
  /** The `previous` of each verdict, newest last, for `z`. */
  private undoStack: TriageResult['previous'][] = [];

  clearUndo(): void {
    this.undoStack = [];
  }

  /** Threads a verdict applies to: the selection, or the thread under the cursor. */
  private targets(): ThreadRow[] {
    const list = threadList.rows;
    if (threadList.selected.size > 0) {
      const rows: ThreadRow[] = [];
      for (let i = 0; i < list.total; i++) {
        const r = list.at(i);
        if (r && threadList.selected.has(r.id)) rows.push(r);
      }
      return rows;
    }
    // The pane may still show a thread the last verdict moved on from: the cursor is what counts then.
    const paneId = pane.settledId;
    const row = paneId ? (list.at(list.indexOf(paneId)) ?? threadList.cursorRow) : threadList.cursorRow;
    return row ? [row] : [];
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

  async verdict(status: string): Promise<void> {
    const accountId = accounts.id;
    const targets = this.targets().filter((r) => r.status !== status);
    if (!accountId || targets.length === 0) return;
    const list = threadList.rows;
    const ids = idSet(targets.map((r) => r.id));
    const indexes = targets.map((r) => list.indexOf(r.id)).filter((i) => i >= 0);
    const stays = this.staysInView(status);

    // This frame: the list, the counts and the cursor change before the call is made. The reading
    // pane (the next thread, its message frames) follows once that frame is painted.
    if (stays) list.patchLocal(ids, { status, pending: true });
    else list.removeLocal(ids);
    this.adjustCounts(targets, status);
    threadList.selected.clear();
    const first = indexes.length ? Math.min(...indexes) : threadList.cursor;
    const last = indexes.length ? Math.max(...indexes) : threadList.cursor;
    threadList.cursor = stays ? last + 1 : first;
    threadList.clampCursor();
    const next = list.at(threadList.cursor);
    pane.openAfterFrame(next && !ids.has(next.id) ? next.id : null);

    threadList.markOwn(ids);
    threadList.mutations++;
    try {
      // The call (and the core's work for it, on the same few CPU cores) waits for the frame
      // that shows the change.
      await nextFrame();
      const result =
        ids.size === 1
          ? await call('threads.setStatus', { accountId, threadId: targets[0]!.id, status })
          : await call('threads.setStatusMany', { accountId, threadIds: [...ids], status });
      this.undoStack.push(result.previous);
      const who = targets.length === 1 ? targets[0]!.prospectName : `${targets.length} threads`;
      notices.notify(`${who}: ${statusLabel(status)}. Press z to undo.`);
    } catch (e) {
      notices.notify(`The status could not be set: ${errorMessage(e)}`, 'error');
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

  async undo(): Promise<void> {
    const accountId = accounts.id;
    const previous = this.undoStack.pop();
    if (!accountId || !previous) {
      notices.notify('Nothing to undo.');
      return;
    }
    threadList.mutations++;
    try {
      await call('threads.restoreStatuses', { accountId, previous });
    } catch (e) {
      this.undoStack.push(previous);
      notices.notify(`Undo failed: ${errorMessage(e)}`, 'error');
      return;
    } finally {
      threadList.mutations--;
    }
    await threadList.refreshNow();
    const back = previous[0]!.threadId;
    const i = threadList.rows.indexOf(back);
    if (i >= 0) {
      threadList.cursor = i;
      void pane.openThread(back);
    }
    notices.notify(previous.length === 1 ? 'Undone.' : `Undone for ${previous.length} threads.`);
  }

  async snooze(until: Date | null): Promise<void> {
    const accountId = accounts.id;
    const targets = this.targets();
    nav.overlay = null;
    if (!accountId || targets.length === 0) return;
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
    threadList.markOwn(ids);
    threadList.mutations++;
    try {
      await nextFrame();
      await call('threads.snooze', {
        accountId,
        threadIds: [...ids],
        until: until ? until.toISOString() : null,
      });
      const when = until
        ? until.toLocaleString(undefined, { weekday: 'short', hour: '2-digit', minute: '2-digit' })
        : null;
      notices.notify(when ? `Snoozed until ${when}.` : 'Back in the Inbox.');
    } catch (e) {
      notices.notify(`Snooze failed: ${errorMessage(e)}`, 'error');
    } finally {
      threadList.mutations--;
      threadList.refreshSoon(SETTLE_MS);
    }
  }

  async addDnc(entry: string): Promise<boolean> {
    const accountId = accounts.id;
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
