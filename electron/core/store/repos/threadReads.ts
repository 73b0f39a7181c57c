// Reads of the thread list: a window of any list (filter, sort, name search), the search box's
// matches and the sidebar counts. A list's ordered ids and the counts are cached until a write
// changes what they depend on (dataVersion.ts); a local status change moves them instead
// (threadLists.ts), and so does any commit of another connection the change log covers
// (listChanges.ts).
import type { Counts, ThreadRow } from '../../../shared/contract';
import type { Db } from '../db';
import { dataVersions } from '../dataVersion';
import { WAITING_ORDER } from '../migrations/006_waiting_since';
import { ReadCache } from '../readCache';
import { matchBodies, matchEachTerm, matchNames, parseSearch } from '../search';
import { nowIso } from '../util';
import { createListFollower } from './listChanges';
import { createSortKeys, type SortKeys } from './threadKeys';
import { createStatusPatcher, type CachedList, type Rids, type ThreadQuery } from './threadLists';
import { ROW_COLUMNS, ROW_FROM, toRow, type ThreadDbRow } from './threadRows';

const NEWEST_ORDER = `t.last_message_at DESC, t.id DESC`;

/** Lists (ordered ids) kept at once, and the ids they may hold in all (4 bytes each). */
const LIST_CACHE_ENTRIES = 32;
const LIST_CACHE_IDS = 2_000_000;
/** Latest-stored matches each full-text index gives to one search. */
const SEARCH_CANDIDATES = 300;

