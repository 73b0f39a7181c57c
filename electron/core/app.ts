// The app: the accounts (accounts/lifecycle.ts), the settings, and every channel of the contract
// routed to its handler: the app's own channels here, an account's channels to that account's
// service. Plain Node: Electron's main process and the web bridge both build one of these and put
// `dispatch` behind their transport.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  APP_CHANNELS,
  CHANNEL_NAMES,
  type AccountChannel,
  type EventName,
  type Events,
  type Handlers,
  inboxFirstWindow,
} from '../shared/contract';
import type { UpdateChannel, UpdateStatus } from '../shared/contract-updates';
import { isAllowedExternalUrl } from '../shared/security';
import { noUpdaterStatus } from '../shared/update-words';
import type { DemoOptions, DemoSandbox } from './accounts/demo';
import { createKeychain, type Keychain } from './accounts/keychain';
import { openAccounts, type StoreCheck } from './accounts/lifecycle';
import { openSettings } from './accounts/settings';
import { createDispatcher, type Dispatch } from './host/dispatch';
import type { Searcher } from './host/searcher-client';
import { createUnifiedReads, type UnifiedSource } from './unified/reads';
import { createUnifiedSearch, type SearchSource } from './unified/search';
import { AppError } from './errors';
import { createLogger, type Logger } from './log';
import type { Classifier } from './suggest/stored';
import type { BatchWriter } from './sync/writes';

/** An account's SQLite file, or null while its store is not open. */
export interface OpenFile {
  accountId: string;
  file: string | null;
}

export type AppListener = <E extends EventName>(name: E, payload: Events[E]) => void;

export interface AppOptions {
  dataDir: string;
  keychainService?: string;
  /** The keychain to use instead of one made here (the core's thread gets its process's). */
  keychain?: Keychain;
  nativeBinding?: string;
  /** Opens a checked http/https link outside the app (Electron: confirm, then shell.openExternal). */
  openExternal?: (url: string) => Promise<boolean>;
  /** The process that holds the desktop app's updater (Electron's main) answers the update
   *  channels; without it (a browser) they say there is no updater. */
  updates?: (channel: UpdateChannel) => Promise<UpdateStatus>;
  /** The version running, for a window with no updater to show. */
  appVersion?: string;
  /** Start the demo workspace when there is no account yet. */
  startDemo?: boolean;
  /** Size and seed of a newly made demo workspace (tests keep it small). */
  demoOptions?: DemoOptions;
  /** The full check of a store file off the core's thread (the reader thread), see StoreCheck. */
  storeCheck?: StoreCheck;
  /** Where every account reads its replies for suggestions, off the core's thread; closed with the app. */
  classifier?: Classifier;
  /** Where every account's sync writes its message batches, off the core's thread; closed with the app. */
  writer?: BatchWriter;
  /** Where All inboxes searches the stores side by side, off the core's thread; closed with the app. */
  searcher?: Searcher;
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
  /** Every account's SQLite file in the accounts' order (null: not open yet), for the reader
   *  thread that answers list reads while a sync runs (electron/core/host/router.ts). */
  openFiles(): OpenFile[];
  close(): Promise<void>;
}

type Handler = (input: never) => Promise<unknown>;

