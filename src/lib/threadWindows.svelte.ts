// The thread list's rows, fetched in windows as the person scrolls. Only a sparse array of the
// rows near the visible range is kept; windows next to it are fetched ahead. Local changes
// (a verdict that takes a thread out of the view) apply at once; a generation counter drops
// answers that were asked for before such a change, so stale rows never come back.
import type { ThreadRow, ThreadWindow } from '../../electron/shared/contract';
import { WINDOW_SIZE } from './firstCalls';

export { WINDOW_SIZE };

/** Rows kept either side of the range on screen, so scrolling back a while finds them drawn.
 *  Rows farther away are let go (a refresh lets them go too), so the page's memory stays the same
 *  whether the rep has scrolled through a thousand threads or a hundred thousand. */
export const KEEP_ROWS = 1_000;

/** Same thread, same fields: the row already drawn can stay as it is. */
function sameRow(a: ThreadRow, b: ThreadRow): boolean {
  for (const key of Object.keys(b) as (keyof ThreadRow)[]) if (a[key] !== b[key]) return false;
  return Object.keys(a).length === Object.keys(b).length;
}

export type FetchWindow = (offset: number, limit: number) => Promise<ThreadWindow>;

export class ThreadWindows {
  /** Rows by position; holes are rows not fetched yet. Not reactive itself: `version` is. */
  private rows: (ThreadRow | undefined)[] = [];
  // Plain on purpose: which windows are being fetched is bookkeeping, not something drawn.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  private inFlight = new Set<number>();
  private generation = 0;
  private refreshWaiters: (() => void)[] = [];
  private lastRange: [number, number] = [0, WINDOW_SIZE];
  version = $state(0);
  total = $state(0);
  /** The first window has answered since the last reset. */
  ready = $state(false);
  error = $state<string | null>(null);

  constructor(private fetchWindow: FetchWindow) {}

  /** A new query: forget everything and ask for the first window at once. */
  reset(fetchWindow?: FetchWindow): Promise<void> {
    if (fetchWindow) this.fetchWindow = fetchWindow;
    this.generation++;
    this.rows = [];
    this.inFlight.clear();
    this.total = 0;
    this.ready = false;
    this.error = null;
    this.version++;
    this.lastRange = [0, WINDOW_SIZE];
    this.settleRefresh();
    return this.ensure(0, WINDOW_SIZE);
  }

  at(index: number): ThreadRow | undefined {
    void this.version;
    return this.rows[index];
  }

  indexOf(threadId: string): number {
    void this.version;
    return this.rows.findIndex((r) => r?.id === threadId);
  }

  /** Fetches the windows that cover [from, to) and one window ahead and behind. A window around
   *  the range that already holds rows is not asked for again for the places a verdict emptied at
   *  its end (each verdict would fetch a hundred rows no one sees): they are filled as the range
   *  reaches them, or by the refresh that follows the rep's changes. */
  ensure(from: number, to: number): Promise<void> {
    this.lastRange = [from, to];
    const first = Math.max(0, Math.floor(from / WINDOW_SIZE) - 1);
    const last = Math.floor(Math.max(from, to - 1) / WINDOW_SIZE) + 1;
    const jobs: Promise<void>[] = [];
    for (let w = first; w <= last; w++) {
      if (this.ready && w * WINDOW_SIZE >= this.total) break;
      if (this.inFlight.has(w)) continue;
      const start = w * WINDOW_SIZE;
      const covers = start < to && start + WINDOW_SIZE > from;
      const enough = covers
        ? this.spanLoaded(Math.max(from, start), Math.min(to, start + WINDOW_SIZE))
        : this.windowLoaded(w) || this.holdsRows(w);
      if (enough) continue;
      jobs.push(this.load(w));
    }
    return Promise.all(jobs).then(() => undefined);
  }

  /** Asks again for what is on screen and replaces the rows when the answer comes. Resolves once
   *  fresh rows are in, also when a newer refresh overtook this one. */
  refresh(): Promise<void> {
    const done = new Promise<void>((resolve) => this.refreshWaiters.push(resolve));
    void this.runRefresh();
    return done;
  }

