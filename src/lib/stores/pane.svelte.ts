// The reading pane: which thread is open, its detail, and opening/closing it (a frame after a key,
// so the list paints first).
import type { ThreadDetail } from '../../../electron/shared/contract';
import { frameSlot } from '../afterFrame';
import { call, errorMessage } from '../api';
import { idSet } from '../ids';
import { accounts } from './accounts.svelte';
import { composer } from './composer.svelte';
import { notices } from './notices.svelte';
import { threadList } from './threadList.svelte';

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
    if (this.openId !== id) composer.leaveThread();
    this.openId = id;
    const i = threadList.rows.indexOf(id);
    if (i >= 0) threadList.cursor = i;
    await this.reloadDetail(true);
    const d = this.detail;
    if (d && d.thread.id === id) {
      composer.enterThread(d);
      if (d.thread.unread && accounts.id) {
        threadList.rows.patchLocal(idSet([id]), { unread: false });
        void call('threads.markRead', { accountId: accounts.id, threadIds: [id], read: true }).catch(
          () => {},
        );
      }
      if (this.openId === id) composer.replyIfWanted(id);
    }
  }

  openCursor(): void {
    const row = threadList.cursorRow;
    if (row) void this.openThread(row.id);
  }

  async reloadDetail(showLoading = false): Promise<void> {
    const id = this.openId;
    const accountId = accounts.id;
    if (!id || !accountId) return;
    const token = ++this.detailToken;
    if (showLoading && this.detail?.thread.id !== id) this.detailLoading = true;
    try {
      const d = await call('threads.get', { accountId, threadId: id });
      if (token !== this.detailToken) return;
      this.detail = d;
    } catch (e) {
      if (token === this.detailToken) notices.notify(errorMessage(e), 'error');
    } finally {
      if (token === this.detailToken) this.detailLoading = false;
    }
  }

  closeThread(): void {
    this.cancelChange();
    this.closeNow();
  }

  private closeNow(): void {
    composer.paneClosed();
    this.openId = null;
    this.detail = null;
  }
}

export const pane = new PaneStore();
