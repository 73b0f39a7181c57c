// Version 6: speed-to-lead. `waiting_since` holds when the thread's newest message arrived if that
// message is the prospect's (inbound), NULL once we answered or before messages are synced. It is
// written with the thread's summary (subject, snippet) from the newest message, so a list reads it
// without touching messages, and the Inbox sorted by "waiting longest" reads one index in order.
// Numbered 6: version 5 is the plain-text snippets' migration.
import type { Database } from 'better-sqlite3';

export const version = 6;

/** NULLs (nothing waits) sort after every time: '~' is above any ISO time's first character. */
export const WAITING_ORDER = `coalesce(waiting_since, '~')`;

export function up(db: Database): void {
  db.exec(`
    ALTER TABLE threads ADD COLUMN waiting_since TEXT;
    UPDATE threads SET waiting_since = (
      SELECT CASE WHEN m.direction = 'inbound' THEN m.sent_at END FROM messages m
      WHERE m.thread_id = threads.id ORDER BY m.sent_at DESC, m.id DESC LIMIT 1);
    CREATE INDEX threads_by_waiting ON threads (status, ${WAITING_ORDER}, id);
  `);
}
