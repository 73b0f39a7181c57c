// New replies announced: a desktop notification (grouped: one for a batch, replacing the last),
// when the setting allows; a click brings
// the window forward on the thread. The unread count goes into the window title (and from there,
// in Electron, to the dock/taskbar badge).
import type { ThreadRow } from '../../../electron/shared/contract';
import { replyNotice } from '../replyNotice';
import { notices } from './notices.svelte';
import { nav } from './nav.svelte';
import { pane } from './pane.svelte';
import { settings } from './settings.svelte';
import { threadList } from './threadList.svelte';
import { accounts } from './accounts.svelte';
import { workspaceName } from './workspaces';

const TAG = 'outreach-triage-new-replies';

function notificationsAvailable(): boolean {
  return typeof Notification !== 'undefined';
}

/** Asks for permission once the person wants notifications (asking is ignored when decided). */
export async function askNotificationPermission(): Promise<NotificationPermission | 'unsupported'> {
  if (!notificationsAvailable()) return 'unsupported';
  if (Notification.permission !== 'default') return Notification.permission;
  try {
    return await Notification.requestPermission();
  } catch {
    return Notification.permission;
  }
}

export function notificationPermission(): NotificationPermission | 'unsupported' {
  return notificationsAvailable() ? Notification.permission : 'unsupported';
}

export async function announceReplies(count: number, threadIds: string[], accountId?: string): Promise<void> {
  // Replies of any account are said; the workspace is named unless it is the one shown alone.
  const elsewhere = accountId !== undefined && accountId !== accounts.id && !accounts.unified;
  const where = accountId && (accounts.unified || elsewhere) ? ` in ${workspaceName(accountId)}` : '';
  notices.notify(`${count === 1 ? 'A new reply' : `${count} new replies`} arrived${where}`);
  if (!settings.current.notifyNewReplies || !notificationsAvailable()) return;
  if (Notification.permission !== 'granted') return;
  // The rows (names) as they are after this sync.
  await threadList.refreshNow().catch(() => {});
  const rows: ThreadRow[] = [];
  for (const id of threadIds) {
    const row = threadList.rows.at(threadList.rows.indexOf(id));
    if (row) rows.push(row);
  }
  const { title, body } = replyNotice(count, rows);
  const n = new Notification(title, { body, tag: TAG });
  const first = threadIds[0];
  n.onclick = () => {
    window.focus();
    n.close();
    if (!first) return;
    nav.page = 'threads';
    // Another account's reply: that account is shown first, then its thread.
    const shown = elsewhere && accountId ? accounts.choose(accountId) : Promise.resolve();
    void shown.then(() => pane.openThread(first));
  };
}
