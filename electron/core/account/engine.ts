// One account's sync engine: the sync (push what waits, then pull) on its schedule, the push lane
// that sends each change soon after it was made (also while a pull runs), and the reads between
// syncs (onDemand.ts). It tells the window what a run changed.
import type { DataScope } from '../../shared/contract';
import { ApiError } from '../api/errors';
import type { Store } from '../store/index';
import { pull } from '../sync/pull';
import { setThreadStatuses } from '../outbox/kinds/threadStatus';
import { pushOutbox } from '../outbox/push';
import { createPushLane, createScheduler, type Scheduler } from '../sync/scheduler';
import type { AccountContext } from './context';
import { createOnDemand } from './onDemand';
import { createSuggester, type Suggester } from './suggestions';

const PUSH_DEBOUNCE_MS = 300;
/** However fast the person works, a change is pushed at most this long after it was made. */
const PUSH_MAX_WAIT_MS = 1000;
const PROGRESS_EVERY_MS = 250;
/** During the first sync the list is told to look again this often, so rows appear as pages land. */
const FIRST_SYNC_ROWS_EVERY_MS = 500;
/** How long a stop that drains lets the change on its way finish before cutting it off. */
const DRAIN_MS = 15_000;
/** How often the engine looks for absent prospects who are back (their snooze ended). */
const WAKE_EVERY_MS = 60_000;

export interface Engine {
  start(): void;
  /** Stops; `drain` lets a change already on its way to the service finish first (a Rebuild or a
   *  workspace switch must not leave a reply unknown), a quit stops at once. */
  stop(drain?: boolean): Promise<void>;
  /** Runs a sync now, or joins the running one. */
  syncNow(): Promise<void>;
  /** A sync that begins after this call: the rep asked for what the service holds now. */
  syncFresh(): Promise<void>;
  /** After a local change: push soon (batched, so fast keyboard triage makes one run). */
  pushSoon(): void;
  /** Fetches a thread's messages now when they are not here yet and the service can be asked. */
  fetchMissingMessages(s: Store, threadId: string): Promise<void>;
  /** The rows the window shows: a messages pass fetches those first. */
  setInView(threadIds: readonly string[]): void;
  /** Suggested verdicts: computed in the background as replies land. */
  readonly suggester: Suggester;
}

