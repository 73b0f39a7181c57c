// Data sizes per scale. `full` is the sizes; `small` is a quick try of every code path;
// `curve` runs a few suites at several sizes (curveScale), to show how each figure grows.

export type ScaleName = 'small' | 'full' | 'curve';

export interface Scale {
  name: ScaleName;
  /** Threads written straight to the store (store figure). */
  storeThreads: number;
  /** The sandbox the sync figures pull from. */
  sync: { threads: number; messages: number; leads: number };
  /** The big store every read figure (search, window, IPC, UI, RSS) runs on. */
  big: { threads: number; messages: number; leads: number };
  searchQueries: number;
  windowSamples: number;
  ipcSamples: number;
  keyPresses: number;
  verdictPresses: number;
  /** Whether the UI suite scrolls through every thread to read the page's heap (on by default). */
  scrollHeap?: boolean;
}

export const SCALES: Record<Exclude<ScaleName, 'curve'>, Scale> = {
  full: {
    name: 'full',
    storeThreads: 100_000,
    sync: { threads: 20_000, messages: 100_000, leads: 50_000 },
    big: { threads: 100_000, messages: 500_000, leads: 200_000 },
    searchQueries: 200,
    windowSamples: 400,
    ipcSamples: 400,
    keyPresses: 500,
    verdictPresses: 100,
  },
  small: {
    name: 'small',
    storeThreads: 5_000,
    sync: { threads: 1_000, messages: 5_000, leads: 2_500 },
    big: { threads: 5_000, messages: 25_000, leads: 10_000 },
    searchQueries: 60,
    windowSamples: 100,
    ipcSamples: 100,
    keyPresses: 60,
    verdictPresses: 20,
  },
};

/** The thread counts of `--scale curve`: a tenth of the full scale, the full scale, three times it. */
export const CURVE_SIZES = [10_000, 100_000, 300_000] as const;

/** One point of the curve: the full scale's proportions (5 messages and 2 leads per thread) and
 *  samples, at `threads`. The sync figure of the curve is the big store's own first sync. */
export function curveScale(threads: number): Scale {
  const size = { threads, messages: threads * 5, leads: threads * 2 };
  return {
    ...SCALES.full,
    name: 'curve',
    storeThreads: threads,
    sync: size,
    big: size,
    // `j` is not on the curve; the UI suite still presses it, so fewer presses save time.
    keyPresses: 30,
    scrollHeap: false,
  };
}
