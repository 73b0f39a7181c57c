// The log of changed threads (migration 009), read from a position: what a reader that was
// current at `seen` must look at again to be current at `at`. Both the cached lists
// (listChanges.ts) and All inboxes' sort keys (threadKeys.ts) follow it.
import type { Db } from '../db';

export function createChangeLog(db: Db) {
  const top = db.prepare(`SELECT coalesce(max(seq), 0) FROM thread_list_changes`).pluck();
  const first = db.prepare(`SELECT min(seq) FROM thread_list_changes`).pluck();
  const since = db.prepare(`SELECT DISTINCT rid FROM thread_list_changes WHERE seq > ? LIMIT ?`).pluck();
  return {
    /** The log's latest position (0: empty). */
    top: (): number => top.get() as number,
    /** The row ids changed after `seen` up to `at` (the top), at most `max` of them; null when the
     *  log cannot say (no position yet, a file replaced, pruned past `seen`, or more than `max`). */
    since(seen: number | null, at: number, max: number): number[] | null {
      if (seen === null || at < seen) return null;
      if (at === seen) return [];
      const oldest = first.get() as number | null;
      if (oldest === null || oldest > seen + 1) return null;
      const rids = since.all(seen, max + 1) as number[];
      return rids.length <= max ? rids : null;
    },
  };
}
