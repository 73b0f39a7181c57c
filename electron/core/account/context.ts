// What one account's sync engine and handlers share: its store (one SQLite file per workspace,
// opened on first use), the API client (the key is read from the keychain and kept in memory for
// a minute), where the account stands (online, paused, syncing) and the events that tell the window.
import { join } from 'node:path';
import type { AccountState, DataScope, EventName, Events, SyncState } from '../../shared/contract';
import { createClient, type ApiClient } from '../api/client';
import { ApiError } from '../api/errors';
import type { RetryPolicy } from '../api/retry';
import { isObjectId } from '../api/schemas';
import { AppError } from '../errors';
import { silentLogger, type Logger } from '../log';
import type { Refusal } from '../outbox/push';
import { openStore, type Store } from '../store/index';
import type { Classifier } from '../suggest/stored';
import type { BatchWriter } from '../sync/writes';
import { healNotice, storeProblem } from './storeHealth';

export interface AccountConfig {
  id: string; // account id, [A-Za-z0-9_-]
  baseUrl: string; // e.g. http://127.0.0.1:4010/v1
  workspaceId: string | null; // sent as x-workspace when set
  dir: string; // this account's folder; the SQLite files live here
  getApiKey: () => Promise<string | null>; // read from the keychain on demand, never stored in a file
  nativeBinding?: string;
  syncIntervalSeconds?: number | (() => number); // default 60; a function follows the settings
  /** Whether verdicts are suggested (the setting; default on). */
  suggestions?: () => boolean;
  /** Where replies are read for a suggestion off the core's thread (one for every account);
   *  without it the pass reads them itself. */
  classifier?: Classifier;
  /** Where a sync writes its message batches off the core's thread (one for every account);
   *  without it the pass writes them itself. */
  writer?: BatchWriter;
  /** Days an accepted absence without a return date is snoozed (the setting; default 7). */
  outOfOfficeDays?: () => number;
  fetch?: typeof fetch; // for tests
  log?: Logger;
  onStateChange?: (state: AccountState, message: string | null) => void; // 401 => 'auth_failed', 403 => 'forbidden'
  /** Back-off of a change the service did not confirm, and of a read's retries (tests shorten
   *  them). */
  pushBackoff?: { baseMs: number; maxMs: number };
  retry?: Partial<RetryPolicy>;
  /** Checks a store file off the core's thread (null when sound); without it the check runs here. */
  checkFile?: (file: string) => Promise<string | null>;
  /** A store file was replaced: whatever else reads it lets go of the old one. */
  onFileReplaced?: (file: string) => Promise<void>;
  /** A damaged store was replaced; the words say what happened and what was saved. */
  onHealed?: (notice: string) => void;
}

export type Emit = <E extends EventName>(name: E, payload: Events[E]) => void;

/** The SQLite file of one workspace of an account. The team id comes from the service, so it is
 *  used only once it is proven an ObjectId (24 hex digits): no other string reaches a path. */
export function storeFile(dir: string, workspaceId: string | null): string {
  if (workspaceId !== null && !isObjectId(workspaceId))
    throw new AppError('invalid', 'That workspace id is not a valid id (24 hexadecimal digits).');
  return join(dir, `data-${workspaceId ?? 'default'}.sqlite`);
}

/** How long the key read from the keychain is kept in memory (never on disk). */
const KEY_TTL_MS = 60_000;
/** An event names at most this many threads; past that, the window looks at every thread. */
const MAX_EVENT_IDS = 500;
/** Refusals an event names; the outbox lists them all. */
const MAX_REFUSALS = 20;

/** Where a running sync is (sync.state adds the outbox's counts and the last sync's time). */
export type SyncProgress = Omit<
  SyncState,
  'pendingChanges' | 'failedChanges' | 'uncertainChanges' | 'lastSyncedAt'
>;

export interface AccountContext {
  readonly id: string;
  readonly config: AccountConfig;
  readonly log: Logger;
  /** The running sync's phase and figures (the engine writes them). */
  readonly progress: SyncProgress;
  /** The store of the current workspace, opened (migrated, interrupted pushes recovered) on first use. */
  db(): Store;
  /** Whether `s` is still the open store: a workspace switch or a stop closes it. */
  isOpen(s: Store): boolean;
  /** The SQLite file while the store is open, else null. */
  openFile(): string | null;
  closeStore(): void;
  /** Closes the store and refuses to open any until `release` is called, with `why` as the
   *  answer: nothing reopens a file that is being replaced, switched or removed. */
  holdStore(why: string): () => void;
  client(): ApiClient;
  /** The page cache this store may fill, in KiB: the accounts share one budget (lifecycle.ts). */
  setCacheKib(kib: number): void;
  /** Another workspace: a new client, and its own store on next use (call with the store closed). */
  useWorkspace(workspaceId: string | null): void;
  workspaceId(): string | null;
  /** The next request reads the key from the keychain again (it was replaced). */
  forgetKey(): void;
  online(): boolean;
  setOnline(online: boolean): void;
  /** Called each time a request finds the service gone (the sync then probes for its return). */
  onOffline(listener: () => void): void;
  accountState(): AccountState;
  setAccountState(state: AccountState, message: string | null): void;
  /** Notes what a request's outcome says about the network and the key. */
  observe(err: unknown): void;
  syncState(): SyncState;
  emitState(): void;
  /** One event per change: what the window shows of `scopes` moved (of these threads, when
   *  named); with the outbox, what waits now, for the status bar. */
  changed(scopes: DataScope[], threadIds?: readonly string[], refused?: readonly Refusal[]): void;
  emit: Emit;
}

