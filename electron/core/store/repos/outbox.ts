// The outbox: every local change waiting for the service, in id order. Pending changes are laid
// back over each fresh pull (overlay) so a pull never clobbers what the person did.
import type { Message, MessageDelivery, OutboxEntry, OutboxKind, OutboxState } from '../../../contract';
import type { Db } from '../db';
import { nowIso, parseJson } from '../util';

export interface ThreadStatusPayload {
  status: string;
}
export interface RenamePayload {
  name: string;
}
export interface ReplyPayload {
  bodyHtml: string;
  emailAccountId?: string | undefined;
  /** Filled for the local message shown while it waits. */
  fromEmail: string;
  fromName: string;
  toEmail: string;
  toName: string;
  subject: string;
}
export interface EmailAccountsPayload {
  emailAccountIds: string[];
  signature?: string | undefined;
  tags?: string[] | undefined;
}
export interface DncPayload {
  entries: string[];
}

export interface OutboxRecord extends OutboxEntry {
  payload: unknown;
  notBefore: string | null;
}

interface OutboxDbRow {
  id: number;
  kind: OutboxKind;
  state: OutboxState;
  target_id: string | null;
  payload: string;
  summary: string;
  attempts: number;
  last_error: string | null;
  not_before: string | null;
  created_at: string;
  updated_at: string;
}

function toRecord(r: OutboxDbRow): OutboxRecord {
  return {
    id: r.id,
    kind: r.kind,
    state: r.state,
    targetId: r.target_id,
    summary: r.summary,
    attempts: r.attempts,
    lastError: r.last_error,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    payload: parseJson<unknown>(r.payload, {}),
    notBefore: r.not_before,
  };
}

/** States whose change is still shown on screen (a refused change stays visible with its error). */
const OVERLAID = `('pending', 'sending', 'failed')`;

