// Suggested verdicts as stored: which threads wait for one, each thread's newest reply to read,
// the suggestion written back, and the rep's verdicts on suggested threads (suggest_outcomes), from
// which the acceptance figure is counted and the rep's own model learned.
import {
  SUGGESTED_VERDICTS,
  type SuggestionStats,
  type ThreadSuggestion,
  type VerdictOutcome,
} from '../../../shared/contract';
import type { Db } from '../db';
import { nowIso } from '../util';

const VERDICTS = new Set<string>(SUGGESTED_VERDICTS);

/** A stored suggestion as the window receives it; anything unexpected reads as none. */
export function parseSuggestion(json: string): ThreadSuggestion | null {
  try {
    const v = JSON.parse(json) as Partial<ThreadSuggestion> | null;
    if (!v || typeof v.status !== 'string' || !VERDICTS.has(v.status)) return null;
    return {
      status: v.status,
      confidence: typeof v.confidence === 'number' ? v.confidence : 0,
      reasons: Array.isArray(v.reasons) ? v.reasons.filter((r) => typeof r === 'string') : [],
      ...(typeof v.returnDate === 'string' ? { returnDate: v.returnDate } : {}),
      ...(v.referral && typeof v.referral === 'object' ? { referral: v.referral } : {}),
      ...(v.doNotContact === true ? { doNotContact: true } : {}),
    };
  } catch {
    return null;
  }
}

/** The prospect's newest reply in a thread: what a suggestion is made from. */
export interface ReplyToRead {
  rid: number;
  id: string;
  /** The reply's own row id (null: no reply yet): its suggestion is kept only while it is the newest. */
  replyRid: number | null;
  subject: string | null;
  bodyText: string | null;
  bodyHtml: string | null;
  sentAt: string | null;
}

const newestInbound = (thread: string): string => `(SELECT m2.rid FROM messages m2
  WHERE m2.thread_id = ${thread}.id AND m2.direction = 'inbound' ORDER BY m2.sent_at DESC, m2.id DESC LIMIT 1)`;
const NEWEST_INBOUND = newestInbound('t');

