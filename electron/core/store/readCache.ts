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

export class ReadCache {
  private stamp: string | null = null;
  private until = 0;
  private weight = 0;
  private readonly entries = new Map<string, { value: unknown; weight: number }>();

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
      this.entries.set(key, { value, weight });
      this.weight += weight;
      this.evict();
    }
    return value;
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