export function createOutboxRepo(db: Db) {
  return {
    add(kind: OutboxKind, targetId: string | null, payload: unknown, summary: string): number {
      const now = nowIso();
      return Number(
        db
          .prepare(
            `INSERT INTO outbox (kind, state, target_id, payload, summary, created_at, updated_at) VALUES (?, 'pending', ?, ?, ?, ?, ?)`,
          )
          .run(kind, targetId, JSON.stringify(payload), summary, now, now).lastInsertRowid,
      );
    },
    get(id: number): OutboxRecord | null {
      const r = db.prepare(`SELECT * FROM outbox WHERE id = ?`).get(id) as OutboxDbRow | undefined;
      return r ? toRecord(r) : null;
    },
    list(): OutboxRecord[] {
      return (db.prepare(`SELECT * FROM outbox ORDER BY id`).all() as OutboxDbRow[]).map(toRecord);
    },
    /** Pending entries whose wait (429/backoff) is over, in id order. */
    pushable(now = nowIso()): OutboxRecord[] {
      return (
        db
          .prepare(
            `SELECT * FROM outbox WHERE state = 'pending' AND (not_before IS NULL OR not_before <= ?) ORDER BY id`,
          )
          .all(now) as OutboxDbRow[]
      ).map(toRecord);
    },
    update(
      id: number,
      change: {
        state?: OutboxState;
        lastError?: string | null;
        attempts?: number;
        notBefore?: string | null;
        payload?: unknown;
        summary?: string;
      },
    ): void {
      const cur = db.prepare(`SELECT * FROM outbox WHERE id = ?`).get(id) as OutboxDbRow | undefined;
      if (!cur) return;
      db.prepare(
        `UPDATE outbox SET state = ?, last_error = ?, attempts = ?, not_before = ?, payload = ?, summary = ?, updated_at = ? WHERE id = ?`,
      ).run(
        change.state ?? cur.state,
        change.lastError !== undefined ? change.lastError : cur.last_error,
        change.attempts ?? cur.attempts,
        change.notBefore !== undefined ? change.notBefore : cur.not_before,
        change.payload !== undefined ? JSON.stringify(change.payload) : cur.payload,
        change.summary ?? cur.summary,
        nowIso(),
        id,
      );
    },
    remove(id: number): void {
      db.prepare(`DELETE FROM outbox WHERE id = ?`).run(id);
    },
    counts(): { pending: number; failed: number; uncertain: number } {
      const rows = db.prepare(`SELECT state, count(*) AS n FROM outbox GROUP BY state`).all() as {
        state: string;
        n: number;
      }[];
      const by = Object.fromEntries(rows.map((r) => [r.state, r.n])) as Record<string, number>;
      return {
        pending: (by.pending ?? 0) + (by.sending ?? 0),
        failed: by.failed ?? 0,
        uncertain: by.uncertain ?? 0,
      };
    },
    /** The not-yet-sent status change of a thread, which a newer one replaces. */
    pendingOf(kind: OutboxKind, targetId: string): OutboxRecord | null {
      const r = db
        .prepare(
          `SELECT * FROM outbox WHERE kind = ? AND target_id = ? AND state = 'pending' ORDER BY id DESC LIMIT 1`,
        )
        .get(kind, targetId) as OutboxDbRow | undefined;
      return r ? toRecord(r) : null;
    },
    /** After a crash: a reply that was on the wire may or may not have been sent; anything else is
     *  idempotent and simply goes again. */
    recoverInterrupted(): number {
      const a = db
        .prepare(
          `UPDATE outbox SET state = 'uncertain', updated_at = ? WHERE state = 'sending' AND kind = 'reply'`,
        )
        .run(nowIso());
      const b = db
        .prepare(`UPDATE outbox SET state = 'pending', updated_at = ? WHERE state = 'sending'`)
        .run(nowIso());
      return a.changes + b.changes;
    },
    /** Lays pending thread status changes over freshly pulled threads (all, or the given ids). */
    overlayThreads(ids?: string[]): void {
      const filter = ids ? `AND target_id IN (SELECT value FROM json_each(@ids))` : '';
      const rows = db
        .prepare(
          `SELECT target_id, payload FROM outbox WHERE kind = 'thread_status' AND state IN ${OVERLAID} ${filter} ORDER BY id`,
        )
        .all(ids ? { ids: JSON.stringify(ids) } : {}) as { target_id: string; payload: string }[];
      const set = db.prepare(`UPDATE threads SET status = ? WHERE id = ?`);
      for (const r of rows)
        set.run(parseJson<ThreadStatusPayload>(r.payload, { status: 'open' }).status, r.target_id);
    },
    overlayCampaigns(): void {
      const rows = db
        .prepare(
          `SELECT target_id, payload FROM outbox WHERE kind = 'campaign_rename' AND state IN ${OVERLAID} ORDER BY id`,
        )
        .all() as { target_id: string; payload: string }[];
      const set = db.prepare(`UPDATE campaigns SET name = ? WHERE id = ?`);
      for (const r of rows) set.run(parseJson<RenamePayload>(r.payload, { name: '' }).name, r.target_id);
    },
    overlayEmailAccounts(): void {
      const rows = db
        .prepare(
          `SELECT payload FROM outbox WHERE kind = 'email_accounts' AND state IN ${OVERLAID} ORDER BY id`,
        )
        .pluck()
        .all() as string[];
      for (const text of rows) {
        const p = parseJson<EmailAccountsPayload>(text, { emailAccountIds: [] });
        for (const id of p.emailAccountIds) {
          if (p.signature !== undefined)
            db.prepare(`UPDATE email_accounts SET signature = ? WHERE id = ?`).run(p.signature, id);
          if (p.tags !== undefined)
            db.prepare(`UPDATE email_accounts SET tags = ? WHERE id = ?`).run(JSON.stringify(p.tags), id);
        }
      }
    },
    /** Replies of a thread still in the outbox, shown as messages. */
    localReplies(threadId: string): Message[] {
      const rows = db
        .prepare(`SELECT * FROM outbox WHERE kind = 'reply' AND target_id = ? ORDER BY id`)
        .all(threadId) as OutboxDbRow[];
      return rows.map((r) => {
        const p = parseJson<ReplyPayload>(r.payload, {} as ReplyPayload);
        const delivery: MessageDelivery = r.state === 'pending' ? 'queued' : r.state;
        return {
          id: `local-${r.id}`,
          threadId,
          direction: 'outbound',
          from: { email: p.fromEmail ?? '', name: p.fromName ?? '' },
          to: [{ email: p.toEmail ?? '', name: p.toName ?? '' }],
          subject: p.subject ?? '',
          bodyHtml: p.bodyHtml ?? '',
          bodyText: (p.bodyHtml ?? '')
            .replace(/<[^>]*>/g, ' ')
            .replace(/\s+/g, ' ')
            .trim(),
          emailAccountId: p.emailAccountId ?? null,
          sentAt: r.created_at,
          delivery,
          outboxId: r.id,
          error: r.last_error,
        };
      });
    },
  };
}

export type OutboxRepo = ReturnType<typeof createOutboxRepo>;
