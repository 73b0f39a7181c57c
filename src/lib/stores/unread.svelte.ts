// Unread threads over every account: the window title (and from it, in Electron, the dock or
// taskbar badge) counts them all, whichever account or view is shown.
import { call } from '../api';

/** However many changes come at once, the count is asked for once in this while. */
const SETTLE_MS = 500;

class UnreadStore {
  count = $state(0);
  private timer: ReturnType<typeof setTimeout> | null = null;

  refreshSoon(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      call('unified.counts', {})
        .then((c) => (this.count = c.unread))
        .catch(() => undefined);
    }, SETTLE_MS);
  }
}

export const unread = new UnreadStore();