export function createContext(config: AccountConfig, emit: Emit): AccountContext {
  const log = config.log ?? silentLogger;
  const id = config.id;
  let workspaceId = config.workspaceId;
  let keyCache: { key: string | null; at: number } | null = null;
  const apiKey = async (): Promise<string | null> => {
    if (keyCache && Date.now() - keyCache.at < KEY_TTL_MS) return keyCache.key;
    const key = await config.getApiKey();
    keyCache = { key, at: Date.now() };
    return key;
  };
  const makeClient = (): ApiClient =>
    createClient({
      baseUrl: config.baseUrl,
      apiKey,
      workspaceId,
      log,
      ...(config.fetch ? { fetch: config.fetch } : {}),
      ...(config.retry ? { retry: config.retry } : {}),
    });
  let client = makeClient();
  let store: Store | null = null;
  const offlineListeners: (() => void)[] = [];
  let cacheKib: number | null = null;
  const applyCache = (s: Store): void => {
    if (cacheKib !== null) s.db.pragma(`cache_size = -${cacheKib}`);
  };
  let accountState: AccountState = 'ok';
  const progress: SyncProgress = {
    accountId: id,
    online: true,
    running: false,
    firstSync: false,
    phase: null,
    done: 0,
    total: 0,
    lastError: null,
  };

  let held: string | null = null;
  const db = (): Store => {
    if (!store) {
      if (held !== null) throw new AppError('transient', held);
      const file = storeFile(config.dir, workspaceId);
      let opened: Store;
      try {
        opened = openStore(file, {
          check: 'deferred',
          ...(config.nativeBinding ? { nativeBinding: config.nativeBinding } : {}),
        });
      } catch (err) {
        const message = storeProblem(err, file);
        log.error('could not open an account store', { accountId: id, error: err });
        ctx.setAccountState('store_failed', message);
        throw new AppError('storage', message);
      }
      opened.outbox.recoverInterrupted();
      applyCache(opened);
      store = opened;
      if (opened.healed) {
        log.warn('replaced a damaged account store', { accountId: id, ...opened.healed });
        config.onHealed?.(healNotice(opened.healed));
      }
      if (accountState === 'store_failed') ctx.setAccountState('ok', null);
    }
    return store;
  };
  const syncState = (): SyncState => {
    const c = db().outbox.counts();
    return {
      ...progress,
      lastSyncedAt: db().syncState.get('last_synced_at'),
      pendingChanges: c.pending,
      failedChanges: c.failed,
      uncertainChanges: c.uncertain,
    };
  };
  const changed = (
    scopes: DataScope[],
    threadIds?: readonly string[],
    refused?: readonly Refusal[],
  ): void => {
    const ids = threadIds && threadIds.length <= MAX_EVENT_IDS ? { threadIds: [...threadIds] } : {};
    const waiting = scopes.includes('outbox') && store ? { outbox: store.outbox.counts() } : {};
    const said = refused && refused.length > 0 ? { refused: refused.slice(0, MAX_REFUSALS) } : {};
    emit('data.changed', { accountId: id, scopes, ...ids, ...waiting, ...said });
  };

  const ctx: AccountContext = {
    id,
    config,
    log,
    progress,
    emit,
    db,
    isOpen: (s) => store === s && s.db.open,
    openFile: () => store?.file ?? null,
    closeStore() {
      store?.close();
      store = null;
    },
    holdStore(why) {
      held = why;
      ctx.closeStore();
      return () => {
        held = null;
      };
    },
    client: () => client,
    setCacheKib(kib) {
      cacheKib = kib;
      if (store?.db.open) applyCache(store);
    },
    workspaceId: () => workspaceId,
    useWorkspace(ws) {
      workspaceId = ws;
      client = makeClient();
      progress.lastError = null;
    },
    forgetKey() {
      keyCache = null;
    },
    online: () => progress.online,
    setOnline(online) {
      if (progress.online === online) return;
      progress.online = online;
      emit('connectivity', { accountId: id, online });
      if (!online) for (const listener of offlineListeners) listener();
    },
    onOffline(listener) {
      offlineListeners.push(listener);
    },
    accountState: () => accountState,
    setAccountState(state, message) {
      if (accountState === state) return;
      accountState = state;
      config.onStateChange?.(state, message);
    },
    observe(err) {
      if (!(err instanceof ApiError)) return;
      if (err.kind === 'offline') ctx.setOnline(false);
      else if (err.kind !== 'cancelled') ctx.setOnline(true);
      if (err.kind === 'auth') ctx.setAccountState('auth_failed', err.message);
      if (err.kind === 'forbidden') ctx.setAccountState('forbidden', err.message);
    },
    syncState,
    emitState: () => emit('sync.state', syncState()),
    changed,
  };
  return ctx;
}