export function createThreadReads(db: Db) {
  const versions = dataVersions(db);
  const nextSnoozeEnd = db.prepare(`SELECT min(snoozed_until) FROM threads WHERE snoozed_until > ?`).pluck();
  // Inbox, Snoozed and the counts change when a snooze ends, without any write.
  const expiry = (): number => {
    const end = nextSnoozeEnd.get(nowIso()) as string | null;
    return end === null ? Infinity : Date.parse(end);
  };
  const cache = new ReadCache({
    version: versions.lists,
    expiry,
    maxEntries: LIST_CACHE_ENTRIES,
    maxWeight: LIST_CACHE_IDS,
  });
  const countsCache = new ReadCache({ version: versions.counts, expiry, maxEntries: 1, maxWeight: 1 });
  const patcher = createStatusPatcher(db, versions, cache, countsCache);
  const follow = createListFollower(db, versions, cache);
  const sortKeys = createSortKeys(db);
  /** Whether the running transaction is a read's own (one snapshot), not a caller's write. */
  let ownRead = false;
  /** Runs a read in one snapshot: the version, the log and the rows it reads agree. */
  const snapshot = <T>(read: () => T): T => {
    if (db.inTransaction) return read();
    ownRead = true;
    try {
      return db.transaction(read)();
    } finally {
      ownRead = false;
    }
  };
  const rowsStmt = db.prepare(
    `SELECT t.rid AS rid, ${ROW_COLUMNS} FROM ${ROW_FROM} WHERE t.rid IN (SELECT value FROM json_each(?))`,
  );
  /** Full rows of these threads, in the order given. */
  const rowsByRid = (rids: ArrayLike<number>): ThreadRow[] => {
    if (rids.length === 0) return [];
    const list = Array.from(rids);
    const byRid = new Map<number, ThreadDbRow & { rid: number }>();
    for (const r of rowsStmt.all(JSON.stringify(list)) as (ThreadDbRow & { rid: number })[])
      byRid.set(r.rid, r);
    const now = nowIso();
    const out: ThreadRow[] = [];
    for (const rid of list) {
      const r = byRid.get(rid);
      if (r) out.push(toRow(r, now));
    }
    return out;
  };
  /** The ordered ids of one list (filter and search), cached until the next write. */
  const listIds = (q: ThreadQuery): Rids => {
    patcher.settle();
    follow(ownRead);
    const where: string[] = [];
    const params: Record<string, unknown> = {};
    if (q.view === 'inbox' || q.view === 'suggested')
      where.push(`t.status = 'open' AND (t.snoozed_until IS NULL OR t.snoozed_until <= @now)`);
    if (q.view === 'suggested') {
      where.push(`t.suggested = @suggested`);
      params.suggested = q.suggested ?? '';
    } else if (q.view === 'snoozed') where.push(`t.snoozed_until > @now`);
    else if (q.view === 'status') {
      where.push(`t.status = @status`);
      params.status = q.status ?? 'open';
    }
    if (q.campaignId) {
      where.push(`t.campaign_id = @campaignId`);
      params.campaignId = q.campaignId;
    }
    if (q.emailAccountId) {
      where.push(`t.email_account_id = @emailAccountId`);
      params.emailAccountId = q.emailAccountId;
    }
    if (q.search !== undefined && q.search.trim() !== '') {
      const terms = matchEachTerm(parseSearch(q.search));
      if (terms.length === 0) return new Int32Array(0);
      // Each term in the thread's names or in any of its messages' subjects and text.
      terms.forEach((t, i) => {
        const names = `SELECT rowid FROM threads_fts WHERE threads_fts MATCH @names${i}`;
        const bodies = `SELECT tm.rid FROM messages m JOIN threads tm ON tm.id = m.thread_id
          WHERE m.rid IN (SELECT rowid FROM messages_fts WHERE messages_fts MATCH @bodies${i})`;
        where.push(`t.rid IN (${t.bodies === null ? names : `${names} UNION ${bodies}`})`);
        params[`names${i}`] = t.names;
        if (t.bodies !== null) params[`bodies${i}`] = t.bodies;
      });
    }
    const order =
      q.sort === 'waiting'
        ? `${WAITING_ORDER.replace('waiting_since', 't.waiting_since')}, t.id`
        : NEWEST_ORDER;
    const key = JSON.stringify(['list', where, params, order]);
    return cache.get<CachedList>(
      key,
      () => {
        const sql = `SELECT t.rid FROM threads t ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
          ORDER BY ${order}`;
        const stmt = db.prepare(sql).pluck();
        const rids = stmt.all(sql.includes('@now') ? { ...params, now: nowIso() } : params) as number[];
        const ids = rids.every((r) => r <= 0x7fffffff) ? Int32Array.from(rids) : Float64Array.from(rids);
        return { ids, q };
      },
      (l) => l.ids.length,
    ).ids;
  };

  const threadHits = db
    .prepare(`SELECT rowid FROM threads_fts WHERE threads_fts MATCH ? ORDER BY rowid DESC LIMIT ?`)
    .pluck();
  const messageHits = db
    .prepare(`SELECT rowid FROM messages_fts WHERE messages_fts MATCH ? ORDER BY rowid DESC LIMIT ?`)
    .pluck();
  const threadsOfMessages = db
    .prepare(
      `SELECT DISTINCT t.rid FROM messages m JOIN threads t ON t.id = m.thread_id
       WHERE m.rid IN (SELECT value FROM json_each(?))`,
    )
    .pluck();
  const newestOf = db
    .prepare(
      `SELECT rid FROM threads WHERE rid IN (SELECT value FROM json_each(?))
       ORDER BY last_message_at DESC, id DESC LIMIT ?`,
    )
    .pluck();
  const countOne = (sql: string) => db.prepare(sql).pluck();
  const countGroup = (sql: string) => db.prepare(sql);
  const countStmts = {
    openSnoozed: countOne(`SELECT count(*) FROM threads WHERE snoozed_until > ? AND status = 'open'`),
    snoozed: countOne(`SELECT count(*) FROM threads WHERE snoozed_until > ?`),
    unread: countOne(`SELECT count(*) FROM threads WHERE unread = 1`),
    byStatus: countGroup(`SELECT status AS k, count(*) AS n FROM threads GROUP BY status`),
    byCampaign: countGroup(`SELECT campaign_id AS k, count(*) AS n FROM threads GROUP BY campaign_id`),
    byEmailAccount: countGroup(
      `SELECT email_account_id AS k, count(*) AS n FROM threads GROUP BY email_account_id`,
    ),
    // The Inbox's threads by suggestion: the partial index holds only threads with one.
    bySuggestion: db.prepare(
      `SELECT suggested AS k, count(*) AS n FROM threads INDEXED BY threads_by_suggested
       WHERE suggested IS NOT NULL AND status = 'open' AND (snoozed_until IS NULL OR snoozed_until <= ?)
       GROUP BY suggested`,
    ),
  };
  const readCounts = (): Counts => {
    const now = nowIso();
    const group = (stmt: ReturnType<typeof countGroup>): Record<string, number> =>
      Object.fromEntries((stmt.all() as { k: string; n: number }[]).map((r) => [r.k, r.n]));
    const byStatus = group(countStmts.byStatus);
    return {
      // Open minus open-and-snoozed: the few snoozed threads are read, never all open ones.
      inbox: (byStatus.open ?? 0) - (countStmts.openSnoozed.get(now) as number),
      // Every thread has one status: the total is their sum, no second scan.
      all: Object.values(byStatus).reduce((a, b) => a + b, 0),
      snoozed: countStmts.snoozed.get(now) as number,
      unread: countStmts.unread.get() as number,
      byStatus,
      byCampaign: group(countStmts.byCampaign),
      byEmailAccount: group(countStmts.byEmailAccount),
      bySuggestion: Object.fromEntries(
        (countStmts.bySuggestion.all(now) as { k: string; n: number }[]).map((r) => [r.k, r.n]),
      ),
    };
  };

  const counts = (): Counts => {
    patcher.settle();
    return countsCache.get('counts', readCounts);
  };

  return {
    /**
     * One window of a list, newest first. The list's ordered ids are read once per data version
     * (and filter), so any window, however deep, is a slice plus its rows by primary key.
     */
    list(q: ThreadQuery): { total: number; rows: ThreadRow[] } {
      return snapshot(() => {
        const ids = listIds(q);
        return { total: ids.length, rows: rowsByRid(ids.subarray(q.offset, q.offset + q.limit)) };
      });
    },
    /**
     * Threads whose prospect, company or campaign, or any message subject or text, match; newest
     * first. Each index gives at most SEARCH_CANDIDATES of its latest-stored matches, so a word
     * found in half the store costs no more than a rare one.
     */
    search(query: string, limit: number): ThreadRow[] {
      const terms = parseSearch(query);
      const names = matchNames(terms);
      const bodies = matchBodies(terms);
      if (names === null || bodies === null) return [];
      const rids = new Set<number>(threadHits.all(names, SEARCH_CANDIDATES) as number[]);
      const msgRids = messageHits.all(bodies, SEARCH_CANDIDATES) as number[];
      if (msgRids.length > 0)
        for (const r of threadsOfMessages.all(JSON.stringify(msgRids)) as number[]) rids.add(r);
      if (rids.size === 0) return [];
      const top = newestOf.all(JSON.stringify([...rids]), limit) as number[];
      return rowsByRid(top);
    },
    /** A list's ordered row ids with every thread's sort keys, read in one snapshot: what All
     *  inboxes merges (electron/core/unified). The ids are the cached list's own array, so the
     *  same array means the same list. */
    ordered(q: ThreadQuery): { ids: Rids; keys: SortKeys } {
      return snapshot(() => ({ ids: listIds(q), keys: sortKeys() }));
    },
    /** Moves whenever any list's ids may have: a write (of any connection) to what lists read,
     *  or the next snooze's end. Equal stamps: every list is as it was (All inboxes' merged order
     *  is kept without asking each store again). */
    listStamp: (): string => `${versions.lists()}|${nextSnoozeEnd.get(nowIso()) as string | null}`,
    /** Full rows of these threads by row id (those gone since are absent). */
    // One statement reads in one snapshot by itself: no transaction around it.
    rows: (rids: ArrayLike<number>): Map<number, ThreadRow> => {
      const byRid = new Map<number, ThreadRow>();
      if (rids.length === 0) return byRid;
      const now = nowIso();
      for (const r of rowsStmt.all(JSON.stringify(Array.from(rids))) as (ThreadDbRow & { rid: number })[])
        byRid.set(r.rid, toRow(r, now));
      return byRid;
    },
    /** Every sidebar count; read once per data version (the UI asks after every change). */
    counts,
    /** Builds the Inbox list and the counts ahead of the first window that asks for them. */
    warm(): void {
      snapshot(() => listIds({ view: 'inbox', offset: 0, limit: 1 }));
      counts();
    },
    /** Runs `write` (which sets this thread's status) so the cached lists and counts follow it. */
    recordStatus: patcher.record,
  };
}
