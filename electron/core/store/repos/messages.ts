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

export function createMessagesRepo(db: Db, threads: ThreadsRepo) {
  // A message that is already stored as sent is not written again: no row, index or full-text
  // work (raw holds every field but the bodies, which are compared on their own).
  const upsert = db.prepare(`
    INSERT INTO messages (id, thread_id, direction, from_email, from_name, to_json, subject, body_html, body_text,
      email_account_id, sent_at, raw)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (id) DO UPDATE SET thread_id = excluded.thread_id, direction = excluded.direction,
      from_email = excluded.from_email, from_name = excluded.from_name, to_json = excluded.to_json,
      subject = excluded.subject, body_html = excluded.body_html, body_text = excluded.body_text,
      email_account_id = excluded.email_account_id, sent_at = excluded.sent_at, raw = excluded.raw
    WHERE messages.raw IS NOT excluded.raw OR messages.thread_id IS NOT excluded.thread_id
      OR messages.body_html IS NOT excluded.body_html OR messages.body_text IS NOT excluded.body_text`);
  const deleteStmt = db.prepare(`DELETE FROM messages WHERE id = ?`);
  const messagesForStmt = db.prepare(`SELECT messages_for FROM threads WHERE id = ?`).pluck();
  const idsOf = db.prepare(`SELECT id FROM messages WHERE thread_id = ?`).pluck();
  const listStmt = db.prepare(`SELECT * FROM messages WHERE thread_id = ? ORDER BY sent_at, id`);
  const lastStmt = db.prepare(
    `SELECT subject, body_text, body_html, direction, sent_at, (SELECT count(*) FROM messages WHERE thread_id = @t) AS n
     FROM messages WHERE thread_id = @t ORDER BY sent_at DESC, id DESC LIMIT 1`,
  );

  function write(threadId: string, m: ApiMessage): void {
    // The bodies are stored once, in their columns; raw keeps every other field the service sent.
    const { bodyHtml: _h, bodyText: _t, ...rest } = m;
    upsert.run(
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
    );
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
      const before = new Set(idsOf.all(threadId) as string[]);
      // What the thread holds afterwards is exactly this list (a repeated id once, its last copy):
      // its newest message and count are taken from it rather than read back.
      const kept = new Map<string, ApiMessage>();
      const newInbound: string[] = [];
      for (const m of messages) {
        if (!before.has(m._id) && !kept.has(m._id) && m.direction === 'inbound') newInbound.push(m._id);
        kept.set(m._id, m);
        write(threadId, m);
      }
      for (const id of before) if (!kept.has(id)) deleteStmt.run(id);
      let last: ApiMessage | undefined;
      for (const m of kept.values())
        if (!last || m.sentAt > last.sentAt || (m.sentAt === last.sentAt && m._id > last._id)) last = m;
      // New messages: the thread's suggestion is read again from its newest reply (suggestions.ts);
      // set with the summary, so the thread's row is written once.
      threads.setSummary(threadId, summaryOf(last, kept.size, messagesFor), true, newInbound.length > 0);
      return { newInbound };
    },
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
