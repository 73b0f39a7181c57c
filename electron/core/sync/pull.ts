// Pulls the service into the store. Each page is written in one transaction and no transaction
// is held across a request. Deletions are reconciled only after a COMPLETE pass. Order of pages
// is never trusted: everything is keyed by id, and a thread that went missing during a pass is
// checked on its own before it is deleted.
import type { ApiClient } from '../api/client';
import { iteratePages } from '../api/client';
import { ApiError } from '../api/errors';
import { PAGE_LIMIT_MAX } from '../api/endpoints';
import type { ApiMessage, ApiThread, Page } from '../api/schemas';
import type { Logger } from '../log';
import type { Store } from '../store/index';
import { messageQueue, type Taken } from './messageQueue';

export type Progress = (phase: string, done: number, total: number) => void;

export interface PullResult {
  full: boolean;
  changedThreads: Set<string>;
  /** Threads with new inbound messages (after the first sync). */
  newReplies: Set<string>;
  scopes: Set<'threads' | 'campaigns' | 'leads' | 'emailAccounts'>;
}

interface Ctx {
  client: ApiClient;
  store: Store;
  log: Logger;
  signal: AbortSignal;
  progress: Progress;
  /** When the pull began: a change the service confirmed after this is newer than the pages, so
   *  it is laid over them like a waiting one (pushes run beside pulls). */
  since?: string;
  /** The threads the person has in view now: the messages pass fetches those first. */
  inView?: () => readonly string[];
}

/** Above this many vanished threads, a complete pass is trusted without checking each one. */
const VERIFY_LIMIT = 50;
/** Requests in flight: enough that the service always has work while a page is being written. */
const CONCURRENCY = 6;
/** Fetched threads' messages are written together, in one transaction, once this many are
 *  waiting or the oldest has waited this long: one commit (and one full-text segment) per batch
 *  instead of one per thread. */
const MESSAGE_BATCH = 128;
const MESSAGE_BATCH_MS = 250;
const FULL_EVERY_SYNCS = 30;
const FULL_EVERY_MS = 6 * 3600_000;

/** Every item of a list, and whether the pass was complete: as many distinct ids as the service
 *  counted. Only a complete pass may prune what it did not list. */
async function allPages<T extends { _id: string }>(
  ctx: Ctx,
  fetchPage: (page: number, limit: number) => Promise<Page<T>>,
): Promise<{ items: T[]; complete: boolean }> {
  const out = new Map<string, T>();
  let total = 0;
  const totals = new Set<number>();
  for await (const p of iteratePages(fetchPage)) {
    for (const x of p.data) out.set(x._id, x);
    total = p.pagination.total;
    totals.add(total);
  }
  return { items: [...out.values()], complete: totals.size <= 1 && out.size >= total };
}

/** A list that must be whole (a thread's messages): paged again, a few times, when items moved
 *  under the paging (one deleted meanwhile shifts the next page and skips an item). */
async function wholeList<T extends { _id: string }>(
  ctx: Ctx,
  fetchPage: (page: number, limit: number) => Promise<Page<T>>,
): Promise<{ items: T[]; complete: boolean }> {
  let last = await allPages(ctx, fetchPage);
  for (let i = 0; i < 2 && !last.complete; i++) last = await allPages(ctx, fetchPage);
  return last;
}

/** Runs `fn` over items with a few requests in flight. Items come from a list, or from a queue
 *  that decides at each take what comes next (`take` is called only when a worker is free). */
async function pool<T>(
  items: T[] | { size: number; take(): T | undefined },
  fn: (item: T) => Promise<void>,
  signal: AbortSignal,
): Promise<void> {
  let next = 0;
  const queue = Array.isArray(items)
    ? { size: items.length, take: () => (next < items.length ? items[next++] : undefined) }
    : items;
  let failure: unknown = null;
  const worker = async (): Promise<void> => {
    while (failure === null && !signal.aborted) {
      const item = queue.take();
      if (item === undefined) return;
      try {
        await fn(item);
      } catch (err) {
        failure ??= err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, queue.size) }, worker));
  if (failure !== null) throw failure;
  if (signal.aborted) throw new ApiError('cancelled', 'Sync cancelled.');
}

/**
 * Every page of a list, several in flight: page 1 first (it tells how many there are), then the
 * rest through the pool, in any order (callers key by id). Pages that arrive while the previous
 * ones are being written are handed to `onPages` together, once the event loop is free, so the
 * caller can write them in one transaction (each page whole, never split); when the service is
 * the slower side that is one page at a time, as before. `onPages` must not await.
 */
