// The reading pane: which thread is open, its detail, and opening/closing it (a frame after a key,
// so the list paints first).
import type { ThreadDetail } from '../../../electron/shared/contract';
import { frameSlot } from '../afterFrame';
import { call, errorMessage } from '../api';
import { prepareBodies, prepareFoldedWhenIdle } from '../bodyPrep';
import { idSet } from '../ids';
import { hub } from './hub';
import { notices } from './notices.svelte';
import { readAheadFrom, takeReadAhead } from './readAhead';
import { reading } from './reading.svelte';
import { threadList } from './threadList.svelte';
import { localId, refOf } from './threadRef';

class PaneStore {
  openId = $state<string | null>(null);
  detail = $state<ThreadDetail | null>(null);
  detailLoading = $state(false);

  /** The reading pane follows the cursor a frame after a key, so the list paints first. */
  private slot = frameSlot();
  /** What the pane is about to show (an id, or null to close) while that is scheduled. */
  private next: { id: string | null } | null = null;
  private detailToken = 0;

  /** The detail of the open thread, not the one still on screen while the next loads. */
  get openDetail(): ThreadDetail | null {
    return this.detail && this.detail.thread.id === this.openId ? this.detail : null;
  }

  /** The thread the pane shows or is about to show (null: closed or about to close). */
  get targetId(): string | null {
    return this.next ? this.next.id : this.openId;
  }

  /** Whether a thread is open, or about to be: moving the cursor then opens the next. */
  isOpenOrOpening(): boolean {
    return this.targetId !== null;
  }

  /** The open thread, unless the pane is about to change (a verdict moved on from it). */
  get settledId(): string | null {
    return this.next ? null : this.openId;
  }

  /** Opens a thread (or closes the pane, for null) once the frame in progress is painted. */
  openAfterFrame(id: string | null): void {
    this.next = { id };
    this.slot.schedule(() => {
      this.next = null;
      if (id) void this.openNow(id);
      else this.closeNow();
    });
  }

  private cancelChange(): void {
    this.slot.cancel();
    this.next = null;
  }

  async openThread(id: string): Promise<void> {
    this.cancelChange();
    return this.openNow(id);
  }

  private async openNow(id: string): Promise<void> {
    if (this.openId !== id) void hub.emit('thread.leaving', { to: id });
    this.openId = id;
    threadList.showing(id);
    const i = threadList.rows.indexOf(id);
    if (i >= 0) threadList.cursor = i;
    await this.reloadDetail(true);
    const d = this.detail;
    if (d && d.thread.id === id) {
      void hub.emit('thread.entered', { detail: d });
      const ref = refOf(id);
      if (d.thread.unread && ref) {
        threadList.rows.patchLocal(idSet([id]), { unread: false });
        void call('threads.markRead', {
          accountId: ref.accountId,
          threadIds: [ref.threadId],
          read: true,
        }).catch(() => {});
      }
    }
  }

  openCursor(): void {
    const row = threadList.cursorRow;
    if (row) void this.openThread(row.id);
  }

  async reloadDetail(showLoading = false): Promise<void> {
    const id = this.openId;
    const ref = id ? refOf(id) : null;
    if (!id || !ref) return;
    const token = ++this.detailToken;
    // A thread read ahead shows at once; the core's fresh answer follows it, and is drawn only
    // when it differs (drawing the same thread twice is a second whole pane's work after a key).
    const early = showLoading ? takeReadAhead(id) : null;
    if (early) await this.show(id, ref.accountId, early, token);
    else if (showLoading && this.detail?.thread.id !== id) this.detailLoading = true;
    try {
      const d = await call('threads.get', ref);
      if (token !== this.detailToken) return;
      if (early && this.detail?.thread.id === id && JSON.stringify(d) === JSON.stringify(early)) return;
      await this.show(id, ref.accountId, d, token);
    } catch (e) {
      if (token === this.detailToken) notices.notify(errorMessage(e), 'error');
    } finally {
      if (token === this.detailToken) this.detailLoading = false;
    }
  }

  /** Shows a thread's detail as the core answered it, unless another was asked for meanwhile. */
  private async show(id: string, accountId: string, d: ThreadDetail | null, token: number): Promise<void> {
    // The bodies about to be shown are sanitized first, one per task, so the task that draws the
    // thread does not also sanitize it; a key pressed meanwhile cancels the rest.
    const wanted = () => token === this.detailToken;
    if (d && !(await prepareBodies(d.messages, reading.willExpand(id, d.messages), wanted))) return;
    if (!wanted()) return;
    // The window's id (in All inboxes it names the account): the pane, the composer and the
    // list all speak of the thread by it.
    this.detail = d && {
      ...d,
      thread: { ...d.thread, id, accountId },
      otherThreads: d.otherThreads.map((t) => ({ ...t, id: localId(accountId, t.id) })),
    };
    if (!d) return;
    const opening = reading.willExpand(id, d.messages);
    const folded = d.messages.filter((m) => !opening.includes(m.id) && !reading.expanded.has(m.id));
    const stillShown = () => wanted() && this.openId === id;
    prepareFoldedWhenIdle(folded, stillShown);
    readAheadFrom(id, stillShown);
  }

  closeThread(): void {
    this.cancelChange();
    this.closeNow();
  }

  private closeNow(): void {
    void hub.emit('pane.closed', {});
    this.openId = null;
    threadList.showing(null);
    this.detail = null;
  }

  /** A message of ours shown in the open thread before the core answers with it. */
  appendLocal(threadId: string, message: ThreadDetail['messages'][number]): void {
    if (this.detail?.thread.id !== threadId) return;
    this.detail = { ...this.detail, messages: [...this.detail.messages, message], draft: null };
  }
}

export const pane = new PaneStore();

// The list starts over: the pane closes (and opens again on the thread the rep had open, when a
// search ends). The cursor moved by key: an open pane follows it.
hub.on('list.reset', () => pane.closeThread());
hub.on('list.returned', ({ openId }) => void pane.openThread(openId));
hub.on('cursor.moved', ({ threadId }) => {
  if (pane.isOpenOrOpening()) pane.openAfterFrame(threadId);
});
