// The chosen account's sync state: online, last sync, progress, what waits to be sent.
import type { SyncState } from '../../../electron/shared/contract';
import { call, errorMessage } from '../api';
import { forAccount } from './accountCall';
import { accounts } from './accounts.svelte';
import { notices } from './notices.svelte';
import { waiting } from './waiting.svelte';
import { workspaceName } from './workspaces';

class SyncStore {
  state = $state<SyncState | null>(null);

  /** Changes on their way: the shown account's, or in All inboxes every account's. */
  get pending(): number {
    return accounts.unified ? waiting.pending : (this.state?.pendingChanges ?? 0);
  }

  async load(): Promise<void> {
    const c = await forAccount((accountId) => call('sync.state', { accountId }));
    if (c) this.state = c;
  }

  /** Syncs the account shown now; in All inboxes, every account (each says its own failure). */
  async now(): Promise<void> {
    if (!accounts.id) return;
    const ids = accounts.unified ? accounts.all.map((a) => a.id) : [accounts.id];
    await Promise.all(
      ids.map((accountId) =>
        call('sync.now', { accountId }).catch((e: unknown) => {
          const where = accounts.unified ? ` (${workspaceName(accountId)})` : '';
          notices.notify(`Sync failed${where}: ${errorMessage(e)}`, 'error');
        }),
      ),
    );
  }
}

export const sync = new SyncStore();
