// All inboxes' reads: one list over every account's store (each account is one workspace, with
// its own SQLite file), merged from each store's cached ordered ids (merge.ts); the merged order
// is kept until one of those lists changes, so a window is a slice plus its rows by primary key,
// as in the single inbox. Counts are the accounts' own, summed.
import type {
  Counts,
  LeadMatch,
  ThreadRow,
  UnifiedCounts,
  UnifiedQuery,
  UnifiedSearchResult,
  UnifiedWindow,
} from '../../shared/contract';
import type { LeadsRepo } from '../store/repos/leads';
import type { Rids, ThreadQuery } from '../store/repos/threadLists';
import type { ThreadsRepo } from '../store/repos/threads';
import { keyOf, LazyMerge } from './merge';

export interface UnifiedSource {
  accountId: string;
  threads: ThreadsRepo;
  leads: LeadsRepo;
}

/** Merged orders kept at once (one per list and filter the window has looked at lately). */
const MERGED_KEPT = 8;

interface Kept {
  /** The stores the order was made from: a store replaced (a workspace switch, a Rebuild) starts
   *  its change counters again, so equal stamps from another store say nothing. */
  stores: ThreadsRepo[];
  stamps: string[];
  lists: Rids[];
  merged: LazyMerge;
}

function sumCounts(all: { accountId: string; counts: Counts }[]): UnifiedCounts {
  const add = (into: Record<string, number>, from: Record<string, number>): void => {
    for (const [k, n] of Object.entries(from)) into[k] = (into[k] ?? 0) + n;
  };
  const out: UnifiedCounts = {
    inbox: 0,
    all: 0,
    snoozed: 0,
    unread: 0,
    byStatus: {},
    byCampaign: {},
    byEmailAccount: {},
    bySuggestion: {},
    byAccount: {},
  };
  for (const { accountId, counts: c } of all) {
    out.inbox += c.inbox;
    out.all += c.all;
    out.snoozed += c.snoozed;
    out.unread += c.unread;
    add(out.byStatus, c.byStatus);
    add(out.byCampaign, c.byCampaign);
    add(out.byEmailAccount, c.byEmailAccount);
    add(out.bySuggestion, c.bySuggestion);
    out.byAccount[accountId] = { inbox: c.inbox, unread: c.unread };
  }
  return out;
}

/** One store's matches for the palette's search, with its account. */
export interface StoreSearch {
  accountId: string;
  threads: ThreadRow[];
  leads: LeadMatch[];
}

/** One store's matches, read on this thread. */
export const searchHere = (s: UnifiedSource, query: string, limit: number): StoreSearch => ({
  accountId: s.accountId,
  threads: s.threads.search(query, limit),
  leads: s.leads.top(query, limit),
});

/** The stores' matches as one answer, whichever thread read them: the newest `limit` threads of
 *  all (a tie keeps the stores' order), and every store's people in the stores' order. */
export function mergeSearch(per: readonly StoreSearch[], limit: number): UnifiedSearchResult {
  const threads: ThreadRow[] = [];
  const leads: UnifiedSearchResult['leads'] = [];
  for (const s of per) {
    for (const t of s.threads) threads.push({ ...t, accountId: s.accountId });
    for (const l of s.leads) leads.push({ ...l, accountId: s.accountId });
  }
  threads.sort((a, b) =>
    a.lastMessageAt < b.lastMessageAt ? 1 : a.lastMessageAt > b.lastMessageAt ? -1 : 0,
  );
  return { threads: threads.slice(0, limit), leads: leads.slice(0, limit * per.length) };
}

export function createUnifiedReads() {
  const kept = new Map<string, Kept>();

  const order = (sources: readonly UnifiedSource[], q: UnifiedQuery): LazyMerge => {
    const sort = q.sort ?? 'newest';
    const query: ThreadQuery = {
      view: q.view,
      status: q.status,
      suggested: q.suggested,
      search: q.search,
      sort,
      offset: 0,
      limit: 1,
    };
    const accounts = sources.map((s) => s.accountId);
    const key = JSON.stringify([query.view, query.status, query.suggested, query.search, sort, accounts]);
    const hit = kept.get(key);
    const keep = (k: Kept): LazyMerge => {
      kept.delete(key);
      kept.set(key, k);
      return k.merged;
    };
    const stores = sources.map((s) => s.threads);
    const same = hit?.stores.every((t, i) => t === stores[i]) ? hit : undefined;
    // Nothing any list reads has moved in any store: the merged order stands as it is.
    const stamps = sources.map((s) => s.threads.listStamp());
    if (same && same.stamps.every((st, i) => st === stamps[i])) return keep(same);
    const per = sources.map((s) => s.threads.ordered(query));
    // Something moved, but not these lists (a write elsewhere, or a change patched in place).
    if (same && same.lists.every((ids, i) => ids === per[i]!.ids)) return keep({ ...same, stamps });
    const merged = new LazyMerge(per.map(({ ids, keys }) => ({ ids, key: keyOf(keys, sort) })));
    kept.delete(key);
    kept.set(key, { stores, stamps, lists: per.map((p) => p.ids), merged });
    while (kept.size > MERGED_KEPT) kept.delete(kept.keys().next().value!);
    return merged;
  };

  const counts = (sources: readonly UnifiedSource[]): UnifiedCounts =>
    sumCounts(sources.map((s) => ({ accountId: s.accountId, counts: s.threads.counts() })));

  return {
    list(sources: readonly UnifiedSource[], q: UnifiedQuery): UnifiedWindow {
      const merged = order(sources, q);
      const slice = merged.window(q.offset, q.limit);
      const wanted = sources.map((): number[] => []);
      for (const { source, rid } of slice) wanted[source]!.push(rid);
      const found = sources.map((s, i) => (wanted[i]!.length ? s.threads.rows(wanted[i]!) : null));
      const rows: ThreadRow[] = [];
      for (const { source, rid } of slice) {
        const row = found[source]?.get(rid);
        if (row) rows.push({ ...row, accountId: sources[source]!.accountId });
      }
      const total = merged.total;
      return { total, offset: q.offset, rows, ...(q.withCounts ? { counts: counts(sources) } : {}) };
    },
    counts,
    /** The palette's search in every store: the newest `limit` threads of all, and the people. */
    search: (sources: readonly UnifiedSource[], query: string, limit: number): UnifiedSearchResult =>
      mergeSearch(
        sources.map((s) => searchHere(s, query, limit)),
        limit,
      ),
  };
}