export function createApp(opts: AppOptions): TriageApp {
  const dataDir = opts.dataDir;
  mkdirSync(dataDir, { recursive: true });
  // Keys seen by this process, only so they can be blanked out of logs and messages.
  const secrets = new Set<string>();
  const logFile = join(dataDir, 'logs', 'app.log');
  const log = createLogger({
    file: logFile,
    level: opts.logLevel ?? 'info',
    redact: () => [...secrets],
  });
  const settings = openSettings(dataDir);
  const listeners = new Set<AppListener>();

  const emit: AppListener = (name, payload) => {
    for (const listener of listeners) {
      try {
        listener(name, payload);
      } catch (error) {
        log.warn('event listener failed', { event: name, error });
      }
    }
  };

  const search = createUnifiedSearch(opts.searcher);
  /** A Rebuild replaces a store's file: the searchers let go of theirs as the reader does. */
  const storeCheck = (check: StoreCheck): StoreCheck => ({
    check: (file) => check.check(file),
    forget: async () => {
      await opts.searcher?.forget();
      await check.forget();
    },
  });

  const accounts = openAccounts({
    dataDir,
    log,
    secrets,
    keychain: opts.keychain ?? createKeychain(opts.keychainService),
    settings,
    emit,
    ...(opts.nativeBinding ? { nativeBinding: opts.nativeBinding } : {}),
    ...(opts.fetch ? { fetch: opts.fetch } : {}),
    ...(opts.startDemo ? { startDemo: opts.startDemo } : {}),
    ...(opts.demoOptions ? { demoOptions: opts.demoOptions } : {}),
    ...(opts.storeCheck ? { storeCheck: storeCheck(opts.storeCheck) } : {}),
    ...(opts.classifier ? { classifier: opts.classifier } : {}),
    ...(opts.writer ? { writer: opts.writer } : {}),
  });

  const unified = createUnifiedReads();
  /** The stores All inboxes reads: every account's (or those named) whose store opens; one that
   *  cannot be opened says so on its own account and is left out here. */
  const sources = (only?: readonly string[]): UnifiedSource[] =>
    accounts.services(only).flatMap(({ accountId, service }) => {
      const reads = service.reads();
      return reads ? [{ accountId, ...reads }] : [];
    });
  /** The same stores with their files, for the searchers' threads. */
  const searchSources = (only?: readonly string[]): SearchSource[] =>
    accounts.services(only).flatMap(({ accountId, service }) => {
      const reads = service.reads();
      return reads ? [{ accountId, ...reads, file: service.openFile() }] : [];
    });

  const updates = async (channel: UpdateChannel): Promise<UpdateStatus> =>
    opts.updates ? opts.updates(channel) : noUpdaterStatus(opts.appVersion ?? 'unknown');

  const appHandlers: Pick<Handlers, (typeof APP_CHANNELS)[number]> = {
    ...accounts.handlers,
    // A file removed or switched: the searchers let go of it first (a file held open elsewhere
    // cannot be removed everywhere).
    'accounts.remove': (input) => search.changingFiles(() => accounts.handlers['accounts.remove'](input)),
    'accounts.chooseWorkspace': (input) =>
      search.changingFiles(() => accounts.handlers['accounts.chooseWorkspace'](input)),
    'accounts.start': async ({ limit }) => {
      const list = await accounts.handlers['accounts.list']({});
      const first = list[0];
      if (!first) return { accounts: list, inbox: null };
      const accountId = first.id;
      try {
        const window = await accounts
          .service(accountId)
          .handlers['threads.list'](inboxFirstWindow(accountId, limit));
        return { accounts: list, inbox: { accountId, window } };
      } catch (error) {
        // The window asks for it again through threads.list, whose answer says what failed.
        log.warn('first window at start failed', { accountId, error });
        return { accounts: list, inbox: null };
      }
    },
    'settings.get': async () => settings.get(),
    'settings.set': async (patch) => {
      const next = settings.set(patch);
      accounts.settingsChanged();
      emit('data.changed', { accountId: null, scopes: ['settings'] });
      return next;
    },
    'unified.list': async (q) => unified.list(sources(q.accountIds), q),
    'unified.counts': async ({ accountIds }) => unified.counts(sources(accountIds)),
    'unified.search': ({ query, limit, accountIds }) =>
      search.search(() => searchSources(accountIds), query, limit),
    'links.open': async ({ url }) => {
      if (!isAllowedExternalUrl(url)) {
        throw new AppError('validation', 'Only web links (http or https) can be opened.');
      }
      return { opened: opts.openExternal ? await opts.openExternal(url) : false };
    },
    'updates.status': () => updates('updates.status'),
    'updates.check': () => updates('updates.check'),
    'updates.install': () => updates('updates.install'),
  };

  const appChannels: ReadonlySet<string> = new Set(APP_CHANNELS);
  const handlers = {} as Record<string, Handler>;
  for (const channel of CHANNEL_NAMES) {
    handlers[channel] = async (input: never) => {
      await accounts.ready;
      if (accounts.closed()) throw new AppError('transient', 'The app is closing.');
      if (appChannels.has(channel)) return (appHandlers as Record<string, Handler>)[channel]!(input);
      const { accountId } = input as { accountId: string };
      const service = accounts.service(accountId);
      return (service.handlers[channel as AccountChannel] as Handler)(input);
    };
  }
  const typedHandlers = handlers as unknown as Handlers;

  const dispatch = createDispatcher(typedHandlers, {
    onInternalError: (channel, error) => log.error('channel failed', { channel, error }),
    logFile,
    secrets: () => secrets,
  });

  return {
    handlers: typedHandlers,
    dispatch,
    log,
    ready: () => accounts.ready,
    on: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    demoSandbox: accounts.demoSandbox,
    openFiles: () =>
      accounts.services().map(({ accountId, service }) => ({ accountId, file: service.openFile() })),
    close: async () => {
      await accounts.close();
      await opts.classifier?.close();
      await opts.writer?.close();
      await opts.searcher?.close();
      listeners.clear();
    },
  };
}
