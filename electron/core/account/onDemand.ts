// Reads between syncs: a quick look at the Inbox's first page (anything new or moved there starts
// a sync now, which fetches the messages and announces new replies), and the messages of a thread
// opened before the messages pass got to it, asked for at once.
import type { Store } from '../store/index';
import { pullThreadMessages } from '../sync/pullMessages';
import type { AccountContext } from './context';

/** The Inbox's first page is checked this often between syncs, so a new reply shows within 30 s. */
const QUICK_CHECK_MS = 20_000;
const QUICK_CHECK_THREADS = 25;
/** A thread opened before its messages are here waits this long for them at most. */
const ON_DEMAND_TIMEOUT_MS = 10_000;

export interface OnDemand {
  start(): void;
  stop(): void;
  fetchMissingMessages(s: Store, threadId: string): Promise<void>;
}

export function createOnDemand(
  ctx: AccountContext,
  engine: { canAsk(): boolean; syncing(): boolean; syncNow(): Promise<void> },
): OnDemand {
  let timer: NodeJS.Timeout | null = null;
  /** Aborted on stop: a check never outlives the account (nor keeps the process alive). */
  let abort = new AbortController();

  const quickCheck = async (): Promise<void> => {
    if (!engine.canAsk() || engine.syncing()) return;
    const s = ctx.db();
    if (s.syncState.get('initial_done') !== '1') return;
    try {
      // A look between syncs, not one the rep waits on: behind what the rep asks for.
      const page = await ctx
        .client()
        .background.listInbox(
          { page: 1, limit: QUICK_CHECK_THREADS },
          { signal: AbortSignal.any([abort.signal, AbortSignal.timeout(QUICK_CHECK_MS)]) },
        );
      if (!ctx.isOpen(s)) return;
      const moved = page.data.some((t) => s.threads.get(t._id)?.lastMessageAt !== t.lastMessageAt);
      if (moved) await engine.syncNow();
    } catch (err) {
      ctx.observe(err);
    }
  };

  /** One request per thread however often it is opened meanwhile. */
  const pending = new Map<string, Promise<void>>();
  const fetchNow = (s: Store, threadId: string): Promise<void> => {
    const known = pending.get(threadId);
    if (known) return known;
    const p = pullThreadMessages(
      { client: ctx.client(), store: s, signal: AbortSignal.timeout(ON_DEMAND_TIMEOUT_MS) },
      threadId,
    )
      .then(() => ctx.setOnline(true))
      .catch((err: unknown) => ctx.observe(err))
      .finally(() => pending.delete(threadId));
    pending.set(threadId, p);
    return p;
  };

  return {
    start() {
      if (timer) clearInterval(timer);
      abort = new AbortController();
      timer = setInterval(() => void quickCheck(), QUICK_CHECK_MS);
      timer.unref?.();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
      abort.abort();
    },
    async fetchMissingMessages(s, threadId) {
      if (engine.canAsk() && s.threads.messagesMissing(threadId)) await fetchNow(s, threadId);
    },
  };
}
