// Version 3: indexes that cost little on the write path. Sync writes each page of 100 threads in
// its own transaction, so every index keyed by something random to the page order (a thread id)
// dirties about one leaf page per row per commit. Two such indexes are replaced:
// - the stale-messages index is keyed by time (pages arrive newest first, so inserts append) and
//   also gives the ORDER BY of staleMessageIds;
// - the per-server-status index (read only by the incremental pull's totals) becomes a partial
//   index of the few threads whose shown status differs from the service's (pending changes):
//   those totals are the status counts corrected by that handful.
import type { Database } from 'better-sqlite3';

export const version = 3;

export function up(db: Database): void {
  db.exec(`
    DROP INDEX IF EXISTS threads_stale_messages;
    DROP INDEX IF EXISTS threads_by_server_status;
    CREATE INDEX threads_stale ON threads (last_message_at DESC, id) WHERE messages_for IS NOT last_message_at;
    CREATE INDEX threads_status_overridden ON threads (server_status, status) WHERE status IS NOT server_status;
  `);
}
