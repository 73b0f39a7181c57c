// Pushes the outbox: every entry that may go now (lifecycle.ts `pushable`: strict order per
// target), each sent as its kind says (kinds/) and moved by the life cycle's compare-and-set
// transitions, so an entry discarded or
// superseded while its turn came is never sent. An entry is done only once the service confirmed
// it. Replies are sent at most once: `sending` is on disk (fsynced) BEFORE the request, and any
// doubt afterwards makes the entry `uncertain`, never resent on its own.
import type { ApiClient } from '../api/client';
import { ApiError } from '../api/errors';
import { backoffDelay } from '../api/retry';
import type { Logger } from '../log';
import type { Store } from '../store/index';
import type { OutboxRecord } from './entry';
import type { ChangeKind } from './kind';
import { kindOf, type AnyKind } from './kinds/index';

export type PushScope = ChangeKind<unknown>['scope'];

/** Transient failures an idempotent change may take before it is marked failed. */
export const MAX_ATTEMPTS = 5;
/** A run sends at most this many entries; what is left goes in the next run. */
const MAX_PER_RUN = 500;

export interface PushResult {
  pushed: number;
  threadIds: string[];
  scopes: Set<PushScope>;
  /** Changes the service refused in this run, for the window to say where the rep is. */
  refused: Refusal[];
}

export interface Refusal {
  entryId: number;
  summary: string;
  error: string;
}

export interface PushDeps {
  client: ApiClient;
  store: Store;
  log: Logger;
  signal: AbortSignal;
  /** The clock (tests move it to skip back-off). */
  now?: () => number;
  backoff?: { baseMs: number; maxMs: number };
}

const iso = (ms: number): string => new Date(ms).toISOString();

/** Marks an entry `sending` durably: this one commit is fsynced even though the store runs with
 *  synchronous=NORMAL, so a power loss right after the request leaves cannot forget it left. */
function markSending(store: Store, e: OutboxRecord, kind: AnyKind): boolean {
  if (kind.idempotent) return store.outbox.move(e.id, 'pending', 'sending');
  store.db.pragma('synchronous = FULL');
  try {
    return store.outbox.move(e.id, 'pending', 'sending');
  } finally {
    store.db.pragma('synchronous = NORMAL');
  }
}

/** Pushes what can go now. Throws the error that should stop the sync (offline, auth, cancelled). */
export async function pushOutbox(deps: PushDeps): Promise<PushResult> {
  const { client, store, log, signal } = deps;
  const now = deps.now ?? Date.now;
  const backoff = deps.backoff ?? { baseMs: 1000, maxMs: 60_000 };
  const result: PushResult = { pushed: 0, threadIds: [], scopes: new Set(), refused: [] };
  // Each entry is tried once per run: one that failed waits for the next run (the lane wakes it
  // when its back-off ends), so how fast this loop goes never decides how often a change is tried.
  const tried = new Set<number>();
  for (let sent = 0; sent < MAX_PER_RUN; sent++) {
    if (signal.aborted) throw new ApiError('cancelled', 'Cancelled.');
    // Read again each time: an entry queued, discarded or superseded meanwhile counts.
    const e = store.outbox.pushable(iso(now())).find((x) => !tried.has(x.id));
    if (!e) break;
    tried.add(e.id);
    // Newer intents of its target queued while it waited (or came back by any path) retire it,
    // or the part they cover, before it goes: it must never undo them on the service.
    store.tx(() => store.outbox.yieldToNewer(e));
    if (store.outbox.stateOf(e.id) !== 'pending') continue;
    const kind = kindOf(e.kind);
    // A push never waits inside a request: back-off and 429s are the outbox's to schedule.
    const o = { signal, retry: 'once' as const };
    const send = { signal, retry: kind.idempotent ? ('once' as const) : false };
    let onAir = false;
    result.scopes.add('outbox');
    if (e.targetId && kind.scope === 'threads') result.threadIds.push(e.targetId);
    try {
      await kind.check?.(client, e, o);
      if (!markSending(store, e, kind)) continue; // discarded or superseded while it was checked
      onAir = true;
      const answer = await kind.send(client, e, send);
      store.tx(() => {
        store.outbox.move(e.id, 'sending', 'done', { lastError: null });
        kind.apply?.(store, e, answer);
      });
      result.pushed++;
      result.scopes.add(kind.scope);
    } catch (err) {
      const ae =
        err instanceof ApiError
          ? err
          : new ApiError('transient', err instanceof Error ? err.message : String(err));
      const from = onAir ? 'sending' : 'pending';
      const attempts = e.attempts + 1;
      const give = (
        to: 'failed' | 'pending',
        extra: { notBefore?: string; attempts?: number } = {},
      ): void => {
        // A change that newer ones replaced (wholly or in part) while it was out is retired.
        store.tx(() => {
          if (!store.outbox.move(e.id, from, to, { lastError: ae.message, ...extra })) return;
          store.outbox.yieldToNewer(e);
          if (to === 'failed' && store.outbox.stateOf(e.id) === 'failed')
            result.refused.push({ entryId: e.id, summary: e.summary, error: ae.message });
        });
      };
      log.warn('outbox entry not confirmed', { id: e.id, kind: e.kind, error: ae.kind, status: ae.status });
      const doubt = onAir && !kind.idempotent;
      switch (ae.kind) {
        case 'offline': // the request never reached the service
        case 'auth':
        case 'forbidden':
          give('pending');
          throw ae;
        case 'rate_limited': {
          // The whole account is asked to wait: every waiting entry waits, and this run ends.
          const until = iso(now() + (ae.retryAfterMs ?? 5000));
          give('pending', { notBefore: until });
          store.outbox.deferAll(until);
          return result;
        }
        case 'invalid':
        case 'not_found':
        case 'not_supported':
          give('failed', { attempts });
          continue;
        default: {
          // transient, malformed, cancelled: the service may have acted on it.
          if (doubt) {
            store.outbox.move(e.id, 'sending', 'uncertain', {
              attempts,
              lastError: `It is not known whether this reply was sent (${ae.happened ?? ae.message}) Check the thread, then send it again or mark it sent.`,
            });
          } else if (ae.kind === 'cancelled') give('pending');
          else if (attempts >= MAX_ATTEMPTS) give('failed', { attempts });
          else {
            // Back-off blocks the later entries of this target only (see `pushable`).
            give('pending', {
              attempts,
              notBefore: iso(now() + backoffDelay(attempts, backoff.baseMs, backoff.maxMs)),
            });
          }
          if (ae.kind === 'cancelled') throw ae;
          continue;
        }
      }
    }
  }
  return result;
}
