// Which rows the thread list draws (src/lib/drawnRows.ts): a thread taken out of the list moves the
// rows below it up, keeping their elements; rows on screen are always drawn at once, while a row
// entering the overscan in a key's frame waits for the next pass that draws them all.
import { describe, expect, it } from 'vitest';
import type { ThreadRow } from '../../electron/shared/contract';
import { drawnRows, onScreen, within } from '../../src/lib/drawnRows';

const row = (id: string) => ({ id }) as ThreadRow;
const listOf = (ids: string[]) => (i: number) => (ids[i] === undefined ? undefined : row(ids[i]));
const ids = Array.from({ length: 40 }, (_, i) => `t${i}`);

describe('the rows drawn', () => {
  it('draws every row of the range, keyed by thread, holes by place', () => {
    const withHole = [...ids];
    delete withHole[3];
    const { rows, held } = drawnRows(listOf(withHole), { from: 0, to: 6 }, { from: 0, to: 4 }, null);
    expect(held).toBe(false);
    expect(rows.map((r) => r.key)).toEqual(['t0', 't1', 't2', '#3', 't4', 't5']);
    expect(rows.map((r) => r.i)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('after a thread leaves, keeps the rows drawn, moved up, and holds back the one entering the overscan', () => {
    const before = drawnRows(listOf(ids), { from: 0, to: 20 }, { from: 0, to: 12 }, null).rows;
    const after = ids.filter((id) => id !== 't5');
    const { rows, held } = drawnRows(
      listOf(after),
      { from: 0, to: 20 },
      { from: 0, to: 12 },
      new Set(before.map((r) => r.key)),
    );
    expect(held).toBe(true);
    // t20 slid into place 19, below the screen: made on the next pass, not in the key's frame.
    expect(rows.map((r) => r.key)).toEqual(after.slice(0, 19));
    expect(rows.find((r) => r.key === 't6')?.i).toBe(5);
    // The next pass draws it.
    const next = drawnRows(listOf(after), { from: 0, to: 20 }, { from: 0, to: 12 }, null);
    expect(next.rows.map((r) => r.key)).toEqual(after.slice(0, 20));
  });

  it('never holds back a row on screen', () => {
    const { rows, held } = drawnRows(listOf(ids), { from: 10, to: 30 }, { from: 18, to: 22 }, new Set());
    expect(held).toBe(true);
    expect(rows.map((r) => r.key)).toEqual(['t18', 't19', 't20', 't21']);
  });
});

describe('the rows on screen', () => {
  it('are those the scroll shows, up to the end of the list', () => {
    expect(onScreen(0, 600, 68, 100)).toEqual({ from: 0, to: 9 });
    expect(onScreen(68 * 3, 600, 68, 100)).toEqual({ from: 3, to: 12 });
    expect(onScreen(68 * 95, 600, 68, 100)).toEqual({ from: 95, to: 100 });
  });

  it('are within the rows drawn while a scroll stays in the overscan', () => {
    const drawnSpan = { from: 0, to: 17 };
    expect(within(onScreen(68, 600, 68, 100), drawnSpan)).toBe(true);
    expect(within(onScreen(68 * 9, 600, 68, 100), drawnSpan)).toBe(false);
  });
});
