// Version 11: the rep's local marks travel through a heal or a Rebuild, and a snooze that ended is
// forgotten.
//
// A store replaced by a fresh one is refilled from the service, which knows nothing of what only
// this device holds of a thread: its draft, its snooze, its read mark and the rep's verdict history
// the suggestions learn from. `carried_marks` holds them, read from the old file, until the pull
// writes the thread again; a trigger then puts them back on it, in the same transaction, whatever
// connection writes it (the core's or the pull's writer thread).
//
// An ended snooze used to stay on the row, and the wake that brings an absent prospect back took
// any out-of-office thread with a snooze in the past for one whose absence had just ended: a
// thread snoozed once, then marked Out of office, reopened itself within a minute. Such stale
// snoozes are cleared here; an out-of-office thread keeps its ended snooze only when it was set
// after the rep's verdict (the absence they accepted, whose end the wake still has to act on).
import type { Database } from 'better-sqlite3';

export const version = 11;

export function up(db: Database): void {
  db.exec(`
    CREATE TABLE carried_marks (
      thread_id TEXT PRIMARY KEY,
      unread INTEGER,
      snoozed_until TEXT,
      draft_html TEXT,
      draft_at TEXT,
      outcome_suggested TEXT,
      outcome_given TEXT,
      outcome_at TEXT,
      outcome_message_id TEXT
    );
    CREATE TRIGGER carried_marks_land AFTER INSERT ON threads
    WHEN EXISTS (SELECT 1 FROM carried_marks WHERE thread_id = new.id)
    BEGIN
      UPDATE threads SET
        unread = coalesce((SELECT unread FROM carried_marks WHERE thread_id = new.id), unread),
        snoozed_until = (SELECT snoozed_until FROM carried_marks WHERE thread_id = new.id)
      WHERE id = new.id;
      INSERT OR REPLACE INTO drafts (thread_id, body_html, updated_at)
        SELECT thread_id, draft_html, draft_at FROM carried_marks
        WHERE thread_id = new.id AND draft_html IS NOT NULL;
      INSERT OR REPLACE INTO suggest_outcomes (thread_id, suggested, given, at, message_id)
        SELECT thread_id, outcome_suggested, outcome_given, outcome_at, outcome_message_id FROM carried_marks
        WHERE thread_id = new.id AND outcome_given IS NOT NULL;
      DELETE FROM carried_marks WHERE thread_id = new.id;
    END;

    UPDATE threads SET snoozed_until = NULL
    WHERE snoozed_until IS NOT NULL AND snoozed_until <= strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
      AND NOT (status = 'out_of_office' AND EXISTS (
        SELECT 1 FROM suggest_outcomes o
        WHERE o.thread_id = threads.id AND o.given = 'out_of_office' AND o.at < threads.snoozed_until));
  `);
}
