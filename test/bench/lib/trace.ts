// A performance trace of the page (Chrome DevTools Protocol) around some key presses, boiled down
// to where the main thread's time went: the long tasks (over one frame) and what filled each one.
import type { Page } from '@playwright/test';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's CPU time in the event, microseconds. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown> };
}

export interface LongTask {
  /** Milliseconds. */
  ms: number;
  /** Milliseconds of the main thread's CPU time in it: less than `ms` when the machine's other
   *  work kept the thread off the CPU meanwhile. */
  cpuMs: number;
  /** The largest parts of the task, e.g. "ParseHTML 354 ms". */
  parts: string[];
}

const CATEGORIES = 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute';
const FRAME_MS = 16.7;

/** Runs `during` with tracing on; answers the renderer main thread's tasks longer than a frame. */
export async function longTasksDuring(page: Page, during: () => Promise<void>): Promise<LongTask[]> {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => void events.push(...(e.value as unknown as TraceEvent[])));
  const complete = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
  try {
    await during();
  } finally {
    await cdp.send('Tracing.end');
    await complete;
    await cdp.detach();
  }
  const names = new Map<string, string>();
  for (const e of events) if (e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args?.name ?? '');
  const main = events.filter((e) => e.ph === 'X' && names.get(`${e.pid}:${e.tid}`) === 'CrRendererMain');
  const tasks = main.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) / 1000 > FRAME_MS);
  // The page's own frame: the one whose animation frames run (a message's frame runs no script).
  const frames = {
    main: main.find((e) => e.name === 'FireAnimationFrame')?.args?.data?.frame as string | undefined,
  };

  return tasks
    .map((t) => {
      const end = t.ts + (t.dur ?? 0);
      const inside = main.filter(
        (e) => e !== t && e.pid === t.pid && e.tid === t.tid && e.ts >= t.ts && e.ts < end,
      );
      // The biggest parts: rendering steps (in the page or in a message's frame), HTML parsing,
      // garbage collection, and script by function. Nested parts overlap; each is its own total.
      const sums = new Map<string, number>();
      for (const e of inside) {
        let key: string | null = null;
        if (['ParseHTML', 'MajorGC', 'MinorGC'].includes(e.name)) key = e.name;
        else if (['Layout', 'UpdateLayoutTree', 'PrePaint', 'Paint'].includes(e.name)) {
          const frame =
            e.args?.data?.frame ?? (e.args?.data?.beginData as { frame?: string } | undefined)?.frame;
          key = frame && frames.main && frame !== frames.main ? `${e.name} (in a message frame)` : e.name;
        } else if (e.name === 'FunctionCall') {
          const d = e.args?.data ?? {};
          const fn =
            String(d.functionName ?? '') || `anonymous@${String(d.lineNumber)}:${String(d.columnNumber)}`;
          key = `script ${fn}`;
        }
        if (key) sums.set(key, (sums.get(key) ?? 0) + (e.dur ?? 0) / 1000);
      }
      const parts = [...sums]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .map(([n, ms]) => `${n} ${ms.toFixed(0)} ms`);
      return { ms: (t.dur ?? 0) / 1000, cpuMs: (t.tdur ?? t.dur ?? 0) / 1000, parts };
    })
    .sort((a, b) => b.ms - a.ms);
}

/** "3 long tasks: 902 ms (ParseHTML 660 ms, ...), 141 ms (Layout 113 ms, ...)" */
export function describeLongTasks(tasks: LongTask[], top = 3): string {
  if (tasks.length === 0) return 'no main-thread task longer than a frame';
  const shown = tasks
    .slice(0, top)
    .map((t) => `${t.ms.toFixed(0)} ms, cpu ${t.cpuMs.toFixed(0)} (${t.parts.join(', ') || 'script'})`)
    .join('; ');
  const cpu = tasks.filter((t) => t.cpuMs > FRAME_MS).length;
  return `${tasks.length} main-thread tasks longer than a frame (${cpu} of them by CPU time), longest ${shown}`;
}
