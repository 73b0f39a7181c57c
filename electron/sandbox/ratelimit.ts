// Per-key token buckets: `burst` requests at once, refilled at `perSecond`.

export interface RateLimit {
  perSecond: number;
  burst: number;
}

export const DEFAULT_RATE_LIMIT: RateLimit = { perSecond: 50, burst: 100 };

export class RateLimiter {
  private buckets = new Map<string, { tokens: number; at: number }>();
  constructor(
    private readonly limit: RateLimit | false,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Takes a token for the key; when none is left, the whole seconds until one is. */
  take(key: string): { ok: true } | { ok: false; retryAfterSeconds: number } {
    if (!this.limit) return { ok: true };
    const { perSecond, burst } = this.limit;
    const t = this.now();
    const b = this.buckets.get(key) ?? { tokens: burst, at: t };
    b.tokens = Math.min(burst, b.tokens + ((t - b.at) / 1000) * perSecond);
    b.at = t;
    this.buckets.set(key, b);
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return { ok: true };
    }
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - b.tokens) / perSecond)) };
  }
}
