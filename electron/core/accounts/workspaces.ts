// An account's workspaces: list the key's workspaces, switch the account to another, or add
// another as an account of its own (its own store and sync), so All inboxes shows them side by
// side. The key is copied inside the core (keychain to keychain), never sent to the window.
import type { Account, Handlers } from '../../shared/contract';
import type { AccountService } from '../account/service';
import { AppError } from '../errors';
import type { Logger } from '../log';
import { NOT_A_MEMBER, type CheckKey } from './checkKey';
import { NO_KEYCHAIN, type Keychain } from './keychain';
import { newAccountId, type Registry } from './registry';

export type WorkspaceChannel = 'accounts.workspaces' | 'accounts.chooseWorkspace' | 'accounts.addWorkspace';

export interface WorkspaceDeps {
  registry: Registry;
  keychain: Keychain;
  log: Logger;
  checkKey: CheckKey;
  need(accountId: string): Account;
  needKey(accountId: string): Promise<string>;
  service(accountId: string): AccountService;
  openService(account: Account): void;
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  accountsChanged(): void;
}

export function workspaceHandlers(deps: WorkspaceDeps): Pick<Handlers, WorkspaceChannel> {
  const { registry, need, needKey, checkKey } = deps;
  /** The workspace, proven to be one of the key's. */
  const memberOf = async (accountId: string, workspaceId: string) => {
    const account = need(accountId);
    const key = await needKey(accountId);
    const workspace = (await checkKey(account.baseUrl, key)).find((w) => w.id === workspaceId);
    if (!workspace) throw new AppError('forbidden', NOT_A_MEMBER);
    return { account, key, workspace };
  };
  return {
    'accounts.workspaces': async ({ accountId }) => {
      const account = need(accountId);
      return checkKey(account.baseUrl, await needKey(accountId));
    },
    'accounts.chooseWorkspace': (input) =>
      deps.exclusive(async () => {
        const { workspace } = await memberOf(input.accountId, input.workspaceId);
        await deps.service(input.accountId).setWorkspace(workspace.id);
        const updated = registry.update(input.accountId, {
          workspaceId: workspace.id,
          workspaceName: workspace.name,
        });
        deps.accountsChanged();
        return updated;
      }),
    'accounts.addWorkspace': (input) =>
      deps.exclusive(async () => {
        const { account, key, workspace } = await memberOf(input.accountId, input.workspaceId);
        const twin = registry
          .list()
          .find(
            (a) =>
              a.baseUrl === account.baseUrl && a.workspaceId === workspace.id && a.isDemo === account.isDemo,
          );
        if (twin && (account.isDemo || (await deps.keychain.get(twin.id).catch(() => null)) === key))
          throw new AppError('conflict', `${workspace.name} is already here, as ${twin.label}.`);
        const added: Account = {
          ...account,
          id: newAccountId(),
          workspaceId: workspace.id,
          workspaceName: workspace.name,
          state: 'ok',
          stateMessage: null,
          createdAt: new Date().toISOString(),
        };
        delete added.notice;
        // The demo's key lives beside its data; any other key goes to the keychain under the new id.
        if (!account.isDemo) {
          try {
            await deps.keychain.set(added.id, key);
          } catch (error) {
            deps.log.error('keychain refused to store a key', { error });
            throw new AppError('not_supported', NO_KEYCHAIN);
          }
        }
        registry.add(added);
        deps.openService(added);
        deps.accountsChanged();
        return added;
      }),
  };
}