export function createSuggestionsRepo(db: Db) {
  // Only open threads are read: a suggestion shows only while a thread waits for a verdict, and a
  // thread with one stays due until it is open again (the rep's undo or a sync reopens it, and
  // both run a pass), so a first sync reads about half the replies it used to.
  const due = db.prepare(
    `SELECT t.rid, t.id, m.rid AS replyRid, m.subject, m.body_text AS bodyText, m.body_html AS bodyHtml, m.sent_at AS sentAt
     FROM threads t INDEXED BY threads_suggest_due LEFT JOIN messages m ON m.rid = ${NEWEST_INBOUND}
     WHERE t.suggest_due = 1 AND t.status = 'open' AND t.rid > ? ORDER BY t.rid LIMIT ?`,
  );
  const storedOf = db.prepare(`SELECT suggestion FROM threads WHERE id = ?`).pluck();
  // Read and written in two steps when the reading is done on another thread: a sync page that
  // brought a newer reply between them leaves the thread due.
  const write = db.prepare(
    `UPDATE threads SET suggestion = ?, suggested = ?, suggest_due = 0
     WHERE rid = ? AND suggest_due = 1 AND ${newestInbound('threads')} IS ?`,
  );
  const dueCount = db
    .prepare(
      `SELECT count(*) FROM threads INDEXED BY threads_suggest_due WHERE suggest_due = 1 AND status = 'open'`,
    )
    .pluck();
  const suggestedOf = db.prepare(`SELECT suggested FROM threads WHERE id = ?`).pluck();
  // The verdict is on the reply the rep sees now: the thread's newest.
  const upsertOutcome = db.prepare(
    `INSERT INTO suggest_outcomes (thread_id, suggested, given, at, message_id)
     SELECT t.id, ?, ?, ?, (SELECT m.id FROM messages m WHERE m.rid = ${NEWEST_INBOUND}) FROM threads t WHERE t.id = ?
     ON CONFLICT (thread_id) DO UPDATE SET given = excluded.given, at = excluded.at, message_id = excluded.message_id`,
  );
  const deleteOutcome = db.prepare(`DELETE FROM suggest_outcomes WHERE thread_id = ?`);
  const outcomeOf = db.prepare(
    `SELECT suggested, given, at, message_id AS messageId FROM suggest_outcomes WHERE thread_id = ?`,
  );
  const putOutcome = db.prepare(
    `INSERT OR REPLACE INTO suggest_outcomes (thread_id, suggested, given, at, message_id) VALUES (?, ?, ?, ?, ?)`,
  );
  const stats = db.prepare(
    `SELECT coalesce(sum(given = suggested), 0) AS accepted, coalesce(sum(given <> suggested), 0) AS overridden
     FROM suggest_outcomes WHERE suggested IS NOT NULL`,
  );
  const learnFrom = db.prepare(
    `SELECT o.given, m.subject, m.body_text AS bodyText, m.body_html AS bodyHtml
     FROM suggest_outcomes o JOIN messages m ON m.id = o.message_id ORDER BY o.at DESC LIMIT ?`,
  );
  const outcomesVersion = db
    .prepare(`SELECT count(*) || ':' || coalesce(max(at), '') FROM suggest_outcomes`)
    .pluck();

  return {
    /** Up to `limit` open threads waiting for a suggestion, after row id `after` (pages through them). */
    due(after: number, limit: number): ReplyToRead[] {
      return due.all(after, limit) as ReplyToRead[];
    },
    /** The suggestion stored for a thread (what its row shows). */
    storedOf(threadId: string): ThreadSuggestion | null {
      const v = storedOf.get(threadId) as string | null | undefined;
      return v ? parseSuggestion(v) : null;
    },
    /** The Inbox's threads with this suggestion, newest first (a Suggested folder). */
    groupIds(group: string, limit: number): string[] {
      return db
        .prepare(
          `SELECT id FROM threads INDEXED BY threads_by_suggested WHERE suggested = ? AND status = 'open'
           AND (snoozed_until IS NULL OR snoozed_until <= ?) ORDER BY last_message_at DESC, id DESC LIMIT ?`,
        )
        .pluck()
        .all(group, nowIso(), limit) as string[];
    },
    /** How many threads the pass has still to read. */
    dueCount(): number {
      return dueCount.get() as number;
    },
    /** Stores a thread's suggestion (null: none) made from its reply `replyRid`, unless another
     *  reply is the newest now. */
    write(rid: number, replyRid: number | null, s: ThreadSuggestion | null): void {
      write.run(s === null ? null : JSON.stringify(s), s?.status ?? null, rid, replyRid);
    },
    /** Every thread with messages is read again: the classifier changed. */
    allDue(): void {
      db.prepare(
        `UPDATE threads SET suggest_due = 1 WHERE messages_for IS NOT NULL AND suggest_due = 0`,
      ).run();
    },
    /** The Inbox's threads are read again: the rep's model changed. */
    openDue(): void {
      db.prepare(
        `UPDATE threads SET suggest_due = 1 WHERE status = 'open' AND messages_for IS NOT NULL AND suggest_due = 0`,
      ).run();
    },
    /** The rep gave a verdict (`given` one of the suggested verdicts) to a thread: kept against
     *  what was suggested then. A status that is not a verdict (open, done) forgets the thread's
     *  outcome: an undo, or the rep changing their mind. */
    recordVerdict(threadId: string, given: string): void {
      if (!VERDICTS.has(given)) {
        deleteOutcome.run(threadId);
        return;
      }
      upsertOutcome.run((suggestedOf.get(threadId) as string | null) ?? null, given, nowIso(), threadId);
    },
    /** The rep's verdict on a thread as kept now (null: none), so an undo can put it back. */
    outcomeOf(threadId: string): VerdictOutcome | null {
      return (outcomeOf.get(threadId) as VerdictOutcome | undefined) ?? null;
    },
    /** Puts a thread's verdict back as it was before an action (an undo): not a verdict given now. */
    restoreOutcome(threadId: string, outcome: VerdictOutcome | null): void {
      if (outcome === null) deleteOutcome.run(threadId);
      else putOutcome.run(threadId, outcome.suggested, outcome.given, outcome.at, outcome.messageId ?? null);
    },
    stats(): SuggestionStats {
      const r = stats.get() as { accepted: number; overridden: number };
      return { accepted: r.accepted, overridden: r.overridden };
    },
    /** The rep's latest verdicts with the reply each was given on (never a later one): what their
     *  model learns from. */
    learningSet(limit: number): { given: string; subject: string; bodyText: string; bodyHtml: string }[] {
      return learnFrom.all(limit) as { given: string; subject: string; bodyText: string; bodyHtml: string }[];
    },
    /** Moves whenever an outcome is added, changed or removed. */
    outcomesVersion(): string {
      return outcomesVersion.get() as string;
    },
  };
}

export type SuggestionsRepo = ReturnType<typeof createSuggestionsRepo>;
