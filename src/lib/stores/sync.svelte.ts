// The chosen account's sync state: online, last sync, progress, what waits to be sent.
import type { SyncState } from '../../../electron/shared/contract';
import { call, errorMessage } from '../api';
import { forAccount } from './accountCall';
import { accounts } from './accounts.svelte';
import { notices } from './notices.svelte';

class SyncStore {
  state = $state<SyncState | null>(null);

  async load(): Promise<void> {
    const c = await forAccount((accountId) => call('sync.state', { accountId }));
    if (c) this.state = c;
  }

  async now(): Promise<void> {
    const accountId = accounts.id;
    if (!accountId) return;
    try {
      await call('sync.now', { accountId });
    } catch (e) {
      notices.notify(`Sync failed: ${errorMessage(e)}`, 'error');
    }
  }
}

export const sync = new SyncStore();
