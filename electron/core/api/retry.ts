// Bounded retries with exponential backoff and full jitter, for transient failures and 429s.
import { ApiError } from './errors';

export interface RetryPolicy {
  /** Total tries, the first included. */
  tries: number;
  baseMs: number;
  maxMs: number;
  /** Retry an answer that failed validation (a truncated or garbled body is usually a blip). */
  retryMalformed: boolean;
  /** Wait out a 429 and try again (false: report it at once, the caller reschedules). */
  retryRateLimited?: boolean;
  /** Total time one call may spend waiting between tries; past it the last failure is reported. */
  maxTotalWaitMs?: number;
}

const MAX_TOTAL_WAIT_MS = 90_000;

export const DEFAULT_RETRY: RetryPolicy = {
  tries: 4,
  baseMs: 250,
  maxMs: 8_000,
  retryMalformed: true,
  maxTotalWaitMs: MAX_TOTAL_WAIT_MS,
};

/** Full-jitter backoff: a random wait in [0, min(max, base * 2^attempt)]. attempt starts at 0. */
export function backoffDelay(
  attempt: number,
  baseMs: number,
  maxMs: number,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** attempt);
  return Math.floor(random() * ceiling);
}

/** Whether a failure is worth another try under this policy. */
export function isRetryable(err: unknown, policy: RetryPolicy): boolean {
  if (!(err instanceof ApiError)) return false;
  if (err.kind === 'transient') return true;
  if (err.kind === 'rate_limited') return policy.retryRateLimited !== false;
  return err.kind === 'malformed' && policy.retryMalformed;
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new ApiError('cancelled', 'Cancelled.'));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new ApiError('cancelled', 'Cancelled.'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export interface RetryDeps {
  signal?: AbortSignal;
  random?: () => number;
  wait?: (ms: number, signal?: AbortSignal) => Promise<void>;
  onRetry?: (err: ApiError, attempt: number, delayMs: number) => void;
}

export async function withRetry<T>(
  fn: (attempt: number) => Promise<T>,
  policy: RetryPolicy,
  deps: RetryDeps = {},
): Promise<T> {
  const wait = deps.wait ?? sleep;
  let waited = 0;
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn(attempt);
    } catch (err) {
      if (attempt + 1 >= policy.tries || !isRetryable(err, policy)) throw err;
      const apiErr = err as ApiError;
      const delay =
        apiErr.kind === 'rate_limited' && apiErr.retryAfterMs !== null
          ? apiErr.retryAfterMs
          : backoffDelay(attempt, policy.baseMs, policy.maxMs, deps.random);
      if (waited + delay > (policy.maxTotalWaitMs ?? MAX_TOTAL_WAIT_MS)) throw err;
      waited += delay;
      deps.onRetry?.(apiErr, attempt, delay);
      await wait(delay, deps.signal);
    }
  }
}
