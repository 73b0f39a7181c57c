// Messages of a thread. Writing a thread's messages also updates the thread's denormalized
// subject, snippet and count (of the LAST message), so the thread list never joins this table.
import type { Message } from '../../../shared/contract';
import type { ApiMessage } from '../../api/schemas';
import type { Db } from '../db';
import { parseJson, snippetOf } from '../util';
import type { ThreadsRepo } from './threads';

interface MessageDbRow {
  id: string;
  thread_id: string;
  direction: string;
  from_email: string;
  from_name: string;
  to_json: string;
  subject: string;
  body_html: string;
  body_text: string;
  email_account_id: string | null;
  sent_at: string;
}

function toMessage(r: MessageDbRow): Message {
  return {
    id: r.id,
    threadId: r.thread_id,
    direction: r.direction === 'outbound' ? 'outbound' : 'inbound',
    from: { email: r.from_email, name: r.from_name },
    to: parseJson<{ email: string; name: string }[]>(r.to_json, []),
    subject: r.subject,
    bodyHtml: r.body_html,
    bodyText: r.body_text,
    emailAccountId: r.email_account_id,
    sentAt: r.sent_at,
    delivery: 'sent',
    outboxId: null,
    error: null,
  };
}

/** The most text of rows one statement writes (a batch of big bodies takes several). */
export const STATEMENT_CHARS = 16 * 1024 * 1024;

/** One thread's complete list of messages, and the watermark it satisfies. */
export interface ThreadMessages {
  threadId: string;
  messages: ApiMessage[];
  messagesFor: string;
}