  private async runRefresh(): Promise<void> {
    const gen = ++this.generation;
    this.inFlight.clear();
    const [from, to] = this.lastRange;
    const first = Math.max(0, Math.floor(from / WINDOW_SIZE) - 1);
    const last = Math.floor(Math.max(from, to - 1) / WINDOW_SIZE) + 1;
    const answers: ThreadWindow[] = [];
    try {
      for (let w = first; w <= last; w++) {
        const answer = await this.fetchWindow(w * WINDOW_SIZE, WINDOW_SIZE);
        if (gen !== this.generation) return;
        answers.push(answer);
        if (answer.offset + answer.rows.length >= answer.total) break;
      }
    } catch (e) {
      if (gen !== this.generation) return;
      this.error = e instanceof Error ? e.message : String(e);
      this.settleRefresh();
      return;
    }
    const rows: (ThreadRow | undefined)[] = [];
    let total = this.total;
    const known = this.byId();
    for (const a of answers) {
      total = a.total;
      a.rows.forEach((r, i) => (rows[a.offset + i] = this.stable(known, r)));
    }
    rows.length = Math.min(rows.length, total);
    this.rows = rows;
    this.total = total;
    this.ready = true;
    this.error = null;
    this.version++;
    this.settleRefresh();
  }

  private settleRefresh(): void {
    const waiters = this.refreshWaiters;
    this.refreshWaiters = [];
    for (const w of waiters) w();
  }

  /** Takes threads out of the view at once (a verdict moved them elsewhere). */
  removeLocal(ids: ReadonlySet<string>): void {
    this.generation++;
    this.inFlight.clear();
    const rows: (ThreadRow | undefined)[] = [];
    let removed = 0;
    const len = this.rows.length;
    for (let i = 0; i < len; i++) {
      const r = this.rows[i];
      if (r && ids.has(r.id)) {
        removed++;
        continue;
      }
      if (r) rows[i - removed] = r;
    }
    this.rows = rows;
    this.total = Math.max(0, this.total - removed);
    this.version++;
  }

  /** Changes loaded rows in place (a verdict that keeps them in view, marking read). */
  patchLocal(ids: ReadonlySet<string>, patch: Partial<ThreadRow>): void {
    let changed = false;
    for (let i = 0; i < this.rows.length; i++) {
      const r = this.rows[i];
      if (r && ids.has(r.id)) {
        this.rows[i] = { ...r, ...patch };
        changed = true;
      }
    }
    if (changed) this.version++;
  }

  private byId(): Map<string, ThreadRow> {
    // A lookup for one pass, never drawn.
    // eslint-disable-next-line svelte/prefer-svelte-reactivity
    const map = new Map<string, ThreadRow>();
    for (const r of this.rows) if (r) map.set(r.id, r);
    return map;
  }

  /** The row object already held when nothing in it changed: the list redraws only what did. */
  private stable(known: Map<string, ThreadRow>, row: ThreadRow): ThreadRow {
    const old = known.get(row.id);
    return old && sameRow(old, row) ? old : row;
  }

  /** Drops the windows farther than KEEP_ROWS from the range on screen. */
  private letGoFarRows(): void {
    const [from, to] = this.lastRange;
    const keepFrom = Math.floor(Math.max(0, from - KEEP_ROWS) / WINDOW_SIZE) * WINDOW_SIZE;
    const keepTo = Math.ceil((to + KEEP_ROWS) / WINDOW_SIZE) * WINDOW_SIZE;
    for (let i = 0; i < Math.min(keepFrom, this.rows.length); i++) this.rows[i] = undefined;
    if (this.rows.length > keepTo) this.rows.length = keepTo;
  }

  /** Whether every place of [from, to) holding a thread has its row. */
  private spanLoaded(from: number, to: number): boolean {
    const end = this.ready ? Math.min(this.total, to) : to;
    for (let i = from; i < end; i++) if (!this.rows[i]) return false;
    return true;
  }

  /** Whether most of the window's rows are here (verdicts emptied a few places at its end). */
  private holdsRows(w: number): boolean {
    const start = w * WINDOW_SIZE;
    let held = 0;
    for (let i = start; i < start + WINDOW_SIZE; i++) if (this.rows[i]) held++;
    return held >= WINDOW_SIZE / 2;
  }

  private windowLoaded(w: number): boolean {
    const start = w * WINDOW_SIZE;
    const end = this.ready ? Math.min(this.total, start + WINDOW_SIZE) : start + 1;
    for (let i = start; i < end; i++) if (!this.rows[i]) return false;
    return true;
  }

  private async load(w: number): Promise<void> {
    const gen = this.generation;
    this.inFlight.add(w);
    try {
      const answer = await this.fetchWindow(w * WINDOW_SIZE, WINDOW_SIZE);
      if (gen !== this.generation) return;
      this.inFlight.delete(w);
      const known = this.byId();
      answer.rows.forEach((r, i) => (this.rows[answer.offset + i] = this.stable(known, r)));
      if (this.ready && answer.total !== this.total)
        this.rows.length = Math.min(this.rows.length, answer.total);
      this.letGoFarRows();
      this.total = answer.total;
      this.ready = true;
      this.error = null;
      this.version++;
    } catch (e) {
      if (gen !== this.generation) return;
      this.inFlight.delete(w);
      this.error = e instanceof Error ? e.message : String(e);
    }
  }
}
