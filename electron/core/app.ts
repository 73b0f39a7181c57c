// The app: the account registry, settings, one account service per account, the demo workspace,
// and the handlers behind every channel of the contract. Plain Node: Electron's main process and
// the web bridge both build one of these and put `dispatch` behind their transport.
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  APP_CHANNELS,
  CHANNEL_NAMES,
  type Account,
  type AccountChannel,
  type EventName,
  type Events,
  type Handlers,
  type Workspace,
} from '../shared/contract';
import { baseUrlProblem, isAllowedExternalUrl } from '../shared/security';
import { openAccount, type AccountService } from './account';
import { newAccountId, openRegistry } from './accounts/registry';
import { openSettings } from './accounts/settings';
import { startDemoService, type DemoOptions, type DemoSandbox } from './accounts/demo';
import { createClient } from './api/client';
import { ApiError, toAppError } from './api/errors';
import { createDispatcher, type Dispatch } from './host/dispatch';
import { AppError } from './errors';
import { createLogger, type Logger } from './log';
import { createKeychain } from './secrets/keychain';

export type AppListener = <E extends EventName>(name: E, payload: Events[E]) => void;

export interface AppOptions {
  dataDir: string;
  keychainService?: string;
  nativeBinding?: string;
  /** Opens a checked http/https link outside the app (Electron: confirm, then shell.openExternal). */
  openExternal?: (url: string) => Promise<boolean>;
  /** Start the demo workspace when there is no account yet. */
  startDemo?: boolean;
  /** Size and seed of a newly made demo workspace (tests keep it small). */
  demoOptions?: DemoOptions;
  logLevel?: 'debug' | 'info' | 'warn' | 'error';
  /** Replaces the global fetch for every client (tests). */
  fetch?: typeof fetch;
}

export interface TriageApp {
  readonly handlers: Handlers;
  /** `handlers` behind validation and error shaping: what IPC and the web bridge call. */
  readonly dispatch: Dispatch;
  readonly log: Logger;
  /** Resolves once accounts are open and the demo (if any) is running. */
  ready(): Promise<void>;
  on(listener: AppListener): () => void;
  demoSandbox(): DemoSandbox | null;
  /** The open SQLite file of an account, for the reader thread (electron/core/reader.ts). */
  storeFile(accountId: string): string | null;
  close(): Promise<void>;
}

const REFUSED_KEY = 'The service refused this API key.';

