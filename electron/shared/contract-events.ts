// The events the core and the shell send to the window (main → renderer): plain types, re-exported
// by contract.ts. Events carry no input to validate, so they need no schema.
import type { SyncState } from './contract-records';
import type { MenuCommand } from './contract-values';
import type { UpdateStatus } from './contract-updates';

/** `unread`: only whether the named threads are read changed (their rows and the unread count). */
export type DataScope =
  'threads' | 'unread' | 'campaigns' | 'leads' | 'emailAccounts' | 'outbox' | 'accounts' | 'settings';

export interface Events {
  'sync.state': SyncState;
  /** Something the renderer shows has changed (one event per change); re-ask for the scopes named.
   *  With the outbox scope it carries what waits now, for the status bar. */
  'data.changed': {
    accountId: string | null;
    scopes: DataScope[];
    threadIds?: string[];
    outbox?: { pending: number; failed: number; uncertain: number };
    /** Changes the service just refused: what each was and the service's reason, in words. */
    refused?: { entryId: number; summary: string; error: string }[];
  };
  connectivity: { accountId: string; online: boolean };
  /** New inbound replies found by a sync. */
  'replies.new': { accountId: string; count: number; threadIds: string[] };
  /** The person chose an item of the application menu (Electron only); `command` is a keymap command id. */
  'menu.command': { command: MenuCommand };
  /** The person clicked the shell's new-reply notification (Electron only): show this thread. */
  'notification.open': { accountId: string; threadId: string };
  /** The desktop app's updater moved (found, downloading, ready to restart, failed). */
  'updates.changed': UpdateStatus;
}
export type EventName = keyof Events;
