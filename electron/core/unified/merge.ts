// All inboxes' order: the ordered lists of several stores merged into one, newest first (or
// longest waiting first), as (store, row id) pairs. The merge is lazy: a window is merged only as
// far as it reaches, so the top of the list after a verdict costs a hundred steps, not a pass over
// every thread; a deep window extends what was merged before. Each store's list keeps its own
// order (its ties are already broken by thread id); between stores a tie goes to the store listed
// first, so the same data always gives the same order.
import type { Rids } from '../store/repos/threadLists';
import type { SortKeys } from '../store/repos/threadKeys';

/** A thread's place as one number, smaller first: newest is the negated time of the latest
 *  message, waiting the time the reply came (none: last). */
export function keyOf(keys: SortKeys, sort: 'newest' | 'waiting'): (rid: number) => number {
  return sort === 'waiting'
    ? (rid) => keys.waiting.get(rid) ?? Infinity
    : (rid) => -(keys.newest.get(rid) ?? 0);
}

export interface MergeSource {
  ids: Rids;
  key: (rid: number) => number;
}

export class LazyMerge {
  readonly total: number;
  /** Which source each merged position comes from, and its row id there (filled up to `filled`). */
  private readonly source: Uint8Array;
  private readonly rid: Float64Array;
  private filled = 0;
  /** Each source's next position, and the key of the thread there (Infinity: none left). */
  private readonly at: Int32Array;
  private readonly heads: Float64Array;
  private readonly done: Uint8Array;

  constructor(private readonly sources: readonly MergeSource[]) {
    if (sources.length > 255) throw new Error('too many stores to merge');
    this.total = sources.reduce((n, s) => n + s.ids.length, 0);
    this.source = new Uint8Array(this.total);
    this.rid = new Float64Array(this.total);
    this.at = new Int32Array(sources.length);
    this.heads = new Float64Array(sources.length);
    this.done = new Uint8Array(sources.length);
    sources.forEach((_, s) => this.advance(s));
  }

  private advance(s: number): void {
    const src = this.sources[s]!;
    const i = this.at[s]!;
    if (i >= src.ids.length) this.done[s] = 1;
    else this.heads[s] = src.key(src.ids[i]!);
  }

  /** Merges until the first `n` positions are known. */
  private fill(n: number): void {
    const end = Math.min(n, this.total);
    const count = this.sources.length;
    while (this.filled < end) {
      let best = -1;
      let bestKey = 0;
      for (let s = 0; s < count; s++) {
        if (this.done[s]) continue;
        const k = this.heads[s]!;
        // `<` keeps the first source on a tie.
        if (best === -1 || k < bestKey) {
          best = s;
          bestKey = k;
        }
      }
      this.source[this.filled] = best;
      this.rid[this.filled] = this.sources[best]!.ids[this.at[best]!]!;
      this.filled++;
      this.at[best] = this.at[best]! + 1;
      this.advance(best);
    }
  }

  /** The (source, row id) pairs of positions [offset, offset + limit). */
  window(offset: number, limit: number): { source: number; rid: number }[] {
    const end = Math.min(this.total, offset + limit);
    this.fill(end);
    const out: { source: number; rid: number }[] = [];
    for (let i = offset; i < end; i++) out.push({ source: this.source[i]!, rid: this.rid[i]! });
    return out;
  }
}
