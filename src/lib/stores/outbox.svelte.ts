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

  /** The service refused changes: said where the rep is, with the service's reason and Retry. */
  sayRefused(refused: { entryId: number; summary: string; error: string }[]): void {
    const first = refused[0];
    if (!first) return;
    if (refused.length === 1) {
      notices.notify(`Not done: ${first.summary}. ${first.error} It waits in the Outbox.`, 'error', {
        action: { label: 'Retry', run: () => void this.act(first.entryId, 'retry') },
        ms: 12_000,
      });
      return;
    }
    notices.notify(
      `${refused.length} changes were refused by the service, among them ${first.summary}: ${first.error} They wait in the Outbox.`,
      'error',
      {
        action: {
          label: 'Retry all',
          run: () => void Promise.all(refused.map((r) => this.act(r.entryId, 'retry'))),
        },
        ms: 12_000,
      },
    );
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
