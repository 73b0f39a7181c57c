// The account's share of the service's rate budget, in two lanes. What the rep waits on (a push, a
// thread opened) is `urgent`: it never queues. The pull is `background`: it goes as fast as the
// service lets it until the service says the budget is spent (429s close together); from then on
// it waits out the service's Retry-After and keeps to a pace below the rate the service accepted,
// so the service's bucket refills and what the rep asks for finds it unspent. A 429 here and there
// (a blip, or a pace just over the rate) makes only its own request wait, as before, and stops the
// pace from growing. The service's rate is not in the contract: it is learned from its answers.
import { ApiError } from './errors';

export type Lane = 'urgent' | 'background';

/** The pull keeps to this share of the rate the service accepted: the rest is the rep's. */
const HEADROOM = 0.8;
/** Most of the last few answers were 429s: the budget is spent (not a blip). */
const RECENT = 6;
const SPENT = 4;
/** The rate the service accepted is counted over this window before the 429s. */
const WINDOW_MS = 2000;
/** After this long without a 429 the pace grows again, by this factor a second (the service
 *  may allow more now, or the 429s were not about the rate). */
const QUIET_MS = 5000;
const RECOVERY_PER_SECOND = 1.02;
/** Floor of the pace, requests per second. */
const MIN_PACE = 1;
/** A paced lane sends at most this many seconds' worth at once. */
const BURST_SECONDS = 0.25;

export interface Gate {
  /** Resolves when a request of this lane may go (at once for `urgent`). */
  enter(lane: Lane, signal?: AbortSignal): Promise<void>;
  /** The answer to a request that went: refused for the rate (with the wait asked) or not. */
  answered(refusedForMs: number | null): void;
  /** The background lane's pace, requests per second (Infinity: not paced). */
  pace(): number;
}

interface Waiter {
  go(): void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

export function createGate(now: () => number = Date.now): Gate {
  let pace = Infinity;
  let pacedAt = 0;
  let tokens = 0;
  let filledAt = 0;
  let blockedUntil = 0;
  let lastRefusal = -Infinity;
  /** Whether each of the last answers was a 429. */
  const recent: boolean[] = [];
  /** Requests accepted within the window, counted per tenth of it (answers are many: O(1) each). */
  const slots = new Array<number>(10).fill(0);
  let slotAt = 0;
  const countAccepted = (t: number, add: number): number => {
    const slot = Math.floor(t / (WINDOW_MS / slots.length));
    for (let i = Math.max(slotAt + 1, slot - slots.length + 1); i <= slot; i++) slots[i % slots.length] = 0;
    slotAt = Math.max(slotAt, slot);
    slots[slot % slots.length]! += add;
    return slots.reduce((a, b) => a + b, 0);
  };
  const queue: Waiter[] = [];
  let timer: NodeJS.Timeout | null = null;

  const refill = (t: number): void => {
    if (pace === Infinity) return;
    // No 429 for a while: the pace grows back, a second at a time.
    if (t - lastRefusal >= QUIET_MS && t - pacedAt >= 1000) {
      pace *= RECOVERY_PER_SECOND ** Math.floor((t - pacedAt) / 1000);
      pacedAt = t;
    }
    tokens = Math.min(Math.max(1, pace * BURST_SECONDS), tokens + ((t - filledAt) / 1000) * pace);
    filledAt = t;
  };

  const pump = (): void => {
    if (timer) clearTimeout(timer);
    timer = null;
    while (queue.length > 0) {
      const t = now();
      if (t < blockedUntil) return arm(blockedUntil - t);
      refill(t);
      if (pace !== Infinity) {
        if (tokens < 1) return arm(((1 - tokens) / pace) * 1000);
        tokens -= 1;
      }
      const w = queue.shift()!;
      if (w.onAbort) w.signal?.removeEventListener('abort', w.onAbort);
      w.go();
    }
  };
  const arm = (ms: number): void => {
    timer = setTimeout(pump, Math.max(1, Math.ceil(ms)));
    timer.unref?.();
  };

  return {
    enter(lane, signal) {
      if (signal?.aborted) return Promise.reject(new ApiError('cancelled', 'Cancelled.'));
      const t = now();
      refill(t);
      // The rep's request goes at once; what it takes, the pull gives back (its pace waits longer).
      if (lane === 'urgent') {
        if (pace !== Infinity) tokens -= 1;
        return Promise.resolve();
      }
      if (queue.length === 0 && t >= blockedUntil && pace === Infinity) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const w: Waiter = { go: resolve };
        if (signal) {
          w.signal = signal;
          w.onAbort = () => {
            const i = queue.indexOf(w);
            if (i >= 0) queue.splice(i, 1);
            reject(new ApiError('cancelled', 'Cancelled.'));
          };
          signal.addEventListener('abort', w.onAbort, { once: true });
        }
        queue.push(w);
        pump();
      });
    },
    answered(refusedForMs) {
      const t = now();
      recent.push(refusedForMs !== null);
      if (recent.length > RECENT) recent.shift();
      if (refusedForMs === null) {
        countAccepted(t, 1);
        return;
      }
      lastRefusal = t;
      if (recent.filter(Boolean).length < SPENT) return;
      // The budget is spent: the pull waits as asked, then keeps below what was accepted.
      blockedUntil = Math.max(blockedUntil, t + refusedForMs);
      // The first time, part of what was accepted was the service's burst, saved before the pull
      // began: half of it is taken as the rate, and the pace grows back from there.
      const rate = countAccepted(t, 0) / (WINDOW_MS / 1000) / (pace === Infinity ? 2 : 1);
      pace = Math.max(MIN_PACE, Math.min(pace, HEADROOM * rate));
      pacedAt = t;
      tokens = 0;
      filledAt = t;
      pump();
    },
    pace: () => pace,
  };
}
