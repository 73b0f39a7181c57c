// A cheap "has anything been written since?" for read caches. total_changes() counts every row
// this connection has inserted, updated or deleted (triggers included); data_version moves when
// another connection commits. Together they change whenever the data may have, with no hook on
// the write side. One statement, microseconds.
import type { Db } from './db';

export function createDataVersion(db: Db): () => string {
  const stmt = db
    .prepare(`SELECT total_changes() || ':' || (SELECT data_version FROM pragma_data_version())`)
    .pluck();
  return () => stmt.get() as string;
}