export function createApp(opts: AppOptions): TriageApp {
  const dataDir = opts.dataDir;
  mkdirSync(dataDir, { recursive: true });
  const demoDir = join(dataDir, 'demo-service');
  const accountDir = (id: string): string => join(dataDir, 'accounts', id);
  // Keys seen by this process, only so they can be blanked out of logs and messages.
  const secrets = new Set<string>();
  const log = createLogger({
    file: join(dataDir, 'logs', 'app.log'),
    level: opts.logLevel ?? 'info',
    redact: () => [...secrets],
  });
  const keychain = createKeychain(opts.keychainService);
  const registry = openRegistry(dataDir);
  const settings = openSettings(dataDir);
  const services = new Map<string, AccountService>();
  const listeners = new Set<AppListener>();
  let demo: DemoSandbox | null = null;
  let closed = false;

  const emit: AppListener = (name, payload) => {
    for (const listener of listeners) {
      try {
        listener(name, payload);
      } catch (error) {
        log.warn('event listener failed', { event: name, error });
      }
    }
  };
  const accountsChanged = (): void => emit('data.changed', { accountId: null, scopes: ['accounts'] });

  // One account mutation at a time: adding, removing and the demo never interleave.
  let queue: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };

  const getKey = async (id: string): Promise<string | null> => {
    const key = await keychain.get(id);
    if (key) secrets.add(key);
    return key;
  };

  /** Lists the key's workspaces: the check that the base URL answers and the key is accepted. */
  async function checkKey(
    baseUrl: string,
    apiKey: string,
    workspaceId?: string | null,
  ): Promise<Workspace[]> {
    const problem = baseUrlProblem(baseUrl);
    if (problem) throw new AppError('validation', problem);
    secrets.add(apiKey);
    const client = createClient({
      baseUrl,
      apiKey: () => apiKey,
      workspaceId: workspaceId ?? null,
      log,
      retry: { tries: 2 },
      ...(opts.fetch ? { fetch: opts.fetch } : {}),
    });
    const teams: Workspace[] = [];
    try {
      for await (const page of client.pages((page, limit) => client.listTeams({ page, limit }))) {
        teams.push(...page.data.map((t) => ({ id: t._id, name: t.name })));
      }
    } catch (error) {
      if (error instanceof ApiError) {
        if (error.kind === 'auth') throw new AppError('auth', REFUSED_KEY);
        if (error.kind === 'forbidden')
          throw new AppError('forbidden', 'This API key is not a member of that workspace.');
        if (error.kind === 'offline') {
          throw new AppError(
            'offline',
            `Could not reach ${new URL(baseUrl).host}. Check the base URL and the connection.`,
          );
        }
        if (error.kind === 'not_found' || error.kind === 'not_supported' || error.kind === 'malformed') {
          throw new AppError(
            'invalid',
            'This base URL does not answer like the Outreach API. Check it and try again.',
          );
        }
      }
      throw toAppError(error);
    }
    if (workspaceId && !teams.some((t) => t.id === workspaceId)) {
      throw new AppError('forbidden', 'This API key is not a member of that workspace.');
    }
    return teams;
  }

  function openService(account: Account): AccountService {
    const id = account.id;
    const service = openAccount(
      {
        id,
        baseUrl: account.baseUrl,
        workspaceId: account.workspaceId,
        dir: accountDir(id),
        getApiKey: () => getKey(id),
        syncIntervalSeconds: () => settings.get().syncIntervalSeconds,
        log,
        ...(opts.nativeBinding ? { nativeBinding: opts.nativeBinding } : {}),
        ...(opts.fetch ? { fetch: opts.fetch } : {}),
        onStateChange: (state, message) => {
          if (!registry.get(id) || closed) return;
          registry.update(id, { state, stateMessage: message });
          accountsChanged();
        },
      },
      (name, payload) => emit(name, payload),
    );
    services.set(id, service);
    service.start();
    return service;
  }

  async function closeService(id: string, destroy: boolean): Promise<void> {
    const service = services.get(id);
    services.delete(id);
    if (!service) return;
    try {
      await (destroy ? service.destroy() : service.stop());
    } catch (error) {
      log.warn('account service did not stop cleanly', { accountId: id, error });
    }
  }

  async function runDemo(apiKey: string): Promise<DemoSandbox> {
    demo = await startDemoService({
      dir: demoDir,
      apiKey,
      options: opts.demoOptions ?? {},
      ...(opts.nativeBinding ? { nativeBinding: opts.nativeBinding } : {}),
    });
    return demo;
  }

  async function createDemo(): Promise<Account> {
    const existing = registry.list().find((a) => a.isDemo);
    if (existing && demo && services.has(existing.id)) return existing;
    if (existing) return restartDemo(existing);
    const id = newAccountId();
    const apiKey = `demo_${randomBytes(24).toString('hex')}`;
    secrets.add(apiKey);
    rmSync(demoDir, { recursive: true, force: true });
    await keychain.set(id, apiKey);
    try {
      const sandbox = await runDemo(apiKey);
      const team = sandbox.teams[0] ?? null;
      const account: Account = {
        id,
        label: 'Demo',
        baseUrl: sandbox.url,
        workspaceId: team?.id ?? null,
        workspaceName: team?.name ?? null,
        isDemo: true,
        state: 'ok',
        stateMessage: null,
        createdAt: new Date().toISOString(),
      };
      registry.add(account);
      openService(account);
      accountsChanged();
      return account;
    } catch (error) {
      await keychain.delete(id).catch(() => false);
      await demo?.close().catch(() => undefined);
      demo = null;
      throw error;
    }
  }

  /** A later start: the demo's service comes back from its folder on a new port. */
  async function restartDemo(account: Account): Promise<Account> {
    let apiKey = await getKey(account.id);
    if (!apiKey) {
      // The keychain lost it: a new key for the same demo data.
      apiKey = `demo_${randomBytes(24).toString('hex')}`;
      secrets.add(apiKey);
      await keychain.set(account.id, apiKey);
    }
    await closeService(account.id, false);
    await demo?.close().catch(() => undefined);
    const sandbox = await runDemo(apiKey);
    const updated = registry.update(account.id, { baseUrl: sandbox.url, state: 'ok', stateMessage: null });
    openService(updated);
    accountsChanged();
    return updated;
  }

  async function start(): Promise<void> {
    for (const account of registry.list()) {
      try {
        if (account.isDemo) await restartDemo(account);
        else openService(account);
      } catch (error) {
        log.error('could not open an account at start', { accountId: account.id, error });
      }
    }
    if (opts.startDemo && registry.list().length === 0) {
      await exclusive(createDemo).catch((error: unknown) => log.error('could not start the demo', { error }));
    }
  }
  const started = start();

  const need = (accountId: string): Account => {
    const account = registry.get(accountId);
    if (!account) throw new AppError('not_found', 'There is no such account. It may have been removed.');
    return account;
  };
  const serviceOf = (accountId: string): AccountService => {
    const service = services.get(accountId);
    if (!service) throw new AppError('not_found', 'There is no such account. It may have been removed.');
    return service;
  };

  const appHandlers: Pick<Handlers, (typeof APP_CHANNELS)[number]> = {
    'accounts.list': async () => registry.list(),
    'accounts.add': (input) =>
      exclusive(async () => {
        const workspaces = await checkKey(input.baseUrl, input.apiKey, input.workspaceId);
        const workspace =
          (input.workspaceId ? workspaces.find((w) => w.id === input.workspaceId) : undefined) ??
          (workspaces.length === 1 ? workspaces[0] : undefined);
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
          throw new AppError('internal', 'The system keychain did not accept the key, so nothing was saved.');
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
        if (account.isDemo) {
          await demo?.close().catch(() => undefined);
          demo = null;
          rmSync(demoDir, { recursive: true, force: true });
        }
        accountsChanged();
      }),
    'accounts.test': async (input) => ({
      workspaces: await checkKey(input.baseUrl, input.apiKey, input.workspaceId),
    }),
    'accounts.workspaces': async ({ accountId }) => {
      const account = need(accountId);
      const key = await getKey(accountId);
      if (!key) throw new AppError('auth', 'No API key is stored for this account. Enter one to continue.');
      return checkKey(account.baseUrl, key);
    },
    'accounts.chooseWorkspace': (input) =>
      exclusive(async () => {
        const account = need(input.accountId);
        const key = await getKey(input.accountId);
        if (!key) throw new AppError('auth', 'No API key is stored for this account. Enter one to continue.');
        const workspace = (await checkKey(account.baseUrl, key)).find((w) => w.id === input.workspaceId);
        if (!workspace) throw new AppError('forbidden', 'This API key is not a member of that workspace.');
        await serviceOf(input.accountId).setWorkspace(workspace.id);
        const updated = registry.update(input.accountId, {
          workspaceId: workspace.id,
          workspaceName: workspace.name,
        });
        accountsChanged();
        return updated;
      }),
    'accounts.updateKey': (input) =>
      exclusive(async () => {
        const account = need(input.accountId);
        await checkKey(account.baseUrl, input.apiKey, account.workspaceId);
        await keychain.set(input.accountId, input.apiKey);
        const updated = registry.update(input.accountId, { state: 'ok', stateMessage: null });
        serviceOf(input.accountId).resume();
        accountsChanged();
        return updated;
      }),
    'accounts.demo': () => exclusive(createDemo),
    'settings.get': async () => settings.get(),
    'settings.set': async (patch) => {
      const next = settings.set(patch);
      emit('data.changed', { accountId: null, scopes: ['settings'] });
      return next;
    },
    'links.open': async ({ url }) => {
      if (!isAllowedExternalUrl(url)) {
        throw new AppError('validation', 'Only web links (http or https) can be opened.');
      }
      return { opened: opts.openExternal ? await opts.openExternal(url) : false };
    },
  };

  const appChannels: ReadonlySet<string> = new Set(APP_CHANNELS);
  const handlers = {} as Record<string, (input: never) => Promise<unknown>>;
  for (const channel of CHANNEL_NAMES) {
    handlers[channel] = async (input: never) => {
      await started;
      if (closed) throw new AppError('transient', 'The app is closing.');
      if (appChannels.has(channel)) {
        return (appHandlers as Record<string, (input: never) => Promise<unknown>>)[channel]!(input);
      }
      const { accountId } = input as { accountId: string };
      const handler = serviceOf(accountId).handlers[channel as AccountChannel] as (
        input: never,
      ) => Promise<unknown>;
      return handler(input);
    };
  }
  const typedHandlers = handlers as unknown as Handlers;

  const dispatch = createDispatcher(typedHandlers, {
    onInternalError: (channel, error) => log.error('channel failed', { channel, error }),
    secrets: () => secrets,
  });

  return {
    handlers: typedHandlers,
    dispatch,
    log,
    ready: () => started,
    on: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    demoSandbox: () => demo,
    storeFile: (accountId) => (closed ? null : (services.get(accountId)?.openFile() ?? null)),
    close: async () => {
      if (closed) return;
      await started;
      await queue;
      closed = true;
      for (const id of [...services.keys()]) await closeService(id, false);
      await demo?.close().catch(() => undefined);
      demo = null;
      listeners.clear();
    },
  };
}