async function eachPageConcurrently<T>(
  ctx: Ctx,
  fetchPage: (page: number, limit: number) => Promise<Page<T>>,
  onPages: (pages: Page<T>[], done: number, totalPages: number) => void,
): Promise<void> {
  const first = await fetchPage(1, PAGE_LIMIT_MAX);
  let totalPages = Math.max(1, first.pagination.totalPages);
  let done = 1;
  onPages([first], done, totalPages);
  if (first.data.length === 0) return;
  let waiting: Page<T>[] = [];
  let scheduled: NodeJS.Immediate | null = null;
  let failure: unknown = null;
  const flush = (): void => {
    scheduled = null;
    if (waiting.length === 0) return;
    const batch = waiting;
    waiting = [];
    done += batch.length;
    try {
      onPages(batch, done, Math.max(done, totalPages));
    } catch (err) {
      failure ??= err;
    }
  };
  // Pages 2..totalPages; a later answer may say there are more (rows added meanwhile) and an
  // empty page means the end, as when paging one by one.
  let next = 2;
  let end = Infinity;
  const worker = async (): Promise<void> => {
    while (failure === null && !ctx.signal.aborted) {
      const page = next;
      if (page > totalPages || page > end) return;
      next++;
      try {
        const p = await fetchPage(page, PAGE_LIMIT_MAX);
        if (p.data.length === 0) end = Math.min(end, page);
        totalPages = Math.max(totalPages, p.pagination.totalPages);
        waiting.push(p);
        scheduled ??= setImmediate(flush);
      } catch (err) {
        failure ??= err;
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  // Pages fetched before a failure are still good: written before the failure is reported.
  if (scheduled !== null) clearImmediate(scheduled);
  flush();
  if (failure !== null) throw failure;
  if (ctx.signal.aborted) throw new ApiError('cancelled', 'Sync cancelled.');
}

/** Small lists (teams, campaigns, email accounts, tags): fetched whole, written in one go. An
 *  optional list the service lacks (404) is skipped. */
async function pullCatalog(ctx: Ctx, result: PullResult): Promise<void> {
  const { client, store, signal } = ctx;
  const o = { signal };
  const optional = async <T>(
    f: () => Promise<{ items: T[]; complete: boolean }>,
  ): Promise<{ items: T[]; complete: boolean } | null> => {
    try {
      return await f();
    } catch (err) {
      if (err instanceof ApiError && err.kind === 'not_supported') return null;
      throw err;
    }
  };
  ctx.progress('campaigns', 0, 4);
  const teams = await optional(() => allPages(ctx, (page, limit) => client.listTeams({ page, limit }, o)));
  const campaigns = await allPages(ctx, (page, limit) => client.listCampaigns({ page, limit }, o));
  ctx.progress('email accounts', 2, 4);
  const accounts = await optional(() =>
    allPages(ctx, (page, limit) => client.listEmailAccounts({ page, limit }, o)),
  );
  const tags = await optional(() =>
    allPages(ctx, (page, limit) => client.listEmailAccountTags({ page, limit }, o)),
  );
  // Each catalog is pruned only after a complete pass (every id the service counted was seen).
  const keep = (l: { items: { _id: string }[] }) => new Set(l.items.map((x) => x._id));
  store.tx(() => {
    if (teams) {
      store.teams.upsertMany(teams.items);
      if (teams.complete) store.teams.retainOnly(keep(teams));
    }
    const before = JSON.stringify(store.campaigns.list().map((c) => [c.id, c.name, c.status]));
    store.campaigns.upsertMany(campaigns.items);
    if (campaigns.complete) store.campaigns.retainOnly(keep(campaigns));
    store.outbox.overlayCampaigns(ctx.since);
    if (JSON.stringify(store.campaigns.list().map((c) => [c.id, c.name, c.status])) !== before)
      result.scopes.add('campaigns');
    if (accounts) {
      store.emailAccounts.upsertMany(accounts.items);
      if (accounts.complete) store.emailAccounts.retainOnly(keep(accounts));
      store.outbox.overlayEmailAccounts(ctx.since);
    }
    if (tags) {
      store.tags.upsertMany(tags.items);
      if (tags.complete) store.tags.retainOnly(keep(tags));
    }
  });
  if (accounts || tags) result.scopes.add('emailAccounts');
}

/** Writes one page of threads; returns whether it held anything new or moved. */
function writeThreadPage(ctx: Ctx, threads: ApiThread[], result: PullResult): boolean {
  const { store } = ctx;
  return store.tx(() => {
    const { changed, moved } = store.threads.upsertMany(threads);
    for (const id of changed) result.changedThreads.add(id);
    store.outbox.overlayThreads(
      threads.map((t) => t._id),
      ctx.since,
    );
    return moved.length > 0;
  });
}

async function fullThreadPass(ctx: Ctx, result: PullResult): Promise<void> {
  const { client, store, signal } = ctx;
  const seen = new Set<string>();
  let total = 0;
  await eachPageConcurrently(
    ctx,
    (page, limit) => client.listInbox({ page, limit }, { signal }),
    (pages, done, totalPages) => {
      store.tx(() => {
        for (const p of pages) {
          total = Math.max(total, p.pagination.total);
          for (const t of p.data) seen.add(t._id);
          writeThreadPage(ctx, p.data, result);
        }
      });
      ctx.progress('threads', done, totalPages);
    },
  );
  // The pass is complete: what we hold and the service did not list is gone, unless paging
  // shifted under us. A few are checked one by one; many are trusted only if the count adds up.
  const vanished = store.threads.allIds().filter((id) => !seen.has(id));
  store.syncState.set('full_needed', null);
  if (vanished.length > 0 && vanished.length <= VERIFY_LIMIT) {
    for (const id of vanished) {
      try {
        const t = await client.getThread(id, { signal });
        writeThreadPage(ctx, [t], result);
      } catch (err) {
        if (!(err instanceof ApiError && err.kind === 'not_found')) throw err;
        store.tx(() => store.threads.delete(id));
        result.changedThreads.add(id);
      }
    }
  } else if (vanished.length > 0 && seen.size >= total) {
    store.tx(() => {
      for (const id of vanished) store.threads.delete(id);
    });
    for (const id of vanished) result.changedThreads.add(id);
  } else if (vanished.length > 0) {
    ctx.log.warn('thread pass incomplete; deletions postponed', {
      vanished: vanished.length,
      seen: seen.size,
      total,
    });
    store.syncState.set('full_needed', '1');
  }
}

/** Incremental: the newest pages until one holds nothing new, then totals per status decide
 *  whether a full membership pass is needed. Returns whether it was. */
async function incrementalThreadPass(ctx: Ctx, result: PullResult): Promise<boolean> {
  const { client, store, signal } = ctx;
  let serverTotal = 0;
  let page = 0;
  for await (const p of iteratePages((pg, limit) => client.listInbox({ page: pg, limit }, { signal }))) {
    page++;
    if (page === 1) serverTotal = p.pagination.total;
    ctx.progress('threads', page, page);
    const changed = writeThreadPage(ctx, p.data, result);
    if (!changed) break;
  }
  if (store.threads.count() !== serverTotal) return true;
  const local = store.threads.serverStatusCounts();
  for (const [status, n] of Object.entries(local)) {
    const p = await client.listInbox({ page: 1, limit: 1, status }, { signal });
    if (p.pagination.total !== n) return true;
  }
  return false;
}

interface FetchedMessages {
  id: string;
  /** The thread's lastMessageAt when its messages were asked for: the watermark they satisfy. */
  at: string;
  /** null: the service no longer has the thread. */
  messages: ApiMessage[] | null;
}

async function pullMessages(ctx: Ctx, result: PullResult, initialDone: boolean): Promise<void> {
  const { client, store, signal } = ctx;
  const ids = store.threads.staleMessageIds();
  const queue = messageQueue(ids, ctx.inView ?? (() => []), (id) => store.threads.messagesMissing(id));
  /** Threads taken for being in view whose fetch has not ended: when the last one ends, the batch
   *  is written at once, so the rows in view show their messages without waiting for the batch. */
  let hintedOut = 0;
  const lastMessageAt = store.db.prepare(`SELECT last_message_at FROM threads WHERE id = ?`).pluck();
  let done = 0;
  ctx.progress('messages', 0, ids.length);
  let waiting: FetchedMessages[] = [];
  let oldest = 0;
  // Writes every fetched thread in one transaction. A thread's watermark (messages_for) moves
  // only here, with its messages, so a crash loses at most a batch of fetches, never consistency.
  const flush = (): void => {
    if (waiting.length === 0) return;
    const batch = waiting;
    waiting = [];
    store.tx(() => {
      for (const f of batch) {
        if (f.messages === null) {
          store.threads.delete(f.id); // the thread is gone from the service
          continue;
        }
        if (!store.threads.exists(f.id)) continue;
        const { newInbound } = store.messages.replaceForThread(f.id, f.messages, f.at);
        if (newInbound.length > 0 && initialDone) {
          store.threads.markUnread([f.id]);
          result.newReplies.add(f.id);
        }
      }
    });
    for (const f of batch) result.changedThreads.add(f.id);
    done += batch.length;
    ctx.progress('messages', done + queue.skipped, ids.length);
  };
  /** One thread's messages, or undefined when they must wait for a later sync. */
  const fetchOne = async (id: string): Promise<FetchedMessages | undefined> => {
    const at = lastMessageAt.get(id) as string | undefined;
    if (at === undefined) return undefined;
    try {
      const list = await wholeList(ctx, (page, limit) =>
        client.listMessages(id, { page, limit }, { signal }),
      );
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
    async ({ id, hinted }: Taken) => {
      let fetched: FetchedMessages | undefined;
      try {
        fetched = await fetchOne(id);
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
    },
    signal,
  );
  try {
    await fetchAll;
  } catch (err) {
    // What was fetched before a failure or cancellation is still good: keep it, but let the
    // failure that stopped the pass be the one reported.
    try {
      flush();
    } catch (writeErr) {
      ctx.log.warn('fetched messages not written', { error: String(writeErr) });
    }
    throw err;
  }
  flush();
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
  ctx: Pick<Ctx, 'client' | 'store' | 'signal'>,
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

async function pullLeads(ctx: Ctx, result: PullResult, full: boolean): Promise<void> {
  const { client, store, signal } = ctx;
  let needFull = full;
  if (!needFull) {
    const probe = await client.queryLeads({ page: 1, limit: 1 }, { signal });
    needFull = probe.pagination.total !== store.leads.count();
  }
  if (needFull) {
    const seen = new Set<string>();
    let total = 0;
    await eachPageConcurrently(
      ctx,
      (page, limit) => client.queryLeads({ page, limit }, { signal }),
      (pages, done, totalPages) => {
        store.tx(() => {
          for (const p of pages) store.leads.upsertMany(p.data);
        });
        for (const p of pages) {
          total = Math.max(total, p.pagination.total);
          for (const l of p.data) seen.add(l._id);
        }
        ctx.progress('leads', done, totalPages);
      },
    );
    if (seen.size >= total) {
      const gone = store.leads.allIds().filter((id) => !seen.has(id));
      store.tx(() => {
        for (const id of gone) store.leads.delete(id);
      });
    }
    store.syncState.set('missing_leads', null);
    result.scopes.add('leads');
  }
  // Prospects of threads that no list brought: fetched one by one, and remembered when absent.
  const known = new Set<string>(JSON.parse(store.syncState.get('missing_leads') ?? '[]') as string[]);
  const missing = store.leads.missingProspects().filter((id) => !known.has(id));
  await pool(
    missing,
    async (id) => {
      try {
        const lead = await client.getLead(id, { signal });
        store.tx(() => store.leads.upsertMany([lead]));
        result.scopes.add('leads');
      } catch (err) {
        if (err instanceof ApiError && (err.kind === 'not_found' || err.kind === 'invalid')) known.add(id);
        else throw err;
      }
    },
    signal,
  );
  store.syncState.set('missing_leads', JSON.stringify([...known]));
}

export async function pull(ctx: Ctx): Promise<PullResult> {
  const { store } = ctx;
  const initialDone = store.syncState.get('initial_done') === '1';
  const lastFull = Date.parse(store.syncState.get('last_full_at') ?? '') || 0;
  const since = Number(store.syncState.get('syncs_since_full') ?? '0');
  let full =
    !initialDone ||
    store.syncState.get('full_needed') === '1' ||
    since >= FULL_EVERY_SYNCS ||
    Date.now() - lastFull > FULL_EVERY_MS;
  const result: PullResult = { full, changedThreads: new Set(), newReplies: new Set(), scopes: new Set() };

  await pullCatalog(ctx, result);
  if (full) await fullThreadPass(ctx, result);
  else if (await incrementalThreadPass(ctx, result)) {
    full = true;
    result.full = true;
    await fullThreadPass(ctx, result);
  }
  await pullMessages(ctx, result, initialDone);
  await pullLeads(ctx, result, full);

  store.tx(() => {
    store.syncState.set('initial_done', '1');
    if (full) {
      store.syncState.set('last_full_at', new Date().toISOString());
      store.syncState.set('syncs_since_full', '0');
    } else store.syncState.set('syncs_since_full', String(since + 1));
  });
  if (result.changedThreads.size > 0) result.scopes.add('threads');
  return result;
}
