// Answers of read queries kept until the data changes. Every entry is dropped at once when the
// data version moves (any write) or when the clock passes `until` (answers that depend on the
// time, such as which snoozes are over). Bounded by entry count and by a total weight (e.g. ids
// held), least recently used first out.
export interface ReadCacheOptions {
  /** Changes whenever the data may have changed. */
  version: () => string;
  /** The moment (ms since epoch) after which answers built now may be wrong; Infinity for never. */
  expiry: () => number;
  maxEntries: number;
  maxWeight: number;
}

interface Entry {
  value: unknown;
  weight: number;
  weigh: (v: never) => number;
}

export class ReadCache {
  private stamp: string | null = null;
  private until = 0;
  private weight = 0;
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly opts: ReadCacheOptions) {}

  /** The cached answer for key, or build()'s (kept when its weight fits). */
  get<V>(key: string, build: () => V, weigh: (v: V) => number = () => 1): V {
    this.check();
    const hit = this.entries.get(key);
    if (hit) {
      // Re-insert: Map order is the recency order.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value as V;
    }
    const value = build();
    const weight = weigh(value);
    if (weight <= this.opts.maxWeight) {
      this.entries.set(key, { value, weight, weigh: weigh as (v: never) => number });
      this.weight += weight;
      this.evict();
    }
    return value;
  }

  /**
   * Moves every entry across one known write instead of dropping them all: when the cache holds
   * answers as of version `from` (and the clock has not passed `until`), each entry becomes
   * patch(key, value) (undefined drops it) and the cache is marked current as of `to`. Answers
   * false, changing nothing, when the cache was not current as of `from`.
   */
  advance(
    from: string,
    to: string,
    patch: (key: string, value: unknown) => unknown,
    until = Infinity,
  ): boolean {
    if (this.stamp !== from || Date.now() >= this.until) return false;
    // A patched answer may depend on a time sooner than the ones it joins (a new snooze's end).
    this.until = Math.min(this.until, until);
    for (const [key, e] of [...this.entries]) {
      const value = patch(key, e.value);
      if (value === undefined) {
        this.entries.delete(key);
        this.weight -= e.weight;
      } else {
        const weight = e.weigh(value as never);
        this.weight += weight - e.weight;
        e.value = value;
        e.weight = weight;
      }
    }
    this.stamp = to;
    return true;
  }

  /** The data version the entries answer for (null: none yet). */
  get version(): string | null {
    return this.stamp;
  }

  clear(): void {
    this.entries.clear();
    this.weight = 0;
    this.stamp = null;
  }

  get size(): number {
    return this.entries.size;
  }

  private check(): void {
    const v = this.opts.version();
    if (v === this.stamp && Date.now() < this.until) return;
    this.clear();
    this.stamp = v;
    this.until = this.opts.expiry();
  }

  private evict(): void {
    for (const [key, e] of this.entries) {
      if (this.entries.size <= this.opts.maxEntries && this.weight <= this.opts.maxWeight) return;
      this.entries.delete(key);
      this.weight -= e.weight;
    }
  }
}
