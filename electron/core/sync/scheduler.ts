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
  /** A sync that begins after this call (the rep asked: what the service holds now). While one
   *  runs, waits for it and runs once more; asks made meanwhile share that one. */
  fresh(): Promise<void>;
  running(): boolean;
  /** The service just went away (a request found it gone): probe soon, not at the next interval. */
  probeSoon(): void;
  stop(): Promise<void>;
}

export function createScheduler(opts: SchedulerOptions): Scheduler {
  let current: Promise<void> | null = null;
  let controller: AbortController | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = true;
  let probes = 0;
  let next: Promise<void> | null = null;

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

  function fresh(): Promise<void> {
    if (!current) return now();
    next ??= current.then(() => {
      next = null;
      return stopped ? undefined : now();
    });
    return next;
  }

  return {
    start() {
      stopped = false;
      void now();
    },
    now,
    fresh,
    running: () => current !== null,
    probeSoon() {
      // A running sync arms the timer when it ends; otherwise the wait starts again, as a probe.
      if (!current) arm();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      controller?.abort();
      await current?.catch(() => undefined);
    },
  };
}

export interface PushLaneOptions {
  /** One push run; rejects when it failed. */
  run: (signal: AbortSignal) => Promise<void>;
  isPaused: () => boolean;
  /** When the earliest entry waiting in back-off may go (ms since epoch), or null. */
  nextWake: () => number | null;
  /** A change waits this long for the next one, so fast triage makes one run... */
  debounceMs: number;
  /** ...but never longer than this after the first change asked. */
  maxWaitMs: number;
}

export interface PushLane {
  start(): void;
  /** A change asks for a push: within maxWaitMs, also while a pull runs. */
  request(): void;
  /** Pushes now, or joins the running push (then runs once more if a change came meanwhile). */
  now(): Promise<void>;
  /** Stops; with `graceMs`, the push on its way may finish first (aborted only past that time),
   *  so a change already on the wire is not left unknown. */
  stop(graceMs?: number): Promise<void>;
}

/** Pushes run on their own lane, beside pulls: a long or stalled pull never holds a change back. */
export function createPushLane(opts: PushLaneOptions): PushLane {
  let current: Promise<void> | null = null;
  let controller: AbortController | null = null;
  let debounce: NodeJS.Timeout | null = null;
  let wake: NodeJS.Timeout | null = null;
  let firstAskedAt: number | null = null;
  let again = false;
  let stopped = true;

  const clear = (t: NodeJS.Timeout | null): null => {
    if (t) clearTimeout(t);
    return null;
  };
  const armWake = (): void => {
    wake = clear(wake);
    const at = opts.nextWake();
    if (stopped || at === null) return;
    wake = setTimeout(() => void now(), Math.max(50, at - Date.now()));
    wake.unref?.();
  };

  function now(): Promise<void> {
    debounce = clear(debounce);
    firstAskedAt = null;
    if (current) {
      again = true;
      return current;
    }
    if (opts.isPaused()) return Promise.resolve();
    controller = new AbortController();
    const c = controller;
    current = (async () => {
      do {
        again = false;
        await opts.run(c.signal).catch(() => undefined);
      } while (again && !c.signal.aborted && !stopped);
    })().finally(() => {
      current = null;
      if (controller === c) controller = null;
      armWake();
    });
    return current;
  }

  return {
    start() {
      stopped = false;
      armWake();
    },
    request() {
      if (stopped) return;
      const t = Date.now();
      firstAskedAt ??= t;
      const due = Math.min(t + opts.debounceMs, firstAskedAt + opts.maxWaitMs);
      debounce = clear(debounce);
      debounce = setTimeout(() => void now(), Math.max(0, due - t));
      debounce.unref?.();
    },
    now,
    async stop(graceMs = 0) {
      stopped = true;
      debounce = clear(debounce);
      wake = clear(wake);
      const c = controller;
      const late = graceMs > 0 ? setTimeout(() => c?.abort(), graceMs) : null;
      if (!late) c?.abort();
      await current?.catch(() => undefined);
      if (late) clearTimeout(late);
    },
  };
}
