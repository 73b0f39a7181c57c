// What waits in the outbox of every account the app holds, not only the one shown: a change that
// failed in one account is still counted, and named, after switching to another.
import type { SyncState } from '../../../electron/shared/contract';
import { call } from '../api';
import { accounts } from './accounts.svelte';
import { workspaceName } from './workspaces';

export interface Waiting {
  pending: number;
  failed: number;
  uncertain: number;
}

/** An account with changes that need the rep (failed or uncertain). */
export interface AccountTrouble extends Waiting {
  accountId: string;
  label: string;
}

class WaitingStore {
  private byAccount = $state<Record<string, Waiting>>({});
  /** Accounts whose service did not answer last (All inboxes says which). */
  private away = $state<Record<string, boolean>>({});

  setOnline(accountId: string, online: boolean): void {
    if (!this.away[accountId] === online) return;
    this.away = { ...this.away, [accountId]: !online };
  }

  /** The workspaces whose service is unreachable now, by name. */
  get offline(): string[] {
    return accounts.all.filter((a) => this.away[a.id]).map((a) => workspaceName(a.id));
  }

  set(accountId: string, w: Waiting): void {
    const was = this.byAccount[accountId];
    if (was && was.pending === w.pending && was.failed === w.failed && was.uncertain === w.uncertain) return;
    this.byAccount = { ...this.byAccount, [accountId]: { ...w } };
  }

  fromState(s: SyncState): void {
    this.setOnline(s.accountId, s.online);
    this.set(s.accountId, {
      pending: s.pendingChanges,
      failed: s.failedChanges,
      uncertain: s.uncertainChanges,
    });
  }

  /** Asks every account for its counts (at start, and when accounts come or go). */
  async loadAll(): Promise<void> {
    await Promise.all(
      accounts.all.map((a) =>
        call('sync.state', { accountId: a.id })
          .then((s) => this.fromState(s))
          .catch(() => undefined),
      ),
    );
  }

  /** Accounts with failed or uncertain changes, the one shown first. */
  get troubled(): AccountTrouble[] {
    const out: AccountTrouble[] = [];
    for (const a of accounts.all) {
      const w = this.byAccount[a.id];
      if (w && w.failed + w.uncertain > 0) out.push({ accountId: a.id, label: workspaceName(a.id), ...w });
    }
    return out.sort((x, y) => Number(y.accountId === accounts.id) - Number(x.accountId === accounts.id));
  }

  /** Those of them not shown now. */
  get elsewhere(): AccountTrouble[] {
    return this.troubled.filter((t) => t.accountId !== accounts.id);
  }

  /** Every account's counts in a few characters: what changes when any outbox moves. */
  get key(): string {
    return accounts.all
      .map((a) => {
        const w = this.byAccount[a.id];
        return `${a.id}:${w?.pending ?? 0}:${w?.failed ?? 0}:${w?.uncertain ?? 0}`;
      })
      .join();
  }

  /** Changes on their way in every account (All inboxes shows them all). */
  get pending(): number {
    return accounts.all.reduce((n, a) => n + (this.byAccount[a.id]?.pending ?? 0), 0);
  }

  get failed(): number {
    return this.troubled.reduce((n, t) => n + t.failed, 0);
  }

  get uncertain(): number {
    return this.troubled.reduce((n, t) => n + t.uncertain, 0);
  }
}

export const waiting = new WaitingStore();
