// Version 8: suggested verdicts. A thread keeps the suggestion for the prospect's newest reply
// (`suggestion` JSON for the window, `suggested` its verdict for the Suggested folders and their
// counts) and `suggest_due` = 1 while it must be (re)computed: new messages came, or the
// classifier changed (SUGGEST_VERSION in sync_state). The rep's verdicts on threads are kept in
// `suggest_outcomes`: what was suggested and what the rep gave, which the acceptance figure reads
// and the rep's own model is learned from (an undo deletes the row, so it unlearns exactly).
import type { Database } from 'better-sqlite3';

export const version = 8;

export function up(db: Database): void {
  db.exec(`
    ALTER TABLE threads ADD COLUMN suggestion TEXT;
    ALTER TABLE threads ADD COLUMN suggested TEXT;
    ALTER TABLE threads ADD COLUMN suggest_due INTEGER NOT NULL DEFAULT 0;
    UPDATE threads SET suggest_due = 1 WHERE messages_for IS NOT NULL;
    CREATE INDEX threads_suggest_due ON threads (rid) WHERE suggest_due = 1;
    CREATE INDEX threads_by_suggested ON threads (suggested, status, last_message_at DESC, id DESC, snoozed_until)
      WHERE suggested IS NOT NULL;
    CREATE TABLE suggest_outcomes (
      thread_id TEXT PRIMARY KEY REFERENCES threads (id) ON DELETE CASCADE,
      suggested TEXT,
      given TEXT NOT NULL,
      at TEXT NOT NULL
    );
  `);
}
