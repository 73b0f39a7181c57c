// A local status change moves the cached lists and counts instead of dropping them. A verdict
// changes one column of one row; rebuilding every cached list and all counts after it (full
// scans at 100,000 threads) is what made the next window and counts slow. Each change is recorded
// with the data versions just before and after it, and applied to the caches on the next read,
// once committed: only if the caches were current just before the write (so no other write
// slipped in) and the row still has the status written (a rollback shows there).
import type { Counts } from '../../../shared/contract';
import type { DataVersions } from '../dataVersion';
import type { Db } from '../db';
import type { ReadCache } from '../readCache';
import { nowIso } from '../util';

/** Which threads a list holds and in what order (the core side of the `threads.list` query). */
export interface ThreadQuery {
  view: 'inbox' | 'all' | 'snoozed' | 'status' | 'suggested';
  status?: string | undefined;
  /** view 'suggested': the Inbox's threads the app suggests this verdict for. */
  suggested?: string | undefined;
  campaignId?: string | undefined;
  emailAccountId?: string | undefined;
  search?: string | undefined;
  /** newest: latest message first; waiting: the longest-waiting inbound message first. */
  sort?: 'newest' | 'waiting' | undefined;
  offset: number;
  limit: number;
}

export type Rids = Int32Array | Float64Array;

/** A cached list: its ordered row ids, and the query that chose them. */
export interface CachedList {
  ids: Rids;
  q: ThreadQuery;
}

/** The columns that decide which lists a thread is in, and where. */
export interface ListState {
  rid: number;
  id: string;
  status: string;
  snoozed_until: string | null;
  campaign_id: string;
  email_account_id: string;
  last_message_at: string;
  suggested: string | null;
}

/** Whether a thread with this status passes a list's filters (the same as listIds' WHERE). */
export function inList(q: ThreadQuery, t: ListState, status: string, now: string): boolean {
  const snoozed = t.snoozed_until !== null && t.snoozed_until > now;
  if ((q.view === 'inbox' || q.view === 'suggested') && (status !== 'open' || snoozed)) return false;
  if (q.view === 'suggested' && t.suggested !== (q.suggested ?? null)) return false;
  if (q.view === 'snoozed' && !snoozed) return false;
  if (q.view === 'status' && status !== (q.status ?? 'open')) return false;
  if (q.campaignId && t.campaign_id !== q.campaignId) return false;
  if (q.emailAccountId && t.email_account_id !== q.emailAccountId) return false;
  return true;
}

interface StatusChange {
  row: ListState;
  status: string;
  lists: [string, string];
  counts: [string, string];
}

function patchCounts(counts: Counts, c: StatusChange, now: string): Counts {
  const byStatus = { ...counts.byStatus };
  const from = c.row.status;
  byStatus[from] = (byStatus[from] ?? 0) - 1;
  if (byStatus[from] === 0) delete byStatus[from];
  byStatus[c.status] = (byStatus[c.status] ?? 0) + 1;
  const awake = !(c.row.snoozed_until !== null && c.row.snoozed_until > now);
  const moved = awake ? Number(c.status === 'open') - Number(from === 'open') : 0;
  const inbox = counts.inbox + moved;
  let bySuggestion = counts.bySuggestion;
  const s = c.row.suggested;
  if (s !== null && moved !== 0) {
    bySuggestion = { ...bySuggestion, [s]: (bySuggestion[s] ?? 0) + moved };
    if (bySuggestion[s] === 0) delete bySuggestion[s];
  }
  return { ...counts, inbox, byStatus, bySuggestion };
}

/** Past this many changes between two reads (a bulk verdict), rebuilding is cheaper than patching. */
const MAX_CHANGES = 64;

export function createStatusPatcher(db: Db, versions: DataVersions, lists: ReadCache, counts: ReadCache) {
  let changes: StatusChange[] = [];
  const listState = db.prepare(
    `SELECT rid, id, status, snoozed_until, campaign_id, email_account_id, last_message_at, suggested
     FROM threads WHERE id = ?`,
  );
  const statusByRid = db.prepare(`SELECT status FROM threads WHERE rid = ?`).pluck();
  const orderByRid = db.prepare(`SELECT last_message_at AS at, id FROM threads WHERE rid = ?`);
  /** Where a thread goes in a list ordered by last_message_at DESC, id DESC: a binary search. */
  const insertAt = (ids: Rids, row: ListState): number => {
    let lo = 0;
    let hi = ids.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const o = orderByRid.get(ids[mid]) as { at: string; id: string } | undefined;
      const before =
        o !== undefined && (o.at > row.last_message_at || (o.at === row.last_message_at && o.id > row.id));
      if (before) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const patchList = (l: CachedList, c: StatusChange, now: string): CachedList | undefined => {
    const was = inList(l.q, c.row, c.row.status, now);
    const is = inList(l.q, c.row, c.status, now);
    if (was === is) return l;
    const at = l.ids.indexOf(c.row.rid);
    if (was && !is) {
      if (at < 0) return l;
      const ids = new (l.ids.constructor as typeof Int32Array)(l.ids.length - 1);
      ids.set(l.ids.subarray(0, at));
      ids.set(l.ids.subarray(at + 1), at);
      return { ids, q: l.q };
    }
    // Joins the list: a name search's members are not known here, so that list is rebuilt.
    if (at >= 0) return l;
    if (l.q.search !== undefined && l.q.search.trim() !== '') return undefined;
    // Only the newest-first order is known here (insertAt): a list sorted by waiting is rebuilt.
    if (l.q.sort === 'waiting') return undefined;
    if (l.ids instanceof Int32Array && c.row.rid > 0x7fffffff) return undefined;
    const pos = insertAt(l.ids, c.row);
    const ids = new (l.ids.constructor as typeof Int32Array)(l.ids.length + 1);
    ids.set(l.ids.subarray(0, pos));
    ids[pos] = c.row.rid;
    ids.set(l.ids.subarray(pos), pos + 1);
    return { ids, q: l.q };
  };
  /** Applies the recorded status changes to the caches, once they are committed. */
  const settle = (): void => {
    if (changes.length === 0 || db.inTransaction) return;
    if (changes.length > MAX_CHANGES) {
      changes = [];
      return;
    }
    const now = nowIso();
    for (const c of changes) {
      if (statusByRid.get(c.row.rid) !== c.status) break;
      const movedLists = lists.advance(c.lists[0], c.lists[1], (_, l) => patchList(l as CachedList, c, now));
      const movedCounts = counts.advance(c.counts[0], c.counts[1], (_, v) =>
        patchCounts(v as Counts, c, now),
      );
      if (!movedLists && !movedCounts) break;
    }
    changes = [];
  };

  return {
    /** Runs write (which sets this thread's status) and records the change for settle(). */
    record(id: string, status: string, write: () => void): void {
      const before = { lists: versions.lists(), counts: versions.counts() };
      const row = listState.get(id) as ListState | undefined;
      write();
      if (!row || row.status === status) return;
      changes.push({
        row,
        status,
        lists: [before.lists, versions.lists()],
        counts: [before.counts, versions.counts()],
      });
    },
    settle,
  };
}
