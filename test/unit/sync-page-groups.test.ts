// A pass's pages are written several whole pages per transaction: the first at once (a first
// sync's first rows), then groups of GROUP_PAGES, and a page never waits longer than
// GROUP_WAIT_MS; a failed write stops the paging and is the failure the pass reports.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GROUP_PAGES, GROUP_WAIT_MS, pageGroups, writeAllPages } from '../../electron/core/sync/pageGroups';
import { WRITES_AWAY } from '../../electron/core/sync/away';
import { silentLogger } from '../../electron/core/log';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);

describe('page groups', () => {
  it('writes the first page alone, then whole groups, then what is left at the end', () => {
    const writes: number[][] = [];
    const g = pageGroups<number>((pages) => void writes.push(pages));
    g.add([1]);
    expect(writes).toEqual([[1]]);
    for (const p of range(2, GROUP_PAGES + 3)) g.add([p]);
    expect(writes).toEqual([[1], range(2, GROUP_PAGES)]);
    g.flush();
    expect(writes).toEqual([[1], range(2, GROUP_PAGES), range(2 + GROUP_PAGES, 3)]);
  });

  it('writes a page that waited GROUP_WAIT_MS without waiting for more', () => {
    const writes: number[][] = [];
    const g = pageGroups<number>((pages) => void writes.push(pages));
    g.add([1]);
    g.add([2, 3]);
    vi.advanceTimersByTime(GROUP_WAIT_MS - 1);
    expect(writes).toEqual([[1]]);
    vi.advanceTimersByTime(1);
    expect(writes).toEqual([[1], [2, 3]]);
  });

  it('a timed write that fails stops the paging, and the pass reports that failure', async () => {
    const failure = new Error('disk full');
    let calls = 0;
    const g = pageGroups<number>(() => {
      if (++calls === 2) throw failure;
    });
    g.add([1]);
    g.add([2]);
    vi.advanceTimersByTime(GROUP_WAIT_MS);
    expect(() => g.add([3])).toThrow(failure);
    await expect(
      writeAllPages({ log: silentLogger }, g, async () => {
        g.add([4]);
      }),
    ).rejects.toBe(failure);
  });

  it('pages fetched before the paging failed are written, and the paging failure is reported', async () => {
    const writes: number[][] = [];
    const g = pageGroups<number>((pages) => void writes.push(pages));
    const offline = new Error('offline');
    await expect(
      writeAllPages({ log: silentLogger }, g, async () => {
        g.add([1]);
        g.add([2, 3]);
        throw offline;
      }),
    ).rejects.toBe(offline);
    expect(writes).toEqual([[1], [2, 3]]);
  });

  it('holds the paging while WRITES_AWAY groups are being written elsewhere, and goes on as one lands', async () => {
    const landed: (() => void)[] = [];
    const writes: number[][] = [];
    const g = pageGroups<number>(
      (pages) =>
        new Promise<void>((resolve) => {
          writes.push(pages);
          landed.push(resolve);
        }),
      { pages: 1 },
    );
    for (const p of range(1, WRITES_AWAY)) g.add([p]);
    let room = false;
    const waited = g.room().then(() => (room = true));
    await Promise.resolve();
    expect(room).toBe(false);
    landed[0]!();
    await waited;
    expect(room).toBe(true);
    // The end of the pass waits for every group away.
    let flushed = false;
    const done = g.flush().then(() => (flushed = true));
    for (const l of landed.slice(1)) {
      await Promise.resolve();
      expect(flushed).toBe(false);
      l();
    }
    await done;
    expect(writes).toEqual(range(1, WRITES_AWAY).map((p) => [p]));
  });

  it('a write that fails elsewhere stops the paging, and the pass reports that failure', async () => {
    const failure = Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
    const g = pageGroups<number>(
      async (pages) => {
        if (pages[0] === 2) throw failure;
      },
      { pages: 1 },
    );
    await expect(
      writeAllPages({ log: silentLogger }, g, async () => {
        g.add([1]);
        g.add([2]);
        await Promise.resolve(); // the write's answer comes back
        await Promise.resolve();
        g.add([3]);
      }),
    ).rejects.toBe(failure);
  });
});
