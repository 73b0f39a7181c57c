// Threads: upsert from the service, the list window, counts, and local-only state (unread, snooze).
// The list never joins messages: subject, snippet and count of the last message live on the row.
import type { Counts, ThreadRow } from '../../../shared/contract';
import type { ApiThread } from '../../api/schemas';
import type { Db } from '../db';
import { dataVersions } from '../dataVersion';
import { ReadCache } from '../readCache';
import { createStatusPatcher, type CachedList, type Rids } from './threadLists';
import { matchBodies, matchEachTerm, matchNames, parseSearch } from '../search';
import { WAITING_ORDER } from '../migrations/006_waiting_since';
import { nowIso } from '../util';
import { LIVE_SQL } from './outbox';

export interface ThreadQuery {
  view: 'inbox' | 'all' | 'snoozed' | 'status';
  status?: string | undefined;
  campaignId?: string | undefined;
  emailAccountId?: string | undefined;
  search?: string | undefined;
  /** newest: latest message first; waiting: the longest-waiting inbound message first. */
  sort?: 'newest' | 'waiting' | undefined;
  offset: number;
  limit: number;
}

interface ThreadDbRow {
  id: string;
  status: string;
  prospect_id: string;
  prospect_email: string;
  prospect_first: string;
  prospect_last: string;
  company: string;
  campaign_id: string;
  campaign_name: string | null;
  email_account_id: string;
  subject: string | null;
  snippet: string | null;
  last_message_at: string;
  created_at: string;
  message_count: number;
  unread: number;
  snoozed_until: string | null;
  waiting_since: string | null;
  pending: number;
}

const ROW_COLUMNS = `t.id, t.status, t.prospect_id, t.prospect_email, t.prospect_first, t.prospect_last, t.company,
  t.campaign_id, c.name AS campaign_name, t.email_account_id, t.subject, t.snippet, t.last_message_at, t.created_at,
  t.message_count, t.unread, t.snoozed_until, t.waiting_since,
  EXISTS (SELECT 1 FROM outbox o WHERE o.target_id = t.id AND o.state IN ${LIVE_SQL}) AS pending`;
const ROW_FROM = `threads t LEFT JOIN campaigns c ON c.id = t.campaign_id`;

const NEWEST_ORDER = `t.last_message_at DESC, t.id DESC`;

/** Lists (ordered ids) kept at once, and the ids they may hold in all (4 bytes each). */
const LIST_CACHE_ENTRIES = 32;
const LIST_CACHE_IDS = 2_000_000;
/** Latest-stored matches each full-text index gives to one search. */
const SEARCH_CANDIDATES = 300;

function toRow(r: ThreadDbRow, now: string): ThreadRow {
  return {
    id: r.id,
    status: r.status,
    prospectId: r.prospect_id,
    prospectName: `${r.prospect_first} ${r.prospect_last}`.trim(),
    prospectEmail: r.prospect_email,
    company: r.company,
    campaignId: r.campaign_id,
    campaignName: r.campaign_name,
    emailAccountId: r.email_account_id,
    subject: r.subject,
    snippet: r.snippet,
    lastMessageAt: r.last_message_at,
    createdAt: r.created_at,
    messageCount: r.message_count,
    unread: r.unread === 1,
    snoozedUntil: r.snoozed_until !== null && r.snoozed_until > now ? r.snoozed_until : null,
    waitingSince: r.waiting_since,
    pending: r.pending === 1,
  };
}

interface BeforeRow {
  id: string;
  status: string;
  server_status: string;
  last_message_at: string;
  raw: string;
}

export interface UpsertResult {
  created: string[];
  changed: string[];
  moved: string[];
}

