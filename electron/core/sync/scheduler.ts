// When to sync: at start, every N seconds, on demand, and — while offline — probing with backoff
// until the service answers again. One run at a time: a second request joins the running one.
import { backoffDelay } from '../api/retry';

export interface SchedulerOptions {
  /** A function when the person can change it while the app runs (read at each arming). */
  intervalMs: number | (() => number);
  /** One sync; rejects when it failed. `offline` tells the scheduler to probe. */
  run: (signal: AbortSignal) => Promise<void>;
  isOffline: () => boolean;
  isPaused: () => boolean;
  probeBaseMs?: number;
  probeMaxMs?: number;
}

export interface Scheduler {
  start(): void;
  /** Runs a sync now, or joins the running one. Resolves when it ends (never rejects). */
  now(): Promise<void>;
  running(): boolean;
  stop(): Promise<void>;
}

export function createScheduler(opts: SchedulerOptions): Scheduler {
  let current: Promise<void> | null = null;
  let controller: AbortController | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = true;
  let probes = 0;

  const arm = (): void => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    const interval = typeof opts.intervalMs === 'function' ? opts.intervalMs() : opts.intervalMs;
    let delay = interval;
    if (opts.isOffline()) {
      // Probe sooner while offline, backing off, so the return of the network is noticed.
      delay = Math.min(
        interval,
        1000 + backoffDelay(probes++, opts.probeBaseMs ?? 2000, opts.probeMaxMs ?? 60_000),
      );
    } else probes = 0;
    timer = setTimeout(() => void now(), delay);
    timer.unref?.();
  };

  function now(): Promise<void> {
    if (current) return current;
    if (opts.isPaused()) return Promise.resolve();
    controller = new AbortController();
    const c = controller;
    current = opts
      .run(c.signal)
      .catch(() => undefined)
      .finally(() => {
        current = null;
        if (controller === c) controller = null;
        arm();
      });
    return current;
  }

  return {
    start() {
      stopped = false;
      void now();
    },
    now,
    running: () => current !== null,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      controller?.abort();
      await current?.catch(() => undefined);
    },
  };
}
