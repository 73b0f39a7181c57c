// One account's service: its store (one SQLite file per workspace), API client, sync scheduler
// and the handlers behind every account channel. Reads answer from SQLite, online or not;
// actions go to the local tables and the outbox at once, and a sync pushes them soon after.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type {
  AccountHandlers,
  AccountState,
  DataScope,
  EventName,
  Events,
  SyncState,
} from '../shared/contract';
import { createClient, type ApiClient } from './api/client';
import { ApiError, toAppError } from './api/errors';
import type { RetryPolicy } from './api/retry';
import { AppError } from './errors';
import { silentLogger, type Logger } from './log';
import { READS } from './reads';
import * as actions from './store/actions';
import { campaignActivity } from './store/campaignActivity';
import { setCampaignStatus } from './store/campaignStatus';
import { openStore, type Store } from './store/index';
import type { Outcome } from './store/repos/outbox';
import { pull, pullThreadMessages } from './sync/pull';
import { pushOutbox } from './sync/push';
import { createPushLane, createScheduler, type Scheduler } from './sync/scheduler';
import { isObjectId } from './api/schemas';

export interface AccountConfig {
  id: string; // account id, [A-Za-z0-9_-]
  baseUrl: string; // e.g. http://127.0.0.1:4010/v1
  workspaceId: string | null; // sent as x-workspace when set
  dir: string; // this account's folder; the SQLite files live here
  getApiKey: () => Promise<string | null>; // read from the keychain on demand, never stored in a file
  nativeBinding?: string;
  syncIntervalSeconds?: number | (() => number); // default 60; a function follows the settings
  fetch?: typeof fetch; // for tests
  log?: Logger;
  onStateChange?: (state: AccountState, message: string | null) => void; // 401 => 'auth_failed', 403 => 'forbidden'
  /** Back-off of a change the service did not confirm, and of a read's retries (tests shorten
   *  them). */
  pushBackoff?: { baseMs: number; maxMs: number };
  retry?: Partial<RetryPolicy>;
}

