// The sending e-mail accounts of the chosen workspace (names, signatures).
import type { EmailAccount } from '../../../electron/shared/contract';
import { call } from '../api';
import { forAccount } from './accountCall';

class EmailAccountsStore {
  all = $state<EmailAccount[]>([]);

  async load(): Promise<void> {
    const c = await forAccount((accountId) => call('emailAccounts.list', { accountId }));
    if (c) this.all = c;
  }
}

export const emailAccounts = new EmailAccountsStore();
