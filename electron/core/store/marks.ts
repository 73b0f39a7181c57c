// The rep's local marks on threads, which the service does not hold: a draft, a snooze, a read
// mark, and the verdict history the suggestions learn from. A store replaced by a fresh one (a heal,
// a Rebuild) reads them from the old file into `carried_marks`; each lands on its thread when the
// pull writes that thread again (migration 010's trigger), so nothing the rep did on this device is
// lost with the file. Best effort on a damaged file: what cannot be read is left behind, and the
// outbox (what must reach the service) is carried apart from this, first.
import Database from 'better-sqlite3';
import type { Db } from './db';

/** How many of each mark were carried. */
export interface CarriedMarks {
  drafts: number;
  snoozes: number;
  unread: number;
  verdicts: number;
}

export interface Mark {
  thread_id: string;
  unread: number | null;
  snoozed_until: string | null;
  draft_html: string | null;
  draft_at: string | null;
  outcome_suggested: string | null;
  outcome_given: string | null;
  outcome_at: string | null;
  outcome_message_id: string | null;
}

const EMPTY: Mark = {
  thread_id: '',
  unread: null,
  snoozed_until: null,
  draft_html: null,
  draft_at: null,
  outcome_suggested: null,
  outcome_given: null,
  outcome_at: null,
  outcome_message_id: null,
};

/** Each query reads one kind of mark; a table a file's version lacks, or a damaged page, costs only
 *  that kind. A fresh row is read with no snooze, so only a snooze still to come is carried. */
const READS: { sql: string; pick: (r: Record<string, unknown>) => Partial<Mark> }[] = [
  // Marks an earlier heal carried whose threads had not come back yet: they travel on.
  {
    sql: `SELECT thread_id AS id, * FROM carried_marks`,
    pick: (r) => {
      const { id: _id, thread_id: _thread, ...mark } = r;
      return mark as Partial<Mark>;
    },
  },
  {
    sql: `SELECT id, unread, snoozed_until FROM threads
          WHERE unread = 1 OR snoozed_until > strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
    pick: (r) => ({
      unread: r.unread === 1 ? 1 : null,
      snoozed_until: typeof r.snoozed_until === 'string' ? r.snoozed_until : null,
    }),
  },
  {
    sql: `SELECT thread_id AS id, body_html, updated_at FROM drafts`,
    pick: (r) => ({ draft_html: String(r.body_html), draft_at: String(r.updated_at) }),
  },
  {
    sql: `SELECT thread_id AS id, suggested, given, at, message_id FROM suggest_outcomes`,
    pick: (r) => ({
      outcome_suggested: typeof r.suggested === 'string' ? r.suggested : null,
      outcome_given: String(r.given),
      outcome_at: String(r.at),
      outcome_message_id: typeof r.message_id === 'string' ? r.message_id : null,
    }),
  },
  // A file from before version 10 (its verdicts name no reply).
  {
    sql: `SELECT thread_id AS id, suggested, given, at FROM suggest_outcomes WHERE NOT EXISTS
          (SELECT 1 FROM pragma_table_info('suggest_outcomes') WHERE name = 'message_id')`,
    pick: (r) => ({
      outcome_suggested: typeof r.suggested === 'string' ? r.suggested : null,
      outcome_given: String(r.given),
      outcome_at: String(r.at),
    }),
  },
];

/** A connection that only reads an old file, or null when it cannot be opened at all. */
export function openToRead(file: string, opts: { nativeBinding?: string }): Db | null {
  try {
    return new Database(file, {
      readonly: true,
      fileMustExist: true,
      ...(opts.nativeBinding ? { nativeBinding: opts.nativeBinding } : {}),
    });
  } catch {
    return null;
  }
}

/** The marks still readable in a file (none when it cannot be opened at all). */
export function readMarks(file: string, opts: { nativeBinding?: string } = {}): Mark[] {
  const db = openToRead(file, opts);
  if (!db) return [];
  const byThread = new Map<string, Mark>();
  try {
    for (const read of READS) {
      try {
        for (const r of db.prepare(read.sql).all() as Record<string, unknown>[]) {
          if (typeof r.id !== 'string') continue;
          const mark = byThread.get(r.id) ?? { ...EMPTY, thread_id: r.id };
          byThread.set(r.id, { ...mark, ...read.pick(r) });
        }
      } catch {
        // this kind of mark cannot be read from this file
      }
    }
  } finally {
    db.close();
  }
  return [...byThread.values()];
}

/** Keeps the marks in the fresh store until their threads come back; says how many of each. */
export function carryMarks(db: Db, marks: readonly Mark[]): CarriedMarks {
  const insert = db.prepare(
    `INSERT OR REPLACE INTO carried_marks (thread_id, unread, snoozed_until, draft_html, draft_at,
       outcome_suggested, outcome_given, outcome_at, outcome_message_id)
     VALUES (@thread_id, @unread, @snoozed_until, @draft_html, @draft_at, @outcome_suggested,
       @outcome_given, @outcome_at, @outcome_message_id)`,
  );
  const n: CarriedMarks = { drafts: 0, snoozes: 0, unread: 0, verdicts: 0 };
  db.transaction(() => {
    for (const m of marks) {
      insert.run(m);
      if (m.draft_html !== null) n.drafts++;
      if (m.snoozed_until !== null) n.snoozes++;
      if (m.unread === 1) n.unread++;
      if (m.outcome_given !== null) n.verdicts++;
    }
  })();
  return n;
}
