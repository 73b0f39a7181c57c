// Which of the thread list's rows are drawn: those in a range around the screen, keyed by thread
// (a thread leaving the list removes one element and moves the rest instead of rewriting every row
// below it; holes, rows not fetched yet, are keyed by position). A key's frame carries only what
// it shows: a row of the overscan (the rows drawn above and below the screen) not drawn yet may be
// held back, and made once that frame is painted; a row on screen is always drawn at once.
import type { ThreadRow } from '../../electron/shared/contract';

export interface DrawnRow {
  key: string;
  /** The row's place in the list. */
  i: number;
  row: ThreadRow | undefined;
}

/** Places [from, to) of the list. */
export interface Span {
  from: number;
  to: number;
}

/** The rows to draw for `range`; with `drawnBefore` (the keys drawn by the last pass), rows outside
 *  `screen` not among them are left out and `held` says so. Without it, every row of the range. */
export function drawnRows(
  at: (i: number) => ThreadRow | undefined,
  range: Span,
  screen: Span,
  drawnBefore: ReadonlySet<string> | null,
): { rows: DrawnRow[]; held: boolean } {
  const seen = new Set<string>();
  let held = false;
  const rows: DrawnRow[] = [];
  for (let i = range.from; i < range.to; i++) {
    const row = at(i);
    const key = row && !seen.has(row.id) ? row.id : `#${i}`;
    if (row) seen.add(row.id);
    const offScreen = i < screen.from || i >= screen.to;
    if (drawnBefore && offScreen && !drawnBefore.has(key)) {
      held = true;
      continue;
    }
    rows.push({ key, i, row });
  }
  return { rows, held };
}

/** The places of the rows on screen when the list is scrolled to `top` px. */
export function onScreen(top: number, height: number, rowHeight: number, total: number): Span {
  return { from: Math.floor(top / rowHeight), to: Math.min(total, Math.ceil((top + height) / rowHeight)) };
}

/** Whether every place in `inner` is within `outer`. */
export function within(inner: Span, outer: Span): boolean {
  return inner.from >= outer.from && inner.to <= outer.to;
}
