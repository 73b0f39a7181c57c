// Version 10: a rep's verdict remembers the reply it was given on (`suggest_outcomes.message_id`),
// so their model learns that reply and never one that came later in the thread. Verdicts kept
// before this version take the newest reply that was sent before the verdict was given.
import type { Database } from 'better-sqlite3';

export const version = 10;

export function up(db: Database): void {
  db.exec(`
    ALTER TABLE suggest_outcomes ADD COLUMN message_id TEXT;
    UPDATE suggest_outcomes SET message_id = (SELECT m.id FROM messages m
      WHERE m.thread_id = suggest_outcomes.thread_id AND m.direction = 'inbound' AND m.sent_at <= suggest_outcomes.at
      ORDER BY m.sent_at DESC, m.id DESC LIMIT 1);
  `);
}
