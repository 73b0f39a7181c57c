// Data sizes per scale. `full` is the sizes; `small` is a quick try of every code path.

export type ScaleName = 'small' | 'full';

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
}

export const SCALES: Record<ScaleName, Scale> = {
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
