// The accounts' life: one service per account in the registry, opened at start (the demo's
// service brought back first), added after its key was checked, switched to another workspace,
// given a new key, removed with its data and key. One change at a time: adding, removing and the
// demo never interleave.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Account, Handlers } from '../../shared/contract';
import { openAccount, type AccountService } from '../account/service';
import { AppError } from '../errors';
import { keyChecker } from './checkKey';
import { demoLifecycle } from './demo';
import { NO_KEYCHAIN } from './keychain';
import { cacheShare } from '../store/db';
import { newAccountId, openRegistry } from './registry';
import { workspaceHandlers } from './workspaces';

import type { Accounts, AccountsChannel, AccountsDeps } from './types';

export type { Accounts, AccountsChannel, AccountsDeps, StoreCheck } from './types';

const NO_ACCOUNT = 'There is no such account. It may have been removed.';
const NO_KEY = 'No API key is stored for this account. Enter one to continue.';

export function openAccounts(deps: AccountsDeps): Accounts {
  const { log, keychain, secrets } = deps;
  const accountDir = (id: string): string => join(deps.dataDir, 'accounts', id);
  const registry = openRegistry(deps.dataDir, log);
  const services = new Map<string, AccountService>();
  const checkKey = keyChecker({ log, secrets, ...(deps.fetch ? { fetch: deps.fetch } : {}) });
  let closed = false;
  const accountsChanged = (): void => deps.emit('data.changed', { accountId: null, scopes: ['accounts'] });

  let queue: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };

  const getKey = async (id: string): Promise<string | null> => {
    if (registry.get(id)?.isDemo) return demo.key();
    const key = await keychain.get(id);
    if (key) secrets.add(key);
    return key;
  };
  const needKey = async (id: string): Promise<string> => {
    const key = await getKey(id);
    if (!key) throw new AppError('auth', NO_KEY);
    return key;
  };

  function openService(account: Account): void {
    const id = account.id;
    // A store that could not be opened last time is tried again.
    if (account.state === 'store_failed') registry.update(id, { state: 'ok', stateMessage: null });
    const service = openAccount(
      {
        id,
        baseUrl: account.baseUrl,
        workspaceId: account.workspaceId,
        dir: accountDir(id),
        getApiKey: () => getKey(id),
        syncIntervalSeconds: () => deps.settings.get().syncIntervalSeconds,
        suggestions: () => deps.settings.get().suggestions,
        outOfOfficeDays: () => deps.settings.get().outOfOfficeDays,
        log,
        ...(deps.nativeBinding ? { nativeBinding: deps.nativeBinding } : {}),
        ...(deps.fetch ? { fetch: deps.fetch } : {}),
        ...(deps.classifier ? { classifier: deps.classifier } : {}),
        ...(deps.writer ? { writer: deps.writer } : {}),
        onStateChange: (state, message) => {
          if (!registry.get(id) || closed) return;
          registry.update(id, { state, stateMessage: message });
          accountsChanged();
        },
        onHealed: (notice) => {
          if (!registry.get(id) || closed) return;
          registry.update(id, { notice });
          accountsChanged();
        },
        ...(deps.storeCheck
          ? { checkFile: deps.storeCheck.check, onFileReplaced: () => deps.storeCheck!.forget() }
          : {}),
      },
      deps.emit,
    );
    services.set(id, service);
    share();
    service.start();
  }

  /** The stores' page caches share one budget (store/db.ts). */
  function share(): void {
    for (const s of services.values()) s.setCacheKib(cacheShare(services.size));
  }

  async function closeService(id: string, destroy = false): Promise<void> {
    const service = services.get(id);
    services.delete(id);
    if (!service) return;
    share();
    try {
      await (destroy ? service.destroy() : service.stop());
    } catch (error) {
      log.warn('account service did not stop cleanly', { accountId: id, error });
    }
  }

  const demo = demoLifecycle({
    dataDir: deps.dataDir,
    registry,
    keychain,
    secret: (key) => secrets.add(key),
    openService,
    isOpen: (id) => services.has(id),
    closeService: (id) => closeService(id),
    accountsChanged,
    ...(deps.nativeBinding ? { nativeBinding: deps.nativeBinding } : {}),
    ...(deps.demoOptions ? { options: deps.demoOptions } : {}),
  });

  async function start(): Promise<void> {
    for (const account of registry.list()) {
      try {
        if (account.isDemo) await demo.restart(account);
        else openService(account);
      } catch (error) {
        log.error('could not open an account at start', { accountId: account.id, error });
      }
    }
    if (deps.startDemo && registry.list().length === 0) {
      await exclusive(demo.create).catch((error: unknown) =>
        log.error('could not start the demo', { error }),
      );
    }
  }

  const need = (accountId: string): Account => {
    const account = registry.get(accountId);
    if (!account) throw new AppError('not_found', NO_ACCOUNT);
    return account;
  };
  const service = (accountId: string): AccountService => {
    const s = services.get(accountId);
    if (!s) throw new AppError('not_found', NO_ACCOUNT);
    return s;
  };

  /** One workspace is one account: added twice, every thread would show twice, with two outboxes
   *  sending the same changes. */
  const refuseTwin = (baseUrl: string, workspaceId: string | null): void => {
    const url = baseUrl.replace(/\/+$/, '');
    const twin = registry.list().find((a) => a.baseUrl === url && a.workspaceId === workspaceId);
    if (twin)
      throw new AppError(
        'conflict',
        `${twin.workspaceName ?? 'This workspace'} is already here, as ${twin.label}. Use that account, or remove it first.`,
      );
  };

  const handlers: Pick<Handlers, AccountsChannel> = {
    'accounts.list': async () => registry.list(),
    'accounts.add': (input) =>
      exclusive(async () => {
        const workspaces = await checkKey(input.baseUrl, input.apiKey, input.workspaceId);
        const workspace =
          (input.workspaceId ? workspaces.find((w) => w.id === input.workspaceId) : undefined) ??
          (workspaces.length === 1 ? workspaces[0] : undefined);
        refuseTwin(input.baseUrl, workspace?.id ?? null);
        const account: Account = {
          id: newAccountId(),
          label: input.label,
          baseUrl: input.baseUrl.replace(/\/+$/, ''),
          workspaceId: workspace?.id ?? null,
          workspaceName: workspace?.name ?? null,
          isDemo: false,
          state: 'ok',
          stateMessage: null,
          createdAt: new Date().toISOString(),
        };
        try {
          await keychain.set(account.id, input.apiKey);
        } catch (error) {
          log.error('keychain refused to store a key', { error });
          throw new AppError('not_supported', NO_KEYCHAIN);
        }
        try {
          registry.add(account);
        } catch (error) {
          await keychain.delete(account.id).catch(() => false);
          throw error;
        }
        openService(account);
        accountsChanged();
        return account;
      }),
    'accounts.remove': ({ accountId }) =>
      exclusive(async () => {
        const account = need(accountId);
        await closeService(accountId, true);
        await keychain.delete(accountId);
        rmSync(accountDir(accountId), { recursive: true, force: true });
        registry.remove(accountId);
        // The demo's service goes with the last account that uses it.
        if (account.isDemo && !registry.list().some((a) => a.isDemo)) await demo.close(true);
        accountsChanged();
      }),
    'accounts.test': async (input) => ({
      workspaces: await checkKey(input.baseUrl, input.apiKey, input.workspaceId),
    }),
    ...workspaceHandlers({
      registry,
      keychain,
      log,
      checkKey,
      need,
      needKey,
      service,
      openService,
      exclusive,
      accountsChanged,
    }),
    'accounts.updateKey': (input) =>
      exclusive(async () => {
        const account = need(input.accountId);
        await checkKey(account.baseUrl, input.apiKey, account.workspaceId);
        await keychain.set(input.accountId, input.apiKey);
        const updated = registry.update(input.accountId, { state: 'ok', stateMessage: null });
        service(input.accountId).resume();
        accountsChanged();
        return updated;
      }),
    'accounts.repair': ({ accountId, action }) =>
      exclusive(async () => {
        need(accountId);
        if (action === 'dismiss') {
          const updated = registry.update(accountId, { notice: null });
          accountsChanged();
          return updated;
        }
        await service(accountId).repair(action);
        accountsChanged();
        return need(accountId);
      }),
    'accounts.demo': () => exclusive(demo.create),
  };

  const ready = start();
  return {
    handlers,
    ready,
    service,
    services: (only) =>
      closed
        ? []
        : registry.list().flatMap((a) => {
            const s = services.get(a.id);
            return s && (!only || only.includes(a.id)) ? [{ accountId: a.id, service: s }] : [];
          }),
    openFile: (accountId) => (closed ? null : (services.get(accountId)?.openFile() ?? null)),
    settingsChanged(): void {
      if (!closed) for (const s of services.values()) s.suggestSoon();
    },
    demoSandbox: demo.sandbox,
    closed: () => closed,
    async close() {
      if (closed) return;
      await ready;
      await queue;
      closed = true;
      for (const id of [...services.keys()]) await closeService(id);
      await demo.close();
    },
  };
}