export interface AccountService {
  readonly handlers: AccountHandlers;
  start(): void;
  syncNow(): Promise<void>;
  setWorkspace(workspaceId: string | null): Promise<void>;
  resume(): void;
  stop(): Promise<void>;
  destroy(): Promise<void>;
  /** The SQLite file while the store is open (and migrated), for the reader thread; else null. */
  openFile(): string | null;
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
const PUSH_DEBOUNCE_MS = 300;
/** However fast the person works, a change is pushed at most this long after it was made. */
const PUSH_MAX_WAIT_MS = 1000;
const MAX_EVENT_IDS = 500;
const PROGRESS_EVERY_MS = 250;
/** During the first sync the list is told to look again this often, so rows appear as pages land. */
const FIRST_SYNC_ROWS_EVERY_MS = 500;
/** The Inbox's first page is checked this often between syncs, so a new reply shows within 30 s. */
const QUICK_CHECK_MS = 20_000;
const QUICK_CHECK_THREADS = 25;
/** A thread opened before its messages are here waits this long for them at most. */
const ON_DEMAND_TIMEOUT_MS = 10_000;

export function openAccount(config: AccountConfig, emit: Emit): AccountService {
  const log = config.log ?? silentLogger;
  const accountId = config.id;
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
  const openFor = (ws: string | null): Store => {
    const s = openStore(
      storeFile(config.dir, ws),
      config.nativeBinding ? { nativeBinding: config.nativeBinding } : {},
    );
    s.outbox.recoverInterrupted();
    return s;
  };

  let client = makeClient();
  let store: Store | null = null;
  let accountState: AccountState = 'ok';
  let started = false;
  const sync: Omit<SyncState, 'pendingChanges' | 'failedChanges' | 'uncertainChanges' | 'lastSyncedAt'> = {
    accountId,
    online: true,
    running: false,
    firstSync: false,
    phase: null,
    done: 0,
    total: 0,
    lastError: null,
  };

  const db = (): Store => {
    if (!store) store = openFor(workspaceId);
    return store;
  };

  const syncState = (): SyncState => {
    const c = db().outbox.counts();
    return {
      ...sync,
      lastSyncedAt: db().syncState.get('last_synced_at'),
      pendingChanges: c.pending,
      failedChanges: c.failed,
      uncertainChanges: c.uncertain,
    };
  };
  const emitState = (): void => emit('sync.state', syncState());
  const emitOutbox = (): void => emit('outbox.changed', { accountId, ...db().outbox.counts() });
  const emitData = (scopes: DataScope[], threadIds?: string[]): void => {
    const ids = threadIds && threadIds.length <= MAX_EVENT_IDS ? { threadIds } : {};
    emit('data.changed', { accountId, scopes, ...ids });
  };
  const setOnline = (online: boolean): void => {
    if (sync.online === online) return;
    sync.online = online;
    emit('connectivity', { accountId, online });
  };
  const setAccountState = (state: AccountState, message: string | null): void => {
    if (accountState === state) return;
    accountState = state;
    config.onStateChange?.(state, message);
  };
  /** Notes what a request's outcome says about the network and the key. */
  const observe = (err: unknown): void => {
    if (!(err instanceof ApiError)) return;
    if (err.kind === 'offline') setOnline(false);
    else if (err.kind !== 'cancelled') setOnline(true);
    if (err.kind === 'auth') setAccountState('auth_failed', err.message);
    if (err.kind === 'forbidden') setAccountState('forbidden', err.message);
  };

  async function runSync(signal: AbortSignal): Promise<void> {
    const s = db();
    const c = client;
    sync.running = true;
    sync.phase = 'sending changes';
    sync.done = 0;
    sync.total = 0;
    emitState();
    const scopes = new Set<DataScope>();
    const threadIds = new Set<string>();
    let lastProgressAt = 0;
    let lastRowsAt = 0;
    sync.firstSync = s.syncState.get('initial_done') !== '1';
    try {
      // What waits goes first (on its own lane, which changes made during the pull use too).
      await pushes.now();
      if (signal.aborted) throw new ApiError('cancelled', 'Sync cancelled.');
      const since = new Date().toISOString();
      const result = await pull({
        client: c,
        store: s,
        log,
        signal,
        since,
        inView: () => inView,
        progress: (phase, done, total) => {
          sync.phase = `${phase} ${done}/${total}`;
          sync.done = done;
          sync.total = total;
          // At most a few progress events a second, however many threads move.
          const now = Date.now();
          if (now - lastProgressAt >= PROGRESS_EVERY_MS || done === total) {
            lastProgressAt = now;
            emitState();
          }
          // A new account shows its rows (and their subjects) as pages are written.
          if (sync.firstSync && (phase === 'threads' || phase === 'messages')) {
            if (now - lastRowsAt >= FIRST_SYNC_ROWS_EVERY_MS || done === total) {
              lastRowsAt = now;
              emitData(['threads']);
            }
          }
        },
      });
      result.scopes.forEach((x) => scopes.add(x));
      result.changedThreads.forEach((x) => threadIds.add(x));
      s.outbox.pruneHistory(since);
      s.syncState.set('last_synced_at', new Date().toISOString());
      sync.lastError = null;
      setOnline(true);
      if (result.newReplies.size > 0) {
        emit('replies.new', { accountId, count: result.newReplies.size, threadIds: [...result.newReplies] });
      }
    } catch (err) {
      observe(err);
      if (!(err instanceof ApiError && err.kind === 'cancelled')) {
        sync.lastError = err instanceof Error ? err.message : String(err);
        log.warn('sync failed', { accountId, error: sync.lastError });
        // Pages written before the failure are kept: tell the screen to look again.
        scopes.add('threads');
      }
      throw err;
    } finally {
      sync.running = false;
      sync.firstSync = false;
      sync.phase = null;
      if (store === s && s.db.open) {
        // The page's next asks (the Inbox window and the counts) find them built, and the page
        // cache a pull filled goes back (it is refilled by reads as they come).
        s.threads.warm();
        s.db.pragma('shrink_memory');
        if (scopes.size) emitData([...scopes], [...threadIds]);
        emitOutbox();
        emitState();
      }
    }
  }

  /** One push run on the push lane: never waits on a pull, and a pull never waits on it. */
  async function runPush(signal: AbortSignal): Promise<void> {
    const s = db();
    try {
      const pushed = await pushOutbox({
        client,
        store: s,
        log,
        signal,
        ...(config.pushBackoff ? { backoff: config.pushBackoff } : {}),
      });
      if (pushed.scopes.size && store === s && s.db.open) {
        const data = [...pushed.scopes].filter((x) => x !== 'outbox');
        if (data.length) emitData(data, pushed.threadIds);
        emitOutbox();
        emitState();
      }
      if (pushed.pushed > 0) setOnline(true);
    } catch (err) {
      observe(err);
      if (store === s && s.db.open) {
        emitOutbox();
        emitState();
      }
      throw err;
    }
  }

  const pushes = createPushLane({
    run: runPush,
    isPaused: () => accountState !== 'ok' || !store,
    nextWake: () => {
      if (!store?.db.open) return null;
      const at = store.outbox.nextWake();
      return at ? Date.parse(at) : null;
    },
    debounceMs: PUSH_DEBOUNCE_MS,
    maxWaitMs: PUSH_MAX_WAIT_MS,
  });

  const intervalSeconds = (): number => {
    const v = config.syncIntervalSeconds;
    return (typeof v === 'function' ? v() : v) ?? 60;
  };
  const scheduler: Scheduler = createScheduler({
    intervalMs: () => intervalSeconds() * 1000,
    run: runSync,
    isOffline: () => !sync.online,
    isPaused: () => accountState !== 'ok',
  });

  /** Between syncs: one request for the Inbox's first page; anything new or moved there starts a
   *  sync now (which fetches the messages and announces new replies). */
  let quickTimer: NodeJS.Timeout | null = null;
  /** Aborted on stop: a check never outlives the account (nor keeps the process alive). */
  let quickAbort = new AbortController();
  const quickCheck = async (): Promise<void> => {
    if (!started || !sync.online || accountState !== 'ok' || scheduler.running()) return;
    const s = db();
    if (s.syncState.get('initial_done') !== '1') return;
    try {
      const page = await client.listInbox(
        { page: 1, limit: QUICK_CHECK_THREADS },
        { signal: AbortSignal.any([quickAbort.signal, AbortSignal.timeout(QUICK_CHECK_MS)]) },
      );
      if (store !== s || !s.db.open) return;
      const moved = page.data.some((t) => s.threads.get(t._id)?.lastMessageAt !== t.lastMessageAt);
      if (moved) await scheduler.now();
    } catch (err) {
      observe(err);
    }
  };
  const armQuickCheck = (): void => {
    if (quickTimer) clearInterval(quickTimer);
    quickAbort = new AbortController();
    quickTimer = setInterval(() => void quickCheck(), QUICK_CHECK_MS);
    quickTimer.unref?.();
  };

  /** The rows the window shows (`threads.inView`): a messages pass fetches those first. Kept
   *  when no pass runs, so rows seen while the first sync's thread pages land go first once its
   *  messages pass starts; a pass takes only ids it still has to fetch, so an old view is harmless.
   *  Each hint replaces the last; a workspace switch forgets it. */
  let inView: readonly string[] = [];

  /** Messages of a thread being opened that are not here yet: asked for at once, one request per
   *  thread however often it is opened meanwhile. */
  const onDemand = new Map<string, Promise<void>>();
  const fetchMessagesNow = (s: Store, threadId: string): Promise<void> => {
    const known = onDemand.get(threadId);
    if (known) return known;
    const p = pullThreadMessages(
      { client, store: s, signal: AbortSignal.timeout(ON_DEMAND_TIMEOUT_MS) },
      threadId,
    )
      .then(() => setOnline(true))
      .catch((err: unknown) => observe(err))
      .finally(() => onDemand.delete(threadId));
    onDemand.set(threadId, p);
    return p;
  };

  /** After a local change: push soon (batched, so fast keyboard triage makes one run), also while
   *  a pull runs. */
  const pushSoon = (): void => {
    if (started) pushes.request();
  };
  const changed = (scopes: DataScope[], threadIds?: string[]): void => {
    emitData(scopes, threadIds);
    if (scopes.includes('outbox')) emitOutbox();
  };
  /** Runs a handler body, turning every failure into an AppError. */
  const guard = async <T>(fn: () => T | Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (err) {
      throw toAppError(err);
    }
  };
  const online = async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      const r = await fn();
      setOnline(true);
      return r;
    } catch (err) {
      observe(err);
      throw toAppError(err);
    }
  };
  const outboxEntry = (entryId: number) => {
    const e = db().outbox.get(entryId);
    if (!e) throw new AppError('not_found', 'That change is no longer in the outbox.');
    return e;
  };
  /** Turns what an outbox command came to into the error the person sees. */
  const expectOk = (outcome: Outcome): void => {
    if (outcome === 'ok') return;
    if (outcome === 'gone') throw new AppError('not_found', 'That change is no longer in the outbox.');
    if (outcome === 'busy') throw new AppError('conflict', 'That change is being sent right now.');
    if (outcome === 'uncertain')
      throw new AppError(
        'conflict',
        'This reply may have been sent: decide with “send again” or “mark sent”.',
      );
    throw new AppError('conflict', 'That change is not waiting for a decision.');
  };

  const handlers: AccountHandlers = {
    'threads.list': (q) => guard(() => READS['threads.list'](db().threads, q)),
    'threads.counts': () => guard(() => READS['threads.counts'](db().threads)),
    'threads.get': ({ threadId }) =>
      guard(async () => {
        const s = db();
        if (started && sync.online && accountState === 'ok' && s.threads.messagesMissing(threadId)) {
          await fetchMessagesNow(s, threadId);
          if (store !== s || !s.db.open) throw new AppError('not_found', 'That thread is no longer here.');
        }
        const thread = s.threads.get(threadId);
        if (!thread) return null;
        if (thread.unread) {
          s.threads.markRead([threadId], true);
          thread.unread = false;
          emitData(['threads'], [threadId]);
        }
        return {
          thread,
          messages: [...s.messages.list(threadId), ...s.outbox.localReplies(threadId)],
          lead: s.leads.get(thread.prospectId),
          otherThreads: s.threads.others(thread.prospectId, threadId),
          draft: s.local.draft(threadId),
        };
      }),
    'threads.setStatus': ({ threadId, status }) =>
      guard(() => {
        const r = actions.setThreadStatuses(db(), [threadId], status);
        if (r.previous.length === 0) throw new AppError('not_found', 'That thread is no longer here.');
        changed(['threads', 'outbox'], [threadId]);
        pushSoon();
        return r;
      }),
    'threads.setStatusMany': ({ threadIds, status }) =>
      guard(() => {
        const r = actions.setThreadStatuses(db(), threadIds, status);
        changed(['threads', 'outbox'], threadIds);
        pushSoon();
        return r;
      }),
    'threads.restoreStatuses': ({ previous }) =>
      guard(() => {
        const s = db();
        s.tx(() => {
          for (const p of previous) actions.setThreadStatuses(s, [p.threadId], p.status);
        });
        changed(
          ['threads', 'outbox'],
          previous.map((p) => p.threadId),
        );
        pushSoon();
      }),
    'threads.markRead': ({ threadIds, read }) =>
      guard(() => {
        const s = db();
        s.tx(() => s.threads.markRead(threadIds, read));
        emitData(['threads'], threadIds);
      }),
    'threads.inView': ({ threadIds }) =>
      guard(() => {
        inView = threadIds;
      }),
    'threads.snooze': ({ threadIds, until }) =>
      guard(() => {
        const s = db();
        s.tx(() => s.threads.snooze(threadIds, until));
        emitData(['threads'], threadIds);
      }),
    'reply.send': ({ threadId, bodyHtml, emailAccountId }) =>
      guard(() => {
        const m = actions.queueReply(db(), threadId, bodyHtml, emailAccountId);
        if (!m) throw new AppError('not_found', 'That thread is no longer here.');
        changed(['threads', 'outbox'], [threadId]);
        pushSoon();
        return m;
      }),
    'reply.aiSuggestion': ({ threadId }) => online(() => client.aiReply(threadId)),
    'drafts.save': ({ threadId, bodyHtml }) =>
      guard(() => {
        if (!db().threads.exists(threadId)) throw new AppError('not_found', 'That thread is no longer here.');
        db().local.saveDraft(threadId, bodyHtml);
      }),
    'snippets.list': () => guard(() => db().local.snippets()),
    'campaigns.list': () => guard(() => db().campaigns.list()),
    'campaigns.rename': ({ campaignId, name }) =>
      guard(() => {
        if (!actions.renameCampaign(db(), campaignId, name))
          throw new AppError('not_found', 'That campaign is no longer here.');
        changed(['campaigns', 'threads', 'outbox']);
        pushSoon();
        return db().campaigns.get(campaignId)!;
      }),
    'campaigns.statistics': ({ campaignId }) =>
      online(async () => {
        const r = await client.campaignStatistics(campaignId);
        return {
          sent: r.sent,
          opened: r.opened,
          replied: r.replied,
          bounced: r.bounced,
          interested: r.interested,
        };
      }),
    'campaigns.setStatus': ({ campaignId, status }) =>
      guard(() => {
        if (!setCampaignStatus(db(), campaignId, status))
          throw new AppError('not_found', 'That campaign is no longer here.');
        changed(['campaigns', 'outbox']);
        pushSoon();
        return db().campaigns.get(campaignId)!;
      }),
    'campaigns.dailyStatistics': ({ campaignId }) =>
      online(async () => {
        const r = await client.campaignDailyStatistics(campaignId, {});
        return r.data.map((d) => ({
          date: d.date,
          sent: d.sent,
          opened: d.opened,
          replied: d.replied,
          bounced: d.bounced,
          interested: d.interested,
        }));
      }),
    'campaigns.activity': ({ campaignId, days, utcOffsetMinutes }) =>
      guard(() => campaignActivity(db(), campaignId, days, utcOffsetMinutes)),
    'emailAccounts.list': () => guard(() => db().emailAccounts.list()),
    'emailAccounts.update': ({ emailAccountIds, signature, tags }) =>
      guard(() => {
        actions.updateEmailAccounts(db(), { emailAccountIds, signature, tags });
        changed(['emailAccounts', 'outbox']);
        pushSoon();
      }),
    'tags.list': () => guard(() => db().tags.list()),
    'dnc.add': ({ entries }) =>
      guard(() => {
        actions.addDnc(db(), entries);
        changed(['outbox']);
        pushSoon();
      }),
    search: ({ query, limit }) =>
      guard(() => ({
        threads: db().threads.search(query, limit),
        leads: db().leads.top(query, limit),
      })),
    'outbox.list': () =>
      guard(() =>
        db()
          .outbox.list()
          .map(({ payload: _p, notBefore: _n, ...entry }) => entry),
      ),
    'outbox.retry': ({ entryId }) =>
      guard(() => {
        expectOk(db().outbox.retry(entryId));
        changed(['outbox']);
        pushSoon();
      }),
    'outbox.discard': ({ entryId }) =>
      guard(() => {
        const e = outboxEntry(entryId);
        expectOk(db().outbox.discard(entryId));
        changed(['outbox', 'threads', 'campaigns', 'emailAccounts'], e.targetId ? [e.targetId] : undefined);
      }),
    'outbox.resolveUncertain': ({ entryId, resolution }) =>
      guard(() => {
        const s = db();
        const e = outboxEntry(entryId);
        expectOk(s.outbox.resolve(entryId, resolution));
        // Taken as sent: fetch the thread's messages again to show the service's copy.
        if (resolution === 'mark_sent' && e.targetId) s.threads.markMessagesStale(e.targetId);
        if (resolution !== 'discard') pushSoon();
        changed(['outbox', 'threads'], e.targetId ? [e.targetId] : undefined);
      }),
    'sync.now': () =>
      guard(async () => {
        if (accountState === 'auth_failed')
          throw new AppError('auth', 'The API key was refused. Enter a new key for this account.');
        if (accountState === 'forbidden')
          throw new AppError('forbidden', 'The API key has no access to this workspace.');
        await scheduler.now();
      }),
    'sync.state': () => guard(() => syncState()),
  };

  async function stop(): Promise<void> {
    started = false;
    if (quickTimer) clearInterval(quickTimer);
    quickTimer = null;
    quickAbort.abort();
    await Promise.all([pushes.stop(), scheduler.stop()]);
    store?.close();
    store = null;
  }

  return {
    handlers,
    openFile: () => store?.file ?? null,
    start() {
      // Builds what the first paint asks for (the Inbox's ordered ids and the counts) while the
      // window is still loading, so its first window and counts are answered from the cache.
      db().threads.warm();
      started = true;
      pushes.start();
      scheduler.start();
      armQuickCheck();
    },
    async syncNow() {
      await scheduler.now();
    },
    async setWorkspace(ws) {
      const wasStarted = started;
      await stop();
      workspaceId = ws;
      inView = [];
      client = makeClient();
      sync.lastError = null;
      if (accountState === 'forbidden') setAccountState('ok', null);
      if (wasStarted) this.start();
      emitData(['threads', 'campaigns', 'leads', 'emailAccounts', 'outbox']);
    },
    resume() {
      keyCache = null;
      setAccountState('ok', null);
      if (started) void scheduler.now();
    },
    stop,
    async destroy() {
      await stop();
      rmSync(config.dir, { recursive: true, force: true });
    },
  };
}
