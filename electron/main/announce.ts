// New replies in the shell: a system notification (one per sync, however many replies; the
// window's own Notification API is refused by the permission policy) whose click brings the
// window forward on the thread, and the unread count of the window title as the dock/taskbar badge.
import { app, Notification, type BrowserWindow } from 'electron';
import type { Events } from '../shared/contract';

/** "(12) Outreach Triage" → 12; a title without a count → 0. */
export function unreadInTitle(title: string): number {
  const m = /^\((\d[\d,]*)\)/.exec(title);
  return m ? Number(m[1]!.replace(/,/g, '')) : 0;
}

export function badgeFromTitle(win: BrowserWindow): void {
  win.on('page-title-updated', (_e, title) => app.setBadgeCount(unreadInTitle(title)));
}

export function notifyReplies(
  win: () => BrowserWindow | null,
  reply: Events['replies.new'],
  enabled: boolean,
): void {
  if (!enabled || reply.count === 0 || !Notification.isSupported()) return;
  const n = new Notification({
    title: reply.count === 1 ? 'New reply' : `${reply.count} new replies`,
    body: 'Open Outreach Triage to read it.',
  });
  // Since Electron 42 macOS shows notifications through UNNotification, which refuses an app that
  // is not code-signed: Electron then emits 'failed' (macOS, Windows) instead of showing it. A
  // notice that could not be shown is said in the log; the window still shows the new replies.
  n.on('failed', (_e, error) => {
    console.warn(`Outreach Triage: the new-reply notification could not be shown: ${error}`);
  });
  n.on('click', () => {
    const w = win();
    if (!w || w.isDestroyed()) return;
    if (w.isMinimized()) w.restore();
    w.focus();
    const threadId = reply.threadIds[0];
    if (threadId)
      w.webContents.send('triage:event', 'notification.open', { accountId: reply.accountId, threadId });
  });
  n.show();
}