export function createEngine(ctx: AccountContext): Engine {
  const { id: accountId, log, progress } = ctx;
  let started = false;
  /** The rows the window shows (`threads.inView`): a messages pass fetches those first. Kept
   *  when no pass runs, so rows seen while the first sync's thread pages land go first once its
   *  messages pass starts; a pass takes only ids it still has to fetch, so an old view is harmless.
   *  Each hint replaces the last; a workspace switch (a stop) forgets it. */
  let inView: readonly string[] = [];

  async function runSync(signal: AbortSignal): Promise<void> {
    const s = ctx.db();
    // The pull's requests go in the background lane: what the rep waits on goes ahead of them.
    const client = ctx.client().background;
    progress.running = true;
    progress.phase = 'sending changes';
    progress.done = 0;
    progress.total = 0;
    ctx.emitState();
    const scopes = new Set<DataScope>();
    const threadIds = new Set<string>();
    let lastProgressAt = 0;
    let lastRowsAt = 0;
    progress.firstSync = s.syncState.get('initial_done') !== '1';
    try {
      // What waits goes first (on its own lane, which changes made during the pull use too).
      await pushes.now();
      if (signal.aborted) throw new ApiError('cancelled', 'Sync cancelled.');
      const since = new Date().toISOString();
      const result = await pull({
        client,
        store: s,
        log,
        signal,
        since,
        inView: () => inView,
        ...(ctx.config.writer ? { writer: ctx.config.writer } : {}),
        progress: (phase, done, total) => {
          progress.phase = `${phase} ${done}/${total}`;
          progress.done = done;
          progress.total = total;
          // At most a few progress events a second, however many threads move.
          const now = Date.now();
          if (now - lastProgressAt >= PROGRESS_EVERY_MS || done === total) {
            lastProgressAt = now;
            ctx.emitState();
          }
          // Replies written are read for a suggestion between the pass's pages.
          if (phase === 'messages') suggester.soon();
          // A new account shows its rows (and their subjects) as pages are written.
          if (progress.firstSync && (phase === 'threads' || phase === 'messages')) {
            if (now - lastRowsAt >= FIRST_SYNC_ROWS_EVERY_MS || done === total) {
              lastRowsAt = now;
              ctx.changed(['threads']);
            }
          }
        },
      });
      result.scopes.forEach((x) => scopes.add(x));
      result.changedThreads.forEach((x) => threadIds.add(x));
      s.outbox.pruneHistory(since);
      s.syncState.set('last_synced_at', new Date().toISOString());
      progress.lastError = null;
      ctx.setOnline(true);
      if (result.newReplies.size > 0) {
        ctx.emit('replies.new', {
          accountId,
          count: result.newReplies.size,
          threadIds: [...result.newReplies],
        });
      }
    } catch (err) {
      ctx.observe(err);
      if (!(err instanceof ApiError && err.kind === 'cancelled')) {
        progress.lastError = err instanceof Error ? err.message : String(err);
        log.warn('sync failed', { accountId, error: progress.lastError });
        // Pages written before the failure are kept: tell the screen to look again.
        scopes.add('threads');
      }
      throw err;
    } finally {
      progress.running = false;
      progress.firstSync = false;
      progress.phase = null;
      if (ctx.isOpen(s)) {
        // The page's next asks (the Inbox window and the counts) find them built, and the page
        // cache a pull filled goes back (it is refilled by reads as they come).
        s.threads.warm();
        s.db.pragma('shrink_memory');
        if (scopes.size) ctx.changed([...scopes], [...threadIds]);
        ctx.emitState();
        suggester.soon();
      }
    }
  }

  /** One push run on the push lane: never waits on a pull, and a pull never waits on it. */
  async function runPush(signal: AbortSignal): Promise<void> {
    const s = ctx.db();
    const backoff = ctx.config.pushBackoff;
    try {
      const pushed = await pushOutbox({
        client: ctx.client(),
        store: s,
        log,
        signal,
        ...(backoff ? { backoff } : {}),
      });
      // Sent changes past a week leave the Outbox's history.
      if (pushed.pushed > 0 && ctx.isOpen(s)) s.outbox.pruneHistory();
      // One event for the run: what its confirmations changed, and what waits now.
      if (pushed.scopes.size && ctx.isOpen(s))
        ctx.changed([...pushed.scopes], pushed.threadIds, pushed.refused);
      if (pushed.pushed > 0) ctx.setOnline(true);
    } catch (err) {
      ctx.observe(err);
      if (ctx.isOpen(s)) ctx.changed(['outbox']);
      throw err;
    }
  }

  const paused = (): boolean => ctx.accountState() !== 'ok';
  const pushes = createPushLane({
    run: runPush,
    isPaused: () => paused() || ctx.openFile() === null,
    nextWake: () => {
      if (ctx.openFile() === null) return null;
      const at = ctx.db().outbox.nextWake();
      return at ? Date.parse(at) : null;
    },
    debounceMs: PUSH_DEBOUNCE_MS,
    maxWaitMs: PUSH_MAX_WAIT_MS,
  });
  const intervalSeconds = (): number => {
    const v = ctx.config.syncIntervalSeconds;
    return (typeof v === 'function' ? v() : v) ?? 60;
  };
  const scheduler: Scheduler = createScheduler({
    intervalMs: () => intervalSeconds() * 1000,
    run: runSync,
    isOffline: () => !ctx.online(),
    isPaused: paused,
  });
  // Whatever request finds the service gone (a push, a thread opened), what waits goes as soon as
  // it answers again: the sync probes for it instead of waiting for its next turn.
  ctx.onOffline(() => scheduler.probeSoon());
  const suggester = createSuggester(ctx);
  /** A thread marked out of office comes back to the Inbox (open again) when its snooze ends: the
   *  day the prospect is back is the day to follow up. Not the rep's verdict: nothing is learned. */
  let wakeTimer: ReturnType<typeof setInterval> | null = null;
  function wakeReturned(): void {
    let s: Store;
    try {
      s = ctx.db();
    } catch {
      return;
    }
    let ids: string[];
    try {
      const now = new Date().toISOString();
      ids = s.threads.returnedAbsent(now);
      // Each snooze wakes once: an ended one is forgotten, so a later Out of office verdict on the
      // thread is never taken for an absence that just ended.
      s.tx(() => {
        if (ids.length > 0) {
          setThreadStatuses(s, ids, 'open', { byRep: false });
          s.threads.markUnread(ids);
        }
        s.threads.forgetEndedSnoozes(now);
      });
      if (ids.length === 0) return;
    } catch (err) {
      // A damaged or full store: its check (storeHealth) says so; the next look tries again.
      log.warn('could not bring back absent prospects', { accountId, error: err });
      return;
    }
    ctx.changed(['threads', 'outbox', 'unread'], ids);
    pushes.request();
  }
  const onDemand = createOnDemand(ctx, {
    canAsk: () => started && ctx.online() && !paused(),
    syncing: () => scheduler.running(),
    syncNow: () => scheduler.now(),
  });

  return {
    start() {
      // Builds what the first paint asks for (the Inbox's ordered ids and the counts) while the
      // window is still loading, so its first window and counts are answered from the cache. Only
      // a head start: a store that cannot answer says so through its check (service.ts).
      const s = ctx.db();
      try {
        s.threads.warm();
      } catch (err) {
        log.warn('could not prepare the first list', { accountId, error: err });
      }
      started = true;
      pushes.start();
      scheduler.start();
      onDemand.start();
      // The suggester starts once the store passed its full check (service.ts): its writes go over
      // every thread, and must not run over a page the check is about to find damaged.
      wakeReturned();
      wakeTimer = setInterval(wakeReturned, WAKE_EVERY_MS);
    },
    async stop(drain = false) {
      started = false;
      inView = [];
      onDemand.stop();
      suggester.stop();
      if (wakeTimer) clearInterval(wakeTimer);
      wakeTimer = null;
      await Promise.all([pushes.stop(drain ? DRAIN_MS : 0), scheduler.stop()]);
    },
    syncNow: () => scheduler.now(),
    syncFresh: () => scheduler.fresh(),
    pushSoon() {
      if (started) pushes.request();
    },
    fetchMissingMessages: onDemand.fetchMissingMessages,
    setInView(threadIds) {
      inView = threadIds;
    },
    suggester,
  };
}
