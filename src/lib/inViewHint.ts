// Tells the core which rows the list shows, so a running sync fetches their messages next. Sent
// once scrolling settles, only while a sync runs (between syncs there is nothing to hurry), and
// only when the rows differ from the last ones sent.
import { IN_VIEW_MAX } from '../../electron/shared/contract-values';

/** How long the list must stay still before its rows are sent. */
export const IN_VIEW_SETTLE_MS = 200;

export type SendInView = (accountId: string, threadIds: string[]) => Promise<unknown>;

export class InViewHint {
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** What the core last heard, as `account ids…`; empty once a sync ends, so the next one hears again. */
  private sent = '';

  constructor(
    private send: SendInView,
    private settleMs = IN_VIEW_SETTLE_MS,
  ) {}

  /** The rows in view now (top to bottom), and whether the account's sync is running. */
  update(accountId: string | null, threadIds: readonly string[], syncing: boolean): void {
    this.cancel();
    if (!accountId || !syncing) {
      this.sent = '';
      return;
    }
    const ids = threadIds.slice(0, IN_VIEW_MAX);
    this.timer = setTimeout(() => {
      this.timer = null;
      const key = `${accountId} ${ids.join(',')}`;
      if (key === this.sent) return;
      this.sent = key;
      // Only a hint: a failure costs nothing but order, and the next change sends again.
      this.send(accountId, ids).catch(() => {
        if (this.sent === key) this.sent = '';
      });
    }, this.settleMs);
  }

  cancel(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
