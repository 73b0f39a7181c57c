// Pushes the outbox in id order before each pull. An entry is deleted only once the service
// confirmed it. Replies are sent at most once: the entry is marked `sending` in a committed
// transaction BEFORE the request, and any doubt afterwards makes it `uncertain`, never resent.
import type { ApiClient } from '../api/client';
import { ApiError } from '../api/errors';
import { backoffDelay } from '../api/retry';
import type { Logger } from '../log';
import { overlayCampaignStatuses, pushCampaignStatus } from '../store/campaignStatus';
import type { Store } from '../store/index';
import type {
  DncPayload,
  EmailAccountsPayload,
  OutboxRecord,
  RenamePayload,
  ReplyPayload,
  ThreadStatusPayload,
} from '../store/repos/outbox';

/** Transient failures an idempotent change may take before it is marked failed. */
export const MAX_ATTEMPTS = 5;

export interface PushResult {
  pushed: number;
  threadIds: string[];
  scopes: Set<'threads' | 'campaigns' | 'emailAccounts' | 'outbox'>;
}

/** `onAir` is called (and must commit `sending`) right before the request that changes the service. */
async function send(
  client: ApiClient,
  store: Store,
  e: OutboxRecord,
  signal: AbortSignal,
  onAir: () => void,
): Promise<void> {
  // Idempotent changes may be retried at once (a stale pooled connection after the network came
  // back fails the first request); a reply never is.
  const o = { signal };
  if (e.kind !== 'reply') onAir();
  switch (e.kind) {
    case 'thread_status': {
      const t = await client.setThreadStatus(e.targetId!, (e.payload as ThreadStatusPayload).status, o);
      store.tx(() => {
        store.outbox.remove(e.id);
        if (store.threads.exists(t._id)) {
          store.threads.upsertMany([t]);
          store.outbox.overlayThreads([t._id]);
        }
      });
      return;
    }
    case 'campaign_rename': {
      const c = await client.renameCampaign(e.targetId!, (e.payload as RenamePayload).name, o);
      store.tx(() => {
        store.outbox.remove(e.id);
        store.campaigns.upsertMany([c]);
        store.outbox.overlayCampaigns();
        overlayCampaignStatuses(store);
      });
      return;
    }
    case 'campaign_status':
      return pushCampaignStatus(client, store, e, o);
    case 'reply': {
      const p = e.payload as ReplyPayload;
      // A cheap read first proves the connection (and that the thread still exists) so the one
      // request that must not be repeated does not meet a dead socket.
      await client.getThread(e.targetId!, { signal });
      onAir();
      const m = await client.reply(
        e.targetId!,
        { bodyHtml: p.bodyHtml, ...(p.emailAccountId ? { emailAccountId: p.emailAccountId } : {}) },
        o,
      );
      store.tx(() => {
        store.outbox.remove(e.id);
        if (store.threads.exists(e.targetId!)) store.messages.add(e.targetId!, m);
      });
      return;
    }
    case 'email_accounts': {
      const p = e.payload as EmailAccountsPayload;
      await client.updateEmailAccounts(
        {
          emailAccountIds: p.emailAccountIds,
          ...(p.signature !== undefined ? { signature: p.signature } : {}),
          ...(p.tags !== undefined ? { tags: p.tags } : {}),
        },
        o,
      );
      store.outbox.remove(e.id);
      return;
    }
    case 'dnc': {
      await client.addDnc((e.payload as DncPayload).entries, o);
      store.outbox.remove(e.id);
      return;
    }
  }
}

/** Pushes what can go now. Throws the error that should stop the sync (offline, auth, cancelled). */
export async function pushOutbox(deps: {
  client: ApiClient;
  store: Store;
  log: Logger;
  signal: AbortSignal;
}): Promise<PushResult> {
  const { client, store, log, signal } = deps;
  const result: PushResult = { pushed: 0, threadIds: [], scopes: new Set() };
  for (const e of store.outbox.pushable()) {
    if (signal.aborted) throw new ApiError('cancelled', 'Cancelled.');
    const current = store.outbox.get(e.id);
    if (!current || current.state !== 'pending') continue; // discarded or resolved meanwhile
    let onAir = false;
    const markSending = (): void => {
      store.outbox.update(e.id, { state: 'sending' }); // committed before the request leaves
      onAir = true;
    };
    result.scopes.add('outbox');
    if (e.kind === 'thread_status' && e.targetId) result.threadIds.push(e.targetId);
    if (e.kind === 'reply' && e.targetId) result.threadIds.push(e.targetId);
    try {
      await send(client, store, e, signal, markSending);
      result.pushed++;
      if (e.kind === 'thread_status' || e.kind === 'reply') result.scopes.add('threads');
      if (e.kind === 'campaign_rename' || e.kind === 'campaign_status') result.scopes.add('campaigns');
      if (e.kind === 'email_accounts') result.scopes.add('emailAccounts');
    } catch (err) {
      const ae =
        err instanceof ApiError
          ? err
          : new ApiError('transient', err instanceof Error ? err.message : String(err));
      const attempts = e.attempts + 1;
      log.warn('outbox entry not confirmed', { id: e.id, kind: e.kind, error: ae.kind, status: ae.status });
      switch (ae.kind) {
        case 'offline': // the request never reached the service
        case 'auth':
        case 'forbidden':
          store.outbox.update(e.id, { state: 'pending', lastError: ae.message });
          throw ae;
        case 'rate_limited':
          store.outbox.update(e.id, {
            state: 'pending',
            lastError: ae.message,
            notBefore: new Date(Date.now() + (ae.retryAfterMs ?? 5000)).toISOString(),
          });
          return result; // keep the order: everything after waits too
        case 'invalid':
        case 'not_found':
        case 'not_supported':
          store.outbox.update(e.id, { state: 'failed', lastError: ae.message, attempts });
          continue;
        default: {
          // transient, malformed, cancelled: the service may have acted on it.
          if (e.kind === 'reply' && onAir) {
            store.outbox.update(e.id, {
              state: 'uncertain',
              attempts,
              lastError: `It is not known whether this reply was sent (${ae.message}) Check the thread, then send it again or mark it sent.`,
            });
          } else if (attempts >= MAX_ATTEMPTS) {
            store.outbox.update(e.id, { state: 'failed', lastError: ae.message, attempts });
          } else {
            store.outbox.update(e.id, {
              state: 'pending',
              lastError: ae.message,
              attempts,
              notBefore: new Date(Date.now() + backoffDelay(attempts, 1000, 60_000)).toISOString(),
            });
          }
          if (ae.kind === 'cancelled') throw ae;
          return result;
        }
      }
    }
  }
  return result;
}
