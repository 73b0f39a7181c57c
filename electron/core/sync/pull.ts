// Pulls the service into the store. Each page is written in one transaction and no transaction
// is held across a request. Deletions are reconciled only after a COMPLETE pass. Order of pages
// is never trusted: everything is keyed by id, and a thread that went missing during a pass is
// checked on its own before it is deleted.
import type { ApiClient } from '../api/client';
import { iteratePages } from '../api/client';
import { ApiError } from '../api/errors';
import type { Page } from '../api/schemas';
import type { Logger } from '../log';
import type { Store } from '../store/index';

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
}

/** Above this many vanished threads, a complete pass is trusted without checking each one. */
const VERIFY_LIMIT = 50;
const CONCURRENCY = 4;
const FULL_EVERY_SYNCS = 30;
const FULL_EVERY_MS = 6 * 3600_000;

async function allPages<T>(
  ctx: Ctx,
  fetchPage: (page: number, limit: number) => Promise<Page<T>>,
): Promise<T[]> {
  const out: T[] = [];
  for await (const p of iteratePages(fetchPage)) out.push(...p.data);
  return out;
}

/** Runs `fn` over items with a few requests in flight. */
async function pool<T>(
  items: T[],
  fn: (item: T, index: number) => Promise<void>,
  signal: AbortSignal,
): Promise<void> {
  let next = 0;
  let failure: unknown = null;
  const worker = async (): Promise<void> => {
    while (next < items.length && failure === null && !signal.aborted) {
      const i = next++;
      try {
        await fn(items[i]!, i);
      } catch (err) {
        failure ??= err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
  if (failure !== null) throw failure;
  if (signal.aborted) throw new ApiError('cancelled', 'Sync cancelled.');
}

/** Small lists (teams, campaigns, email accounts, tags): fetched whole, written in one go. An
 *  optional list the service lacks (404) is skipped. */
async function pullCatalog(ctx: Ctx, result: PullResult): Promise<void> {
  const { client, store, signal } = ctx;
  const o = { signal };
  const optional = async <T>(f: () => Promise<T[]>): Promise<T[] | null> => {
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
  store.tx(() => {
    if (teams) {
      store.teams.upsertMany(teams);
      store.teams.retainOnly(new Set(teams.map((t) => t._id)));
    }
    const before = JSON.stringify(store.campaigns.list().map((c) => [c.id, c.name, c.status]));
    store.campaigns.upsertMany(campaigns);
    store.campaigns.retainOnly(new Set(campaigns.map((c) => c._id)));
    store.outbox.overlayCampaigns();
    if (JSON.stringify(store.campaigns.list().map((c) => [c.id, c.name, c.status])) !== before)
      result.scopes.add('campaigns');
    if (accounts) {
      store.emailAccounts.upsertMany(accounts);
      store.emailAccounts.retainOnly(new Set(accounts.map((a) => a._id)));
      store.outbox.overlayEmailAccounts();
    }
    if (tags) {
      store.tags.upsertMany(tags);
      store.tags.retainOnly(new Set(tags.map((t) => t._id)));
    }
  });
  if (accounts || tags) result.scopes.add('emailAccounts');
}

/** Writes one page of threads; returns whether it held anything new or moved. */
function writeThreadPage(
  ctx: Ctx,
  threads: Page<import('../api/schemas').ApiThread>['data'],
  result: PullResult,
): boolean {
  const { store } = ctx;
  let changed = false;
  store.tx(() => {
    for (const t of threads) {
      const before = store.db
        .prepare(`SELECT server_status, last_message_at, raw FROM threads WHERE id = ?`)
        .get(t._id) as { server_status: string; last_message_at: string; raw: string } | undefined;
      if (!before || before.raw !== JSON.stringify(t)) {
        result.changedThreads.add(t._id);
        if (!before || before.last_message_at !== t.lastMessageAt || before.server_status !== t.status)
          changed = true;
      }
    }
    store.threads.upsertMany(threads);
    store.outbox.overlayThreads(threads.map((t) => t._id));
  });
  return changed;
}

async function fullThreadPass(ctx: Ctx, result: PullResult): Promise<void> {
  const { client, store, signal } = ctx;
  const seen = new Set<string>();
  let total = 0;
  let page = 0;
  for await (const p of iteratePages((pg, limit) => client.listInbox({ page: pg, limit }, { signal }))) {
    page++;
    total = p.pagination.total;
    ctx.progress('threads', page, Math.max(page, p.pagination.totalPages));
    for (const t of p.data) seen.add(t._id);
    writeThreadPage(ctx, p.data, result);
  }
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

async function pullMessages(ctx: Ctx, result: PullResult, initialDone: boolean): Promise<void> {
  const { client, store, signal } = ctx;
  const ids = store.threads.staleMessageIds();
  let done = 0;
  ctx.progress('messages', 0, ids.length);
  await pool(
    ids,
    async (id) => {
      const at = store.db.prepare(`SELECT last_message_at FROM threads WHERE id = ?`).pluck().get(id) as
        string | undefined;
      if (at === undefined) return;
      let messages;
      try {
        messages = await allPages(ctx, (page, limit) => client.listMessages(id, { page, limit }, { signal }));
      } catch (err) {
        if (err instanceof ApiError && err.kind === 'not_found') {
          store.tx(() => store.threads.delete(id)); // the thread is gone from the service
          result.changedThreads.add(id);
          return;
        }
        throw err;
      }
      store.tx(() => {
        if (!store.threads.exists(id)) return;
        const { newInbound } = store.messages.replaceForThread(id, messages, at);
        if (newInbound.length > 0 && initialDone) {
          store.threads.markUnread([id]);
          result.newReplies.add(id);
        }
      });
      result.changedThreads.add(id);
      ctx.progress('messages', ++done, ids.length);
    },
    signal,
  );
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
    let page = 0;
    for await (const p of iteratePages((pg, limit) => client.queryLeads({ page: pg, limit }, { signal }))) {
      page++;
      total = p.pagination.total;
      ctx.progress('leads', page, Math.max(page, p.pagination.totalPages));
      for (const l of p.data) seen.add(l._id);
      store.tx(() => store.leads.upsertMany(p.data));
    }
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