export function createThreadsRepo(db: Db) {
  // An unchanged thread (same JSON, same shown status) is not written at all: no row, index or
  // full-text work. The shown status is compared too, so a local status is put back exactly as
  // before and the outbox overlay then re-applies what is still pending.
  const upsert = db.prepare(`
    INSERT INTO threads (id, status, server_status, prospect_id, prospect_email, prospect_first, prospect_last, company,
      campaign_id, email_account_id, last_message_at, created_at, raw)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (id) DO UPDATE SET status = excluded.status, server_status = excluded.server_status,
      prospect_id = excluded.prospect_id, prospect_email = excluded.prospect_email, prospect_first = excluded.prospect_first,
      prospect_last = excluded.prospect_last, company = excluded.company, campaign_id = excluded.campaign_id,
      email_account_id = excluded.email_account_id, last_message_at = excluded.last_message_at,
      created_at = excluded.created_at, raw = excluded.raw
    WHERE threads.raw IS NOT excluded.raw OR threads.status IS NOT excluded.status`);
  // What a page's threads were before it is written: one statement per page, not one per thread.
  const beforeStmt = db.prepare(
    `SELECT id, status, server_status, last_message_at, raw FROM threads WHERE id IN (SELECT value FROM json_each(?))`,
  );
  const existsStmt = db.prepare(`SELECT 1 FROM threads WHERE id = ?`).pluck();
  // Run once per synced thread: prepared once, not per call.
  const setSummaryStmt = db.prepare(
    `UPDATE threads SET subject = ?, snippet = ?, message_count = ?, messages_for = ?, waiting_since = ? WHERE id = ?`,
  );
  const markUnreadStmt = db.prepare(`UPDATE threads SET unread = 1 WHERE id = ?`);
  // Asked once per thread a messages pass takes (rows in view first), so prepared once.
  const missingStmt = db
    .prepare(`SELECT 1 FROM threads WHERE id = ? AND messages_for IS NOT last_message_at`)
    .pluck();
  const staleStmt = db
    .prepare(
      `SELECT id FROM threads INDEXED BY threads_stale WHERE messages_for IS NOT last_message_at
       ORDER BY last_message_at DESC`,
    )
    .pluck();
  const statusCountsStmt = db.prepare(`SELECT status AS s, count(*) AS n FROM threads GROUP BY status`);
  const overriddenStmt = db.prepare(
    `SELECT server_status AS server, status AS shown, count(*) AS n FROM threads INDEXED BY threads_status_overridden
     WHERE status IS NOT server_status GROUP BY server_status, status`,
  );
  const rowById = db.prepare(`SELECT ${ROW_COLUMNS} FROM ${ROW_FROM} WHERE t.id = ?`);
  const byProspect = db.prepare(
    `SELECT ${ROW_COLUMNS} FROM ${ROW_FROM} WHERE t.prospect_id = ? AND t.id <> ? ORDER BY t.last_message_at DESC LIMIT 50`,
  );
  const deleteStmt = db.prepare(`DELETE FROM threads WHERE id = ?`);
  const setStatusStmt = db.prepare(`UPDATE threads SET status = ? WHERE id = ?`);

  // --- Reads: list windows, search, counts -------------------------------------------------
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
    const where: string[] = [];
    const params: Record<string, unknown> = {};
    if (q.view === 'inbox')
      where.push(`t.status = 'open' AND (t.snoozed_until IS NULL OR t.snoozed_until <= @now)`);
    else if (q.view === 'snoozed') where.push(`t.snoozed_until > @now`);
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
    };
  };

  return {
    /** Writes threads from the service (call inside a transaction). Answers the ids that were new
     *  (`created`), whose service JSON differs from what we held (`changed`, new ones included),
     *  and those that are new or whose lastMessageAt or service status moved (`moved`). */
    upsertMany(threads: readonly ApiThread[]): UpsertResult {
      const result: UpsertResult = { created: [], changed: [], moved: [] };
      if (threads.length === 0) return result;
      const before = new Map<string, BeforeRow>();
      for (const r of beforeStmt.all(JSON.stringify(threads.map((t) => t._id))) as BeforeRow[])
        before.set(r.id, r);
      for (const t of threads) {
        const raw = JSON.stringify(t);
        const old = before.get(t._id);
        if (!old) {
          result.created.push(t._id);
          result.changed.push(t._id);
          result.moved.push(t._id);
        } else {
          if (old.raw === raw && old.status === t.status) continue;
          if (old.raw !== raw) result.changed.push(t._id);
          if (old.last_message_at !== t.lastMessageAt || old.server_status !== t.status)
            result.moved.push(t._id);
        }
        const p = t.prospect;
        upsert.run(
          t._id,
          t.status,
          t.status,
          t.prospectId,
          p.email,
          p.firstName,
          p.lastName,
          p.company,
          t.campaignId,
          t.emailAccountId,
          t.lastMessageAt,
          t.createdAt,
          raw,
        );
        // A thread listed twice in one page is compared with its first copy.
        before.set(t._id, {
          id: t._id,
          status: t.status,
          server_status: t.status,
          last_message_at: t.lastMessageAt,
          raw,
        });
      }
      return result;
    },
    /** Threads whose messages must be fetched (never fetched, or lastMessageAt moved). */
    /** Whether the thread's messages are not (all) here yet: never fetched, or older than it. */
    messagesMissing(id: string): boolean {
      return (missingStmt.get(id) as number | undefined) === 1;
    },
    staleMessageIds(): string[] {
      return staleStmt.all() as string[];
    },
    allIds(): string[] {
      return db.prepare(`SELECT id FROM threads`).pluck().all() as string[];
    },
    count(): number {
      return db.prepare(`SELECT count(*) FROM threads`).pluck().get() as number;
    },
    /** The newest lastMessageAt we hold: the watermark of incremental pulls. */
    watermark(): string | null {
      return db.prepare(`SELECT max(last_message_at) FROM threads`).pluck().get() as string | null;
    },
    /** Threads per service status: the shown status counts, corrected by the few threads whose
     *  shown status is a pending local change (a small partial index). */
    serverStatusCounts(): Record<string, number> {
      const out: Record<string, number> = {};
      for (const r of statusCountsStmt.all() as { s: string; n: number }[]) out[r.s] = r.n;
      for (const r of overriddenStmt.all() as { server: string; shown: string; n: number }[]) {
        out[r.shown] = (out[r.shown] ?? 0) - r.n;
        out[r.server] = (out[r.server] ?? 0) + r.n;
      }
      for (const k of Object.keys(out)) if (out[k] === 0) delete out[k];
      return out;
    },
    delete(id: string): void {
      deleteStmt.run(id);
    },
    exists(id: string): boolean {
      return existsStmt.get(id) !== undefined;
    },
    get(id: string): ThreadRow | null {
      const r = rowById.get(id) as ThreadDbRow | undefined;
      return r ? toRow(r, nowIso()) : null;
    },
    others(prospectId: string, exceptId: string): ThreadRow[] {
      const now = nowIso();
      return (byProspect.all(prospectId, exceptId) as ThreadDbRow[]).map((r) => toRow(r, now));
    },
    statusOf(id: string): string | null {
      return (
        (db.prepare(`SELECT status FROM threads WHERE id = ?`).pluck().get(id) as string | undefined) ?? null
      );
    },
    serverStatusOf(id: string): string | null {
      return (
        (db.prepare(`SELECT server_status FROM threads WHERE id = ?`).pluck().get(id) as
          string | undefined) ?? null
      );
    },
    setStatus(id: string, status: string): void {
      patcher.record(id, status, () => setStatusStmt.run(status, id));
    },
    markRead(ids: string[], read: boolean): void {
      const stmt = db.prepare(`UPDATE threads SET unread = ? WHERE id = ?`);
      for (const id of ids) stmt.run(read ? 0 : 1, id);
    },
    markUnread(ids: string[]): void {
      for (const id of ids) markUnreadStmt.run(id);
    },
    snooze(ids: string[], until: string | null): void {
      const stmt = db.prepare(`UPDATE threads SET snoozed_until = ? WHERE id = ?`);
      for (const id of ids) stmt.run(until, id);
    },
    setSummary(
      id: string,
      s: {
        subject: string | null;
        snippet: string | null;
        count: number;
        messagesFor: string | null;
        waitingSince: string | null;
      },
    ): void {
      setSummaryStmt.run(s.subject, s.snippet, s.count, s.messagesFor, s.waitingSince, id);
    },
    setLastMessageAt(id: string, at: string): void {
      db.prepare(`UPDATE threads SET last_message_at = max(last_message_at, ?) WHERE id = ?`).run(at, id);
    },
    /**
     * One window of a list, newest first. The list's ordered ids are read once per data version
     * (and filter), so any window, however deep, is a slice plus its rows by primary key.
     */
    list(q: ThreadQuery): { total: number; rows: ThreadRow[] } {
      const ids = listIds(q);
      return { total: ids.length, rows: rowsByRid(ids.subarray(q.offset, q.offset + q.limit)) };
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
    /** Forgets which messages we hold, so the next pull fetches them again. */
    markMessagesStale(id: string): void {
      db.prepare(`UPDATE threads SET messages_for = NULL WHERE id = ?`).run(id);
    },
    /** Puts the service's status back (after a local change was discarded). */
    restoreServerStatus(id: string): void {
      db.prepare(`UPDATE threads SET status = server_status WHERE id = ?`).run(id);
    },
    /** Every sidebar count; read once per data version (the UI asks after every change). */
    counts(): Counts {
      patcher.settle();
      return countsCache.get('counts', readCounts);
    },
    /** Builds the Inbox list and the counts ahead of the first window that asks for them. */
    warm(): void {
      listIds({ view: 'inbox', offset: 0, limit: 1 });
      this.counts();
    },
  };
}

export type ThreadsRepo = ReturnType<typeof createThreadsRepo>;
