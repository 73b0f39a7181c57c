// Each thread's place in a list as a number, for merging the lists of several stores (All
// inboxes, electron/core/unified): newest is the latest message's time (larger first), waiting
// is when the unanswered reply came (smaller first, none last). Kept by row id and followed
// through the log of changed threads (migration 009) like the cached lists, so a sync page or a
// verdict costs a few lookups here, not a scan of the store.
import type { Db } from '../db';
import { createChangeLog } from './changeLog';

/** Past this many changed threads, one scan is cheaper than following the log. */
const MAX_FOLLOWED = 4096;

export interface SortKeys {
  newest: Map<number, number>;
  waiting: Map<number, number>;
}

const time = (iso: string | null): number => {
  if (iso === null) return Infinity;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? 0 : ms;
};

export function createSortKeys(db: Db) {
  const log = createChangeLog(db);
  const all = db.prepare(`SELECT rid, last_message_at, waiting_since FROM threads`).raw();
  const some = db
    .prepare(
      `SELECT rid, last_message_at, waiting_since FROM threads WHERE rid IN (SELECT value FROM json_each(?))`,
    )
    .raw();
  let keys: SortKeys = { newest: new Map(), waiting: new Map() };
  let seen: number | null = null;

  const put = (rows: unknown[][]): void => {
    for (const [rid, at, w] of rows as [number, string, string | null][]) {
      keys.newest.set(rid, time(at));
      keys.waiting.set(rid, time(w));
    }
  };

  /** The keys as of the data now read (call inside the read's snapshot). */
  return (): SortKeys => {
    const at = log.top();
    if (seen === at) return keys;
    const rids = log.since(seen, at, MAX_FOLLOWED);
    if (rids) {
      for (const rid of rids) {
        keys.newest.delete(rid);
        keys.waiting.delete(rid);
      }
      put(some.all(JSON.stringify(rids)) as unknown[][]);
    } else {
      keys = { newest: new Map(), waiting: new Map() };
      put(all.all() as unknown[][]);
    }
    seen = at;
    return keys;
  };
}
