// Pulls the service into the store. Each page is written whole, inside one transaction (several
// pages share one: pageGroups.ts), and no transaction is held across a request. Deletions are
// reconciled only after a COMPLETE pass. Order of pages is never trusted: everything is keyed by
// id, and a thread that went missing during a pass is checked on its own before it is deleted.
import { ApiError } from '../api/errors';
import { wholeListInGroups } from './pageGroups';
import type { PullContext, PullResult } from './pass';
import { allPages, pool } from './paging';
import { pullMessages } from './pullMessages';
import { fullThreadPass, incrementalThreadPass } from './pullThreads';
import { writeVia } from './writes';

const FULL_EVERY_SYNCS = 30;
const FULL_EVERY_MS = 6 * 3600_000;

/** Small lists (teams, campaigns, email accounts, tags): fetched whole, written in one go. An
 *  optional list the service lacks (404) is skipped. */
async function pullCatalog(ctx: PullContext, result: PullResult): Promise<void> {
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
  const teams = await optional(() => allPages((page, limit) => client.listTeams({ page, limit }, o)));
  const campaigns = await allPages((page, limit) => client.listCampaigns({ page, limit }, o));
  ctx.progress('email accounts', 2, 4);
  const accounts = await optional(() =>
    allPages((page, limit) => client.listEmailAccounts({ page, limit }, o)),
  );
  const tags = await optional(() =>
    allPages((page, limit) => client.listEmailAccountTags({ page, limit }, o)),
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
    store.outbox.overlay('campaigns', undefined, ctx.since);
    if (JSON.stringify(store.campaigns.list().map((c) => [c.id, c.name, c.status])) !== before)
      result.scopes.add('campaigns');
    if (accounts) {
      store.emailAccounts.upsertMany(accounts.items);
      if (accounts.complete) store.emailAccounts.retainOnly(keep(accounts));
      store.outbox.overlay('emailAccounts', undefined, ctx.since);
    }
    if (tags) {
      store.tags.upsertMany(tags.items);
      if (tags.complete) store.tags.retainOnly(keep(tags));
    }
  });
  if (accounts || tags) result.scopes.add('emailAccounts');
}

async function pullLeads(ctx: PullContext, result: PullResult, full: boolean): Promise<void> {
  const { client, store, signal } = ctx;
  let needFull = full;
  if (!needFull) {
    const probe = await client.queryLeads({ page: 1, limit: 1 }, { signal });
    needFull = probe.pagination.total !== store.leads.count();
  }
  if (needFull) {
    const { seen, total } = await wholeListInGroups(
      ctx,
      'leads',
      (page, limit) => client.queryLeads({ page, limit }, { signal }),
      async (pages) => {
        await writeVia(ctx.writer, store, 'leads', { pages });
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

export async function pull(ctx: PullContext): Promise<PullResult> {
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

  try {
    await pullCatalog(ctx, result);
    if (full) await fullThreadPass(ctx, result);
    else if (await incrementalThreadPass(ctx, result)) {
      full = true;
      result.full = true;
      await fullThreadPass(ctx, result);
    }
    await pullMessages(ctx, result, initialDone);
    await pullLeads(ctx, result, full);
  } finally {
    // The writer's connection closes with the pull: the file may be closed or moved next.
    await ctx.writer?.release(store.file);
  }

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
