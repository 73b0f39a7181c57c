// The chosen account's outbox: changes waiting to be sent, failed, or uncertain, and what the
// person decides about them.
import type { OutboxEntry } from '../../../electron/shared/contract';
import { call, errorMessage } from '../api';
import { forAccount } from './accountCall';
import { accounts } from './accounts.svelte';
import { notices } from './notices.svelte';
import { pane } from './pane.svelte';

class OutboxStore {
  entries = $state<OutboxEntry[]>([]);

  async load(): Promise<void> {
    const c = await forAccount((accountId) => call('outbox.list', { accountId }));
    if (c) this.entries = c;
  }

  async resolveUncertain(entryId: number, resolution: 'send_again' | 'mark_sent' | 'discard'): Promise<void> {
    const accountId = accounts.id;
    if (!accountId) return;
    try {
      await call('outbox.resolveUncertain', { accountId, entryId, resolution });
      await Promise.all([this.load(), pane.reloadDetail()]);
    } catch (e) {
      notices.notify(errorMessage(e), 'error');
    }
  }

  async act(entryId: number, action: 'retry' | 'discard'): Promise<void> {
    const accountId = accounts.id;
    if (!accountId) return;
    try {
      await call(action === 'retry' ? 'outbox.retry' : 'outbox.discard', { accountId, entryId });
      await this.load();
    } catch (e) {
      notices.notify(errorMessage(e), 'error');
    }
  }
}

export const outbox = new OutboxStore();
