// Threads: upsert from the service, the list window, counts, and local-only state (unread, snooze).
// The list never joins messages: subject, snippet and count of the last message live on the row.
import type { Counts, ThreadRow } from '../../../contract';
import type { ApiThread } from '../../api/schemas';
import type { Db } from '../db';
import { ftsQuery, nowIso } from '../util';

export interface ThreadQuery {
  view: 'inbox' | 'all' | 'snoozed' | 'status';
  status?: string | undefined;
  campaignId?: string | undefined;
  emailAccountId?: string | undefined;
  search?: string | undefined;
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
  pending: number;
}

const ROW_COLUMNS = `t.id, t.status, t.prospect_id, t.prospect_email, t.prospect_first, t.prospect_last, t.company,
  t.campaign_id, c.name AS campaign_name, t.email_account_id, t.subject, t.snippet, t.last_message_at, t.created_at,
  t.message_count, t.unread, t.snoozed_until,
  EXISTS (SELECT 1 FROM outbox o WHERE o.target_id = t.id) AS pending`;
const ROW_FROM = `threads t LEFT JOIN campaigns c ON c.id = t.campaign_id`;

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
      setStatusStmt.run(status, id);
    },
    markRead(ids: string[], read: boolean): void {
      const stmt = db.prepare(`UPDATE threads SET unread = ? WHERE id = ?`);
      for (const id of ids) stmt.run(read ? 0 : 1, id);
    },
    markUnread(ids: string[]): void {
      const stmt = db.prepare(`UPDATE threads SET unread = 1 WHERE id = ?`);
      for (const id of ids) stmt.run(id);
    },
    snooze(ids: string[], until: string | null): void {
      const stmt = db.prepare(`UPDATE threads SET snoozed_until = ? WHERE id = ?`);
      for (const id of ids) stmt.run(until, id);
    },
    setSummary(
      id: string,
      s: { subject: string | null; snippet: string | null; count: number; messagesFor: string | null },
    ): void {
      db.prepare(
        `UPDATE threads SET subject = ?, snippet = ?, message_count = ?, messages_for = ? WHERE id = ?`,
      ).run(s.subject, s.snippet, s.count, s.messagesFor, id);
    },
    setLastMessageAt(id: string, at: string): void {
      db.prepare(`UPDATE threads SET last_message_at = max(last_message_at, ?) WHERE id = ?`).run(at, id);
    },
    list(q: ThreadQuery): { total: number; rows: ThreadRow[] } {
      const now = nowIso();
      const where: string[] = [];
      const params: Record<string, unknown> = { now };
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
        const match = ftsQuery(q.search);
        if (match === null) return { total: 0, rows: [] };
        where.push(`t.rid IN (SELECT rowid FROM threads_fts WHERE threads_fts MATCH @match)`);
        params.match = match;
      }
      const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
      const total = db.prepare(`SELECT count(*) FROM threads t ${whereSql}`).pluck().get(params) as number;
      // The window is found on the index alone, then only its rows are read in full.
      const rids = db
        .prepare(
          `SELECT t.rid FROM threads t ${whereSql} ORDER BY t.last_message_at DESC, t.id DESC LIMIT @limit OFFSET @offset`,
        )
        .pluck()
        .all({ ...params, limit: q.limit, offset: q.offset }) as number[];
      if (rids.length === 0) return { total, rows: [] };
      const rows = db
        .prepare(
          `SELECT ${ROW_COLUMNS} FROM ${ROW_FROM} WHERE t.rid IN (SELECT value FROM json_each(?))
           ORDER BY t.last_message_at DESC, t.id DESC`,
        )
        .all(JSON.stringify(rids)) as ThreadDbRow[];
      return { total, rows: rows.map((r) => toRow(r, now)) };
    },
    /** Threads whose prospect, company or campaign, or any message subject or text, match. */
    search(query: string, limit: number): ThreadRow[] {
      const match = ftsQuery(query);
      if (match === null) return [];
      const now = nowIso();
      const rows = db
        .prepare(
          `SELECT ${ROW_COLUMNS} FROM ${ROW_FROM} WHERE t.rid IN (
             SELECT rowid FROM threads_fts WHERE threads_fts MATCH @match
             UNION SELECT th.rid FROM messages m JOIN threads th ON th.id = m.thread_id
               WHERE m.rid IN (SELECT rowid FROM messages_fts WHERE messages_fts MATCH @match))
           ORDER BY t.last_message_at DESC, t.id DESC LIMIT @limit`,
        )
        .all({ match, limit }) as ThreadDbRow[];
      return rows.map((r) => toRow(r, now));
    },
    /** Forgets which messages we hold, so the next pull fetches them again. */
    markMessagesStale(id: string): void {
      db.prepare(`UPDATE threads SET messages_for = NULL WHERE id = ?`).run(id);
    },
    /** Puts the service's status back (after a local change was discarded). */
    restoreServerStatus(id: string): void {
      db.prepare(`UPDATE threads SET status = server_status WHERE id = ?`).run(id);
    },
    counts(): Counts {
      const now = nowIso();
      const one = (sql: string, ...args: unknown[]): number =>
        db
          .prepare(sql)
          .pluck()
          .get(...args) as number;
      const group = (sql: string): Record<string, number> =>
        Object.fromEntries((db.prepare(sql).all() as { k: string; n: number }[]).map((r) => [r.k, r.n]));
      return {
        inbox: one(
          `SELECT count(*) FROM threads WHERE status = 'open' AND (snoozed_until IS NULL OR snoozed_until <= ?)`,
          now,
        ),
        all: one(`SELECT count(*) FROM threads`),
        snoozed: one(`SELECT count(*) FROM threads WHERE snoozed_until > ?`, now),
        unread: one(`SELECT count(*) FROM threads WHERE unread = 1`),
        byStatus: group(`SELECT status AS k, count(*) AS n FROM threads GROUP BY status`),
        byCampaign: group(`SELECT campaign_id AS k, count(*) AS n FROM threads GROUP BY campaign_id`),
        byEmailAccount: group(
          `SELECT email_account_id AS k, count(*) AS n FROM threads GROUP BY email_account_id`,
        ),
      };
    },
  };
}

export type ThreadsRepo = ReturnType<typeof createThreadsRepo>;
