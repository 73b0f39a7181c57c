// Version 12: a message's full-text row is written by the messages repo, after its rows, in one
// statement per write (repos/messages.ts), no longer by a trigger per row. The index holds the
// same rows. A trigger's write to the full-text table made it write out its pending terms as a
// segment of their own for every row (merged again later): 24,000 messages cost 6.7 s of SQLite's
// time indexed so against 2.1 s in one statement after their rows. The update and delete
// triggers stay (a message changed or removed is rare).
import type { Database } from 'better-sqlite3';

export const version = 12;

export function up(db: Database): void {
  db.exec(`DROP TRIGGER IF EXISTS messages_fts_insert`);
}
