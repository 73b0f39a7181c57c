// The messages pass of a pull (every thread whose lastMessageAt moved, rows in view first,
// written in batches), and one thread's messages at once when it is opened before the pass got to it.
import type { ApiClient } from '../api/client';
import { iteratePages } from '../api/client';
import { ApiError } from '../api/errors';
import type { ApiMessage } from '../api/schemas';
import { writesAway } from './away';
import { writeVia, type FetchedMessages, type WriteOutput } from './writes';
import { messageQueue, type Taken } from './messageQueue';
import { pool, wholeList } from './paging';
import type { PullContext, PullResult } from './pass';

/** Fetched threads' messages are written together, in one transaction, once this many are
 *  waiting or the oldest has waited this long: one commit (and one full-text segment) per batch
 *  instead of one per thread. */
const MESSAGE_BATCH = 128;
const MESSAGE_BATCH_MS = 250;

export async function pullMessages(
  ctx: PullContext,
  result: PullResult,
  initialDone: boolean,
): Promise<void> {
  const { client, store, signal } = ctx;
  const ids = store.threads.staleMessageIds();
  const queue = messageQueue(ids, ctx.inView ?? (() => []), (id) => store.threads.staleWatermark(id));
  /** Threads taken for being in view whose fetch has not ended: when the last one ends, the batch
   *  is written at once, so the rows in view show their messages without waiting for the batch. */
  let hintedOut = 0;
  let done = 0;
  ctx.progress('messages', 0, ids.length);
  let waiting: FetchedMessages[] = [];
  let oldest = 0;
  // Each batch is written in one transaction (writes.ts): on the writer's thread when the pull has
  // one, so the next fetches go on meanwhile (up to a few batches away); a batch counts as done
  // once written.
  const away = writesAway();
  const written = (batch: FetchedMessages[], w: WriteOutput<'messages'>): void => {
    for (const id of w.newReplies) result.newReplies.add(id);
    for (const f of batch) result.changedThreads.add(f.id);
    done += batch.length;
    ctx.progress('messages', done + queue.skipped, ids.length);
  };
  const flush = (): void => {
    if (waiting.length === 0) return;
    const batch = waiting;
    waiting = [];
    away.add(writeVia(ctx.writer, store, 'messages', { batch, initialDone }).then((w) => written(batch, w)));
  };
  /** Writes what waits and waits for every batch away; throws a write that failed. */
  const settle = async (): Promise<void> => {
    flush();
    await away.drain();
  };
  /** One thread's messages, or undefined when they must wait for a later sync. */
  const fetchOne = async (id: string, at: string): Promise<FetchedMessages | undefined> => {
    try {
      const list = await wholeList((page, limit) => client.listMessages(id, { page, limit }, { signal }));
      // Still moving after a few passes: try again next sync rather than drop a message.
      return list.complete ? { id, at, messages: list.items } : undefined;
    } catch (err) {
      if (!(err instanceof ApiError && err.kind === 'not_found')) throw err;
      // A 404 from the messages list (a path a deployment may lack) is weak evidence: only the
      // thread itself answering 404 means it is gone. Otherwise its messages wait for later.
      return (await threadGone(client, id, signal)) ? { id, at, messages: null } : undefined;
    }
  };
  const fetchAll = pool(
    {
      size: queue.size,
      take: () => {
        const t = queue.take();
        if (t?.hinted) hintedOut++;
        return t;
      },
    },
    async ({ id, at, hinted }: Taken) => {
      let fetched: FetchedMessages | undefined;
      try {
        fetched = await fetchOne(id, at);
      } finally {
        if (hinted) hintedOut--;
      }
      if (fetched) {
        if (waiting.length === 0) oldest = Date.now();
        waiting.push(fetched);
      }
      if (
        waiting.length >= MESSAGE_BATCH ||
        (waiting.length > 0 && Date.now() - oldest >= MESSAGE_BATCH_MS) ||
        (hinted && hintedOut === 0)
      )
        flush();
      // Waits while the writer's thread holds enough; a write that failed stops the pass.
      await away.room();
      if (away.failure !== null) throw away.failure;
    },
    signal,
  );
  try {
    await fetchAll;
  } catch (err) {
    // What was fetched before a failure or cancellation is still good: keep it, but let the
    // failure that stopped the pass be the one reported.
    try {
      await settle();
    } catch (writeErr) {
      if (writeErr !== err) ctx.log.warn('fetched messages not written', { error: String(writeErr) });
    }
    throw err;
  }
  await settle();
}

async function threadGone(client: ApiClient, id: string, signal: AbortSignal): Promise<boolean> {
  try {
    await client.getThread(id, { signal });
    return false;
  } catch (err) {
    if (err instanceof ApiError && err.kind === 'not_found') return true;
    throw err;
  }
}

/** One thread's messages at once, ahead of the background pass: a thread opened before its
 *  messages were synced. Written like a pass's batch (same watermark), so the pass skips nothing. */
export async function pullThreadMessages(
  ctx: Pick<PullContext, 'client' | 'store' | 'signal'>,
  threadId: string,
): Promise<void> {
  const { client, store, signal } = ctx;
  const at = store.db.prepare(`SELECT last_message_at FROM threads WHERE id = ?`).pluck().get(threadId) as
    string | undefined;
  if (at === undefined) return;
  const messages: ApiMessage[] = [];
  for await (const p of iteratePages((page, limit) =>
    client.listMessages(threadId, { page, limit }, { signal }),
  ))
    messages.push(...p.data);
  store.tx(() => {
    if (store.threads.exists(threadId)) store.messages.replaceForThread(threadId, messages, at);
  });
}
