// The cached lists follow commits made by any connection (the core's sync, seen from the reader
// thread) through the log of changed threads (migration 009): when the data version moves, the
// threads logged since the lists were current are taken out of each list and put back where
// their current columns place them, instead of every list being rebuilt from a full index scan.
// A list is only ever patched from the snapshot it is then read in (list() reads in one
// transaction), so a window equals the plain query at the version it answers. What cannot be
// patched is rebuilt: name searches (a message or a campaign name may have changed what they
// match), a log that no longer reaches back, too many changes, ids past Int32.
import type { Db } from '../db';
import type { DataVersions } from '../dataVersion';
import type { ReadCache } from '../readCache';
import { createChangeLog } from './changeLog';
import { nowIso } from '../util';
import { inList, type CachedList, type ListState } from './threadLists';

/** Past this many changed threads, one rebuild per list is cheaper than patching. */
const MAX_PATCHED = 4096;

type Row = ListState & { waiting_since: string | null };
type Key = { at: string; w: string; id: string };

/** Whether a comes before b in the list's order (the same as listIds' ORDER BY). */
function before(sort: 'newest' | 'waiting' | undefined, a: Key, b: Key): boolean {
  if (sort === 'waiting') return a.w < b.w || (a.w === b.w && a.id < b.id);
  return a.at > b.at || (a.at === b.at && a.id > b.id);
}

const keyOf = (r: Row): Key => ({ at: r.last_message_at, w: r.waiting_since ?? '~', id: r.id });

export function createListFollower(db: Db, versions: DataVersions, cache: ReadCache) {
  const log = createChangeLog(db);
  const rows = db.prepare(
    `SELECT rid, id, status, snoozed_until, campaign_id, email_account_id, last_message_at, suggested,
       waiting_since FROM threads WHERE rid IN (SELECT value FROM json_each(?))`,
  );
  const keyByRid = db.prepare(
    `SELECT last_message_at AS at, coalesce(waiting_since, '~') AS w, id FROM threads WHERE rid = ?`,
  );
  /** The log position the cached lists are current as of (or older: patching is idempotent). */
  let seen: number | null = null;

  const patch = (l: CachedList, changed: Set<number>, moved: Row[], now: string): CachedList | undefined => {
    if (l.q.search !== undefined && l.q.search.trim() !== '') return undefined;
    const joins = moved.filter((r) => inList(l.q, r, r.status, now));
    if (l.ids instanceof Int32Array && joins.some((r) => r.rid > 0x7fffffff)) return undefined;
    const sort = l.q.sort;
    joins.sort((a, b) => (before(sort, keyOf(a), keyOf(b)) ? -1 : 1));
    // The unchanged threads keep their order: the changed ones come out, then go in by key.
    const kept = (l.ids as Int32Array).filter((rid) => !changed.has(rid));
    const ids = new (l.ids.constructor as typeof Int32Array)(kept.length + joins.length);
    let from = 0;
    let out = 0;
    for (const r of joins) {
      const key = keyOf(r);
      let lo = from;
      let hi = kept.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (before(sort, keyByRid.get(kept[mid]) as Key, key)) lo = mid + 1;
        else hi = mid;
      }
      ids.set(kept.subarray(from, lo), out);
      out += lo - from;
      ids[out++] = r.rid;
      from = lo;
    }
    ids.set(kept.subarray(from), out);
    return { ids, q: l.q };
  };

  /** Brings the cached lists to the data version now read: patched when the log allows, else
   *  dropped (the next read rebuilds). Call inside the read's own transaction: within a write
   *  (own = false) the state read may yet be rolled back, so nothing is patched from it. */
  return (own: boolean): void => {
    const now = versions.lists();
    const from = cache.version;
    if (from === now) return;
    const at = log.top();
    let moved = false;
    const rids = own && from !== null ? log.since(seen, at, MAX_PATCHED) : null;
    if (rids) {
      const changed = new Set(rids);
      const current = rows.all(JSON.stringify(rids)) as Row[];
      const time = nowIso();
      const ends = current
        .map((r) => r.snoozed_until)
        .filter((s): s is string => s !== null && s > time)
        .map((s) => Date.parse(s));
      moved = cache.advance(
        from!,
        now,
        (_, l) => patch(l as CachedList, changed, current, time),
        Math.min(...ends),
      );
    }
    if (!moved) cache.clear();
    seen = at;
  };
}
