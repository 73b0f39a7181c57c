// Threads: upsert from the service, local-only state (unread, snooze), and the reads of the list
// (threadReads.ts). The list never joins messages: subject, snippet and count of the last message
// live on the row.
import type { ThreadRow } from '../../../shared/contract';
import type { ApiThread } from '../../api/schemas';
import type { Statement } from 'better-sqlite3';
import type { Db } from '../db';
import { nowIso } from '../util';
import { createThreadReads } from './threadReads';
import { ROW_COLUMNS, ROW_FROM, toRow, type ThreadDbRow } from './threadRows';

/** The columns a thread's service JSON decides (status: the shown one, put back to the service's). */
const SERVICE_COLUMNS = [
  'status',
  'server_status',
  'prospect_id',
  'prospect_email',
  'prospect_first',
  'prospect_last',
  'company',
  'campaign_id',
  'email_account_id',
  'last_message_at',
  'created_at',
  'raw',
] as const;
type ServiceRow = Record<(typeof SERVICE_COLUMNS)[number], string>;
type BeforeRow = ServiceRow & { id: string };

function serviceRow(t: ApiThread, raw: string): ServiceRow {
  const p = t.prospect;
  return {
    status: t.status,
    server_status: t.status,
    prospect_id: t.prospectId,
    prospect_email: p.email,
    prospect_first: p.firstName,
    prospect_last: p.lastName,
    company: p.company,
    campaign_id: t.campaignId,
    email_account_id: t.emailAccountId,
    last_message_at: t.lastMessageAt,
    created_at: t.createdAt,
    raw,
  };
}

export interface UpsertResult {
  created: string[];
  changed: string[];
  moved: string[];
}

