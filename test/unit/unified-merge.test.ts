// All inboxes' order: the lists of several stores merged into one by their sort keys, each store's
// own order kept, a tie between stores going to the store listed first, and threads with no
// waiting reply last in the waiting order.
import { describe, expect, it } from 'vitest';
import { keyOf, LazyMerge } from '../../electron/core/unified/merge';

const keys = (newest: Record<number, string>, waiting: Record<number, string | null> = {}) => ({
  newest: new Map(Object.entries(newest).map(([rid, at]) => [Number(rid), Date.parse(at)])),
  waiting: new Map(
    Object.entries(waiting).map(([rid, at]) => [Number(rid), at === null ? Infinity : Date.parse(at)]),
  ),
});

function merged(lists: { ids: number[]; k: ReturnType<typeof keys> }[], sort: 'newest' | 'waiting') {
  const m = new LazyMerge(lists.map(({ ids, k }) => ({ ids: Int32Array.from(ids), key: keyOf(k, sort) })));
  return m.window(0, m.total).map((p) => `${p.source}:${p.rid}`);
}

describe('merging the lists of several stores', () => {
  it('puts the newest message first across stores, keeping each store’s own order', () => {
    const a = { ids: [3, 1], k: keys({ 3: '2026-11-20T10:00:00Z', 1: '2026-11-18T10:00:00Z' }) };
    const b = {
      ids: [7, 9, 8],
      k: keys({ 7: '2026-11-21T10:00:00Z', 9: '2026-11-19T10:00:00Z', 8: '2026-11-01T00:00:00Z' }),
    };
    expect(merged([a, b], 'newest')).toEqual(['1:7', '0:3', '1:9', '0:1', '1:8']);
  });

  it('gives a tie between stores to the store listed first, the same way every time', () => {
    const at = '2026-11-20T10:00:00Z';
    const a = { ids: [1, 2], k: keys({ 1: at, 2: at }) };
    const b = { ids: [5], k: keys({ 5: at }) };
    expect(merged([a, b], 'newest')).toEqual(['0:1', '0:2', '1:5']);
    expect(merged([b, a], 'newest')).toEqual(['0:5', '1:1', '1:2']);
  });

  it('orders by the longest wait, threads with nothing waiting last', () => {
    const a = {
      ids: [1, 2],
      k: keys(
        { 1: '2026-11-20T00:00:00Z', 2: '2026-11-20T00:00:00Z' },
        { 1: '2026-11-10T00:00:00Z', 2: null },
      ),
    };
    const b = { ids: [4], k: keys({ 4: '2026-11-20T00:00:00Z' }, { 4: '2026-11-05T00:00:00Z' }) };
    expect(merged([a, b], 'waiting')).toEqual(['1:4', '0:1', '0:2']);
  });

  it('answers a deep window first, then the top, the same as merging all at once', () => {
    const at = (d: number) => new Date(Date.UTC(2026, 10, d)).toISOString();
    const lists = [0, 1, 2].map((s) => {
      const ids = Array.from({ length: 30 }, (_, i) => s * 100 + i + 1);
      return { ids, k: keys(Object.fromEntries(ids.map((id, i) => [id, at(30 - i - s)]))) };
    });
    const all = merged(lists, 'newest');
    const m = new LazyMerge(
      lists.map(({ ids, k }) => ({ ids: Int32Array.from(ids), key: keyOf(k, 'newest') })),
    );
    const show = (w: { source: number; rid: number }[]) => w.map((p) => `${p.source}:${p.rid}`);
    expect(show(m.window(60, 20))).toEqual(all.slice(60, 80));
    expect(show(m.window(0, 10))).toEqual(all.slice(0, 10));
    expect(show(m.window(85, 50))).toEqual(all.slice(85));
    expect(m.total).toBe(90);
  });

  it('answers an empty list for no stores or empty ones', () => {
    expect(merged([], 'newest')).toEqual([]);
    expect(merged([{ ids: [], k: keys({}) }], 'newest')).toEqual([]);
  });
});
