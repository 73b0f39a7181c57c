// All inboxes' order: the ordered lists of several stores merged into one, newest first (or
// longest waiting first), as a single list of (store, row id) pairs. Each store's list keeps its
// own order (its ties are already broken by thread id); between stores a tie goes to the store
// listed first, so the same data always gives the same order.
import type { Rids } from '../store/repos/threadLists';
import type { SortKeys } from '../store/repos/threadKeys';

export interface OrderedSource {
  ids: Rids;
  keys: SortKeys;
}

export interface Merged {
  /** Which source each position comes from. */
  source: Uint8Array;
  /** The row id, in that source's store. */
  rid: Float64Array;
}

/** Each id's key, aligned with the ids; negated for newest so that smaller always goes first. */
export function alignedKeys(ids: Rids, keys: SortKeys, sort: 'newest' | 'waiting'): Float64Array {
  const out = new Float64Array(ids.length);
  if (sort === 'waiting') {
    for (let i = 0; i < ids.length; i++) out[i] = keys.waiting.get(ids[i]!) ?? Infinity;
  } else {
    for (let i = 0; i < ids.length; i++) out[i] = -(keys.newest.get(ids[i]!) ?? 0);
  }
  return out;
}

/** Merges the sources' lists, given each one's aligned keys (smaller first). At most 255 sources. */
export function mergeOrdered(lists: readonly { ids: Rids; keys: Float64Array }[]): Merged {
  const total = lists.reduce((n, l) => n + l.ids.length, 0);
  const source = new Uint8Array(total);
  const rid = new Float64Array(total);
  const at = lists.map(() => 0);
  for (let out = 0; out < total; out++) {
    let best = -1;
    let bestKey = Infinity;
    for (let s = 0; s < lists.length; s++) {
      const l = lists[s]!;
      const i = at[s]!;
      if (i >= l.ids.length) continue;
      const k = l.keys[i]!;
      // `<` keeps the first source on a tie; an exhausted best (-1) takes any.
      if (best === -1 || k < bestKey) {
        best = s;
        bestKey = k;
      }
    }
    source[out] = best;
    rid[out] = lists[best]!.ids[at[best]!]!;
    at[best] = at[best]! + 1;
  }
  return { source, rid };
}