export function createMessagesRepo(db: Db, threads: ThreadsRepo) {
  // A message that is already stored as sent is not written again: no row, index or full-text
  // work (raw holds every field but the bodies, which are compared on their own).
  const CONFLICT = `ON CONFLICT (id) DO UPDATE SET thread_id = excluded.thread_id, direction = excluded.direction,
      from_email = excluded.from_email, from_name = excluded.from_name, to_json = excluded.to_json,
      subject = excluded.subject, body_html = excluded.body_html, body_text = excluded.body_text,
      email_account_id = excluded.email_account_id, sent_at = excluded.sent_at, raw = excluded.raw
    WHERE messages.raw IS NOT excluded.raw OR messages.thread_id IS NOT excluded.thread_id
      OR messages.body_html IS NOT excluded.body_html OR messages.body_text IS NOT excluded.body_text`;
  const COLUMNS = `id, thread_id, direction, from_email, from_name, to_json, subject, body_html, body_text,
      email_account_id, sent_at, raw`;
  // Many threads' rows in one statement, in their order, then the full-text rows of those it
  // inserted in one more (migration 12: a trigger's write to the full-text table per row cost three
  // times as much). Rows are inserted with rids above every rid before them (no AUTOINCREMENT:
  // max + 1), and nothing is deleted between the two statements, so `rid > before` is exactly the
  // rows the upsert inserted; the one it updated are kept in step by their update trigger.
  const upsertAll = db.prepare(`INSERT INTO messages (${COLUMNS})
    SELECT value->>0, value->>1, value->>2, value->>3, value->>4, value->>5, value->>6, value->>7, value->>8,
      value->>9, value->>10, value->>11
    FROM json_each(?) WHERE true ${CONFLICT}`);
  const maxRid = db.prepare(`SELECT coalesce(max(rid), 0) FROM messages`).pluck();
  const indexNew = db.prepare(
    `INSERT INTO messages_fts (rowid, subject, body) SELECT rid, subject, body_text FROM messages WHERE rid > ?`,
  );
  const deleteStmt = db.prepare(`DELETE FROM messages WHERE id = ?`);
  const messagesForStmt = db.prepare(`SELECT messages_for FROM threads WHERE id = ?`).pluck();
  const idsOf = db.prepare(`SELECT id FROM messages WHERE thread_id = ?`).pluck();
  const listStmt = db.prepare(`SELECT * FROM messages WHERE thread_id = ? ORDER BY sent_at, id`);
  const lastStmt = db.prepare(
    `SELECT subject, body_text, body_html, direction, sent_at, (SELECT count(*) FROM messages WHERE thread_id = @t) AS n
     FROM messages WHERE thread_id = @t ORDER BY sent_at DESC, id DESC LIMIT 1`,
  );

  /** A message's row, in COLUMNS' order. */
  function rowOf(threadId: string, m: ApiMessage): (string | null)[] {
    // The bodies are stored once, in their columns; raw keeps every other field the service sent.
    const { bodyHtml: _h, bodyText: _t, ...rest } = m;
    return [
      m._id,
      threadId,
      m.direction,
      m.from?.email ?? '',
      m.from?.name ?? '',
      JSON.stringify(m.to.map((p) => ({ email: p.email, name: p.name }))),
      m.subject,
      m.bodyHtml,
      m.bodyText,
      m.emailAccountId,
      m.sentAt,
      JSON.stringify(rest),
    ];
  }

  /** Writes rows (COLUMNS' order) and the full-text rows of those that are new. */
  function upsertRows(rows: readonly (string | null)[][]): void {
    if (rows.length === 0) return;
    // One row per id, its last copy in its first place, as writing them one after another left
    // it; a second copy in the same statement would be indexed twice (its update trigger, then
    // indexNew).
    const byId = new Map<string, (string | null)[]>();
    for (const r of rows) byId.set(r[0]!, r);
    // Statements of up to STATEMENT_CHARS of rows: a batch of big bodies never makes one text
    // longer than a string may be.
    let part: string[] = [];
    let chars = 0;
    const run = (): void => {
      const before = maxRid.get() as number;
      upsertAll.run(`[${part.join(',')}]`);
      indexNew.run(before);
      part = [];
      chars = 0;
    };
    for (const r of byId.values()) {
      const json = JSON.stringify(r);
      if (part.length > 0 && chars + json.length > STATEMENT_CHARS) run();
      part.push(json);
      chars += json.length;
    }
    run();
  }

  function write(threadId: string, m: ApiMessage): void {
    upsertRows([rowOf(threadId, m)]);
  }

  /** One group of threads (each thread once): what each held is read first, what each no longer
   *  has is deleted (before any row is written: a message that moved to another thread of the
   *  group stays there), then every row in one statement, then each thread's summary. */
  function replaceGroup(group: ThreadMessages[]): { newInbound: string[] }[] {
    const rows: (string | null)[][] = [];
    const gone: string[] = [];
    const summaries = group.map(({ threadId, messages, messagesFor }) => {
      const before = new Set(idsOf.all(threadId) as string[]);
      // What the thread holds afterwards is exactly this list (a repeated id once, its last copy):
      // its newest message and count are taken from it rather than read back.
      const kept = new Map<string, ApiMessage>();
      const newInbound: string[] = [];
      for (const m of messages) {
        if (!before.has(m._id) && !kept.has(m._id) && m.direction === 'inbound') newInbound.push(m._id);
        kept.set(m._id, m);
        rows.push(rowOf(threadId, m));
      }
      for (const id of before) if (!kept.has(id)) gone.push(id);
      let last: ApiMessage | undefined;
      for (const m of kept.values())
        if (!last || m.sentAt > last.sentAt || (m.sentAt === last.sentAt && m._id > last._id)) last = m;
      return { threadId, newInbound, summary: summaryOf(last, kept.size, messagesFor) };
    });
    for (const id of gone) deleteStmt.run(id);
    upsertRows(rows);
    // New messages: the thread's suggestion is read again from its newest reply (suggestions.ts);
    // set with the summary, so the thread's row is written once.
    for (const { threadId, newInbound, summary } of summaries)
      threads.setSummary(threadId, summary, true, newInbound.length > 0);
    return summaries.map(({ newInbound }) => ({ newInbound }));
  }

  /** Replaces each thread's messages with the service's complete list, in order (call inside a
   *  transaction); for each, the ids of inbound messages that were not there before. */
  function replaceMany(items: ThreadMessages[]): { newInbound: string[] }[] {
    const out: { newInbound: string[] }[] = [];
    let group: ThreadMessages[] = [];
    const inGroup = new Set<string>();
    for (const item of items) {
      // A thread listed twice: its second list is written after the first, as it came.
      if (inGroup.has(item.threadId)) {
        out.push(...replaceGroup(group));
        group = [];
        inGroup.clear();
      }
      group.push(item);
      inGroup.add(item.threadId);
    }
    out.push(...replaceGroup(group));
    return out;
  }

  /** The summary the thread row keeps of its newest message (sent_at, then id, as lastStmt). */
  function summaryOf(
    last:
      { subject: string; bodyText: string; bodyHtml: string; direction: string; sentAt: string } | undefined,
    count: number,
    messagesFor: string | null,
  ) {
    return {
      subject: last ? last.subject : null,
      snippet: last ? snippetOf(last.bodyText, last.bodyHtml) : null,
      count,
      messagesFor,
      waitingSince: last?.direction === 'inbound' ? last.sentAt : null,
    };
  }

  function refreshSummary(threadId: string, messagesFor: string | null): void {
    const last = lastStmt.get({ t: threadId }) as
      | {
          subject: string;
          body_text: string;
          body_html: string;
          direction: string;
          sent_at: string;
          n: number;
        }
      | undefined;
    const newest = last && {
      subject: last.subject,
      bodyText: last.body_text,
      bodyHtml: last.body_html,
      direction: last.direction,
      sentAt: last.sent_at,
    };
    threads.setSummary(threadId, summaryOf(newest, last ? last.n : 0, messagesFor));
  }

  return {
    /** Replaces a thread's messages with the service's complete list (call inside a transaction).
     *  Returns the ids of inbound messages that were not there before. */
    replaceForThread(
      threadId: string,
      messages: ApiMessage[],
      messagesFor: string,
    ): { newInbound: string[] } {
      return replaceMany([{ threadId, messages, messagesFor }])[0]!;
    },
    replaceMany,
    /** Adds one message (e.g. our sent reply) and refreshes the thread summary. */
    add(threadId: string, m: ApiMessage): void {
      write(threadId, m);
      threads.setLastMessageAt(threadId, m.sentAt);
      const messagesFor = messagesForStmt.get(threadId) as string | null;
      refreshSummary(threadId, messagesFor);
    },
    list(threadId: string): Message[] {
      return (listStmt.all(threadId) as MessageDbRow[]).map(toMessage);
    },
    /** Every message as stored, for comparing with the service. */
    rawOf(id: string): Record<string, unknown> | null {
      const r = db.prepare(`SELECT raw, body_html, body_text FROM messages WHERE id = ?`).get(id) as
        { raw: string; body_html: string; body_text: string } | undefined;
      return r
        ? { ...parseJson<Record<string, unknown>>(r.raw, {}), bodyHtml: r.body_html, bodyText: r.body_text }
        : null;
    },
  };
}

export type MessagesRepo = ReturnType<typeof createMessagesRepo>;
