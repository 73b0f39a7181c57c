// Version 9: which threads changed where a list can see it, in commit order. Another connection
// (the reader thread, answering the window during a sync) sees only that the file moved; with
// this log it patches its cached ordered ids for exactly the threads a commit touched instead of
// rebuilding every list (a full index scan: a median 47 ms at 100,000 threads, after every sync
// page). Only changes of the columns a list is filtered or ordered by are logged, so a sync page
// that rewrites a thread's service JSON alone costs nothing here. The log keeps its latest
// entries; a reader further behind rebuilds.
import type { Database } from 'better-sqlite3';

export const version = 9;

/** The columns that decide which (non-search) lists a thread is in, and where. */
const COLUMNS = [
  'status',
  'snoozed_until',
  'last_message_at',
  'campaign_id',
  'email_account_id',
  'id',
  'waiting_since',
  'suggested',
];

export function up(db: Database): void {
  db.exec(`
    CREATE TABLE thread_list_changes (seq INTEGER PRIMARY KEY, rid INTEGER NOT NULL);
    CREATE TRIGGER thread_list_changes_ins AFTER INSERT ON threads
      BEGIN INSERT INTO thread_list_changes (rid) VALUES (new.rid); END;
    CREATE TRIGGER thread_list_changes_del AFTER DELETE ON threads
      BEGIN INSERT INTO thread_list_changes (rid) VALUES (old.rid); END;
    CREATE TRIGGER thread_list_changes_upd AFTER UPDATE OF ${COLUMNS.join(', ')} ON threads
      WHEN ${COLUMNS.map((c) => `old.${c} IS NOT new.${c}`).join(' OR ')}
      BEGIN INSERT INTO thread_list_changes (rid) VALUES (new.rid); END;
    CREATE TRIGGER thread_list_changes_prune AFTER INSERT ON thread_list_changes WHEN new.seq % 4096 = 0
      BEGIN DELETE FROM thread_list_changes WHERE seq <= new.seq - 65536; END;
  `);
}
