// The Outreach accounts added to the app and which one is shown.
import type { Account } from '../../../electron/shared/contract';
import { call, errorMessage } from '../api';
import { nav } from './nav.svelte';
import { hub } from './hub';
import { notices } from './notices.svelte';
import { ALL_INBOXES, LAST_ACCOUNT } from '../firstCalls';

export { ALL_INBOXES, LAST_ACCOUNT };

class AccountsStore {
  all = $state<Account[]>([]);
  id = $state<string | null>(null);
  /** accounts.list has answered once. */
  booted = $state(false);
  /** The thread list is All inboxes: every account's threads in one list. The pages about one
   *  account (campaigns, e-mail accounts, the outbox's entries) stay with `id`. */
  unified = $state(false);
  /** All inboxes narrowed to this account's workspace (null: every one). */
  only = $state<string | null>(null);

  get current(): Account | null {
    return this.all.find((a) => a.id === this.id) ?? null;
  }

  async load(): Promise<void> {
    this.all = await call('accounts.list', {});
    if (this.only && !this.all.some((a) => a.id === this.only)) this.only = null;
    if (this.id && !this.all.some((a) => a.id === this.id)) {
      const next = this.all[0];
      if (next) await this.choose(next.id);
      else {
        this.id = null;
        nav.page = 'accounts';
      }
    }
  }

  /** Shows another account; what that resets elsewhere is session.svelte.ts's to do. */
  async choose(id: string): Promise<void> {
    this.id = id;
    this.unified = false;
    this.only = null;
    localStorage.setItem(LAST_ACCOUNT, id);
    localStorage.removeItem(ALL_INBOXES);
    if (nav.page === 'accounts') nav.page = 'threads';
    await hub.emit('account.chosen', { accountId: id });
  }

  /** Shows All inboxes; the pages about one account keep the account shown last. */
  async chooseAll(): Promise<void> {
    const id = this.id ?? this.all[0]?.id ?? null;
    if (!id) return;
    this.id = id;
    this.unified = true;
    this.only = null;
    localStorage.setItem(LAST_ACCOUNT, id);
    localStorage.setItem(ALL_INBOXES, '1');
    nav.page = 'threads';
    await hub.emit('account.chosen', { accountId: id });
  }

  /** The workspace after the one All inboxes is narrowed to (after the last: null, every one). */
  get nextWorkspace(): string | null {
    if (this.all.length < 2) return this.only;
    const at = this.only === null ? -1 : this.all.findIndex((a) => a.id === this.only);
    return this.all[at + 1]?.id ?? null;
  }

  /** Adds another workspace of the shown account's key to the app, for All inboxes. */
  async addWorkspace(workspaceId: string): Promise<void> {
    const id = this.id;
    if (!id) return;
    try {
      const added = await call('accounts.addWorkspace', { accountId: id, workspaceId });
      await this.load();
      notices.notify(
        `${added.workspaceName ?? 'The workspace'} is added: it syncs on its own and shows in All inboxes.`,
      );
    } catch (err) {
      notices.notify(errorMessage(err), 'error');
    }
  }

  /** Switches the account in use to another workspace of its key. */
  async chooseWorkspace(workspaceId: string): Promise<void> {
    const id = this.id;
    if (!id) return;
    try {
      await call('accounts.chooseWorkspace', { accountId: id, workspaceId });
      await this.load();
      await this.choose(id);
      notices.notify(`Workspace: ${this.current?.workspaceName ?? workspaceId}.`);
    } catch (err) {
      notices.notify(errorMessage(err), 'error');
    }
  }

  /** Retry opening the account's local copy, rebuild it from the service, or dismiss its notice. */
  async repair(action: 'retry' | 'rebuild' | 'dismiss'): Promise<void> {
    const id = this.id;
    if (!id) return;
    try {
      await call('accounts.repair', { accountId: id, action });
      await this.load();
      if (action !== 'dismiss') await this.choose(id);
      if (action === 'rebuild') notices.notify('Rebuilding from the service: the old file is kept.');
    } catch (err) {
      await this.load();
      notices.notify(errorMessage(err), 'error');
    }
  }

  async remove(id: string): Promise<void> {
    try {
      await call('accounts.remove', { accountId: id });
      await this.load();
    } catch (err) {
      notices.notify(errorMessage(err), 'error');
    }
  }

  async openDemo(): Promise<void> {
    try {
      const account = await call('accounts.demo', {});
      await this.load();
      await this.choose(account.id);
      nav.page = 'threads';
    } catch (e) {
      notices.notify(`The demo workspace could not start: ${errorMessage(e)}`, 'error');
    }
  }
}

export const accounts = new AccountsStore();
