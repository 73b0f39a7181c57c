// The sending e-mail accounts of the chosen workspace (names, signatures), and those of another
// account whose thread is open in All inboxes (its From and signature), asked for once.
import type { EmailAccount } from '../../../electron/shared/contract';
import { call } from '../api';
import { forAccount } from './accountCall';
import { accounts } from './accounts.svelte';

class EmailAccountsStore {
  all = $state<EmailAccount[]>([]);
  private others = $state<Record<string, EmailAccount[]>>({});

  async load(): Promise<void> {
    const c = await forAccount((accountId) => call('emailAccounts.list', { accountId }));
    if (c) this.all = c;
    this.others = {};
  }

  /** The mailboxes of this account (the chosen one's when none is named). */
  of(accountId: string | undefined): EmailAccount[] {
    return !accountId || accountId === accounts.id ? this.all : (this.others[accountId] ?? []);
  }

  /** The mailbox a thread's replies go out from, when known. */
  mailboxOf(thread: { accountId?: string; emailAccountId: string } | undefined): EmailAccount | null {
    if (!thread) return null;
    return this.of(thread.accountId).find((a) => a.id === thread.emailAccountId) ?? null;
  }

  /** Asks once for another account's mailboxes (a thread of it is open in All inboxes). */
  async ensure(accountId: string | undefined): Promise<void> {
    if (!accountId || accountId === accounts.id || this.others[accountId]) return;
    const c = await call('emailAccounts.list', { accountId }).catch(() => null);
    if (c) this.others = { ...this.others, [accountId]: c };
  }
}

export const emailAccounts = new EmailAccountsStore();