export function createThreadsRepo(db: Db) {
  // An unchanged thread (same JSON, same shown status) is not written at all: no row, index or
  // full-text work. A changed one has only the columns that moved set, so only the indexes over
  // them are rewritten (a new reply moves last_message_at and raw, not the status or campaign
  // indexes). The shown status is compared too, so a local status is put back exactly as before
  // and the outbox overlay then re-applies what is still pending.
  const insert = db.prepare(
    `INSERT INTO threads (id, ${SERVICE_COLUMNS.join(', ')}) VALUES (?${', ?'.repeat(SERVICE_COLUMNS.length)})`,
  );
  const updates = new Map<string, Statement>();
  const updateOf = (cols: readonly string[]): Statement => {
    const key = cols.join(', ');
    let stmt = updates.get(key);
    if (!stmt) {
      stmt = db.prepare(`UPDATE threads SET ${cols.map((c) => `${c} = ?`).join(', ')} WHERE id = ?`);
      updates.set(key, stmt);
    }
    return stmt;
  };
  // What a page's threads were before it is written: one statement per page, not one per thread.
  const beforeStmt = db.prepare(
    `SELECT id, ${SERVICE_COLUMNS.join(', ')} FROM threads WHERE id IN (SELECT value FROM json_each(?))`,
  );
  const existsStmt = db.prepare(`SELECT 1 FROM threads WHERE id = ?`).pluck();
  // Run once per synced thread: prepared once, not per call.
  // A suggestion holds only for the reply it was made from: a new reply drops it (the row and the
  // Suggested folders show none, and nothing can accept it) until its own is made.
  const setSummaryStmt = db.prepare(
    `UPDATE threads SET subject = ?, snippet = ?, message_count = ?, messages_for = ?, waiting_since = ?,
       suggest_due = max(suggest_due, ?),
       suggestion = CASE WHEN ? THEN NULL ELSE suggestion END,
       suggested = CASE WHEN ? THEN NULL ELSE suggested END
     WHERE id = ?`,
  );
  const markUnreadStmt = db.prepare(`UPDATE threads SET unread = 1 WHERE id = ?`);
  // Asked once per thread a messages pass takes (rows in view first), so prepared once.
  const missingStmt = db
    .prepare(`SELECT last_message_at FROM threads WHERE id = ? AND messages_for IS NOT last_message_at`)
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
  const countStmt = db.prepare(`SELECT count(*) FROM threads`).pluck();
  const staleOneStmt = db.prepare(`UPDATE threads SET messages_for = NULL WHERE id = ?`);
  const lastMessageAtStmt = db.prepare(
    `UPDATE threads SET last_message_at = max(last_message_at, ?) WHERE id = ?`,
  );

  const forgetEndedStmt = db.prepare(
    `UPDATE threads INDEXED BY threads_snoozed SET snoozed_until = NULL
     WHERE snoozed_until IS NOT NULL AND snoozed_until <= ?`,
  );
  const forgetEndedOneStmt = db.prepare(
    `UPDATE threads SET snoozed_until = NULL WHERE id = ? AND snoozed_until <= ?`,
  );
  const reads = createThreadReads(db);

  return {
    list: reads.list,
    ordered: reads.ordered,
    listStamp: reads.listStamp,
    rows: reads.rows,
    search: reads.search,
    counts: reads.counts,
    warm: reads.warm,
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
        const row = serviceRow(t, raw);
        if (!old) insert.run(t._id, ...SERVICE_COLUMNS.map((c) => row[c]));
        else {
          const cols = SERVICE_COLUMNS.filter((c) => old[c] !== row[c]);
          updateOf(cols).run(...cols.map((c) => row[c]), t._id);
        }
        // A thread listed twice in one page is compared with its first copy.
        before.set(t._id, { id: t._id, ...row });
      }
      return result;
    },
    /** Whether the thread's messages are not (all) here yet: never fetched, or older than it. */
    messagesMissing(id: string): boolean {
      return missingStmt.get(id) !== undefined;
    },
    /** The thread's lastMessageAt while its messages are not that recent yet, else undefined. */
    staleWatermark(id: string): string | undefined {
      return missingStmt.get(id) as string | undefined;
    },
    staleMessageIds(): string[] {
      return staleStmt.all() as string[];
    },
    allIds(): string[] {
      return db.prepare(`SELECT id FROM threads`).pluck().all() as string[];
    },
    count(): number {
      return countStmt.get() as number;
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
    setStatus(id: string, status: string): void {
      reads.recordStatus(id, status, () => setStatusStmt.run(status, id));
    },
    markRead(ids: string[], read: boolean): void {
      const stmt = db.prepare(`UPDATE threads SET unread = ? WHERE id = ?`);
      for (const id of ids) stmt.run(read ? 0 : 1, id);
    },
    markUnread(ids: string[]): void {
      for (const id of ids) markUnreadStmt.run(id);
    },
    /** Answers how many of the threads are here (and were snoozed). */
    snooze(ids: string[], until: string | null): number {
      const stmt = db.prepare(`UPDATE threads SET snoozed_until = ? WHERE id = ?`);
      let n = 0;
      for (const id of ids) n += stmt.run(until, id).changes;
      return n;
    },
    /** Forgets snoozes that ended by `now` (of one thread, or every thread): an ended snooze must
     *  not be read later as the end of an absence. */
    forgetEndedSnoozes(now: string, id?: string): void {
      if (id === undefined) forgetEndedStmt.run(now);
      else forgetEndedOneStmt.run(id, now);
    },
    /** Threads marked out of office whose snooze has ended: the prospect is back. */
    returnedAbsent(now: string): string[] {
      return db
        .prepare(
          `SELECT id FROM threads INDEXED BY threads_snoozed
           WHERE snoozed_until IS NOT NULL AND snoozed_until <= ? AND status = 'out_of_office'`,
        )
        .pluck()
        .all(now) as string[];
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
      /** Its suggestion must be read again (new messages came). */
      due = false,
      /** A reply the suggestion was not made from arrived: the suggestion is dropped now. */
      newReply = false,
    ): void {
      const drop = newReply ? 1 : 0;
      setSummaryStmt.run(
        s.subject,
        s.snippet,
        s.count,
        s.messagesFor,
        s.waitingSince,
        due ? 1 : 0,
        drop,
        drop,
        id,
      );
    },
    /** Forgets which messages we hold, so the next pull fetches them again. */
    markMessagesStale(id: string): void {
      staleOneStmt.run(id);
    },
    setLastMessageAt(id: string, at: string): void {
      lastMessageAtStmt.run(at, id);
    },
  };
}

export type ThreadsRepo = ReturnType<typeof createThreadsRepo>;
