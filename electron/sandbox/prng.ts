// Deterministic randomness for the sandbox: one small PRNG (mulberry32) per purpose, so the data
// stream, the fault stream and the live-arrival stream never disturb each other.

export type Rng = () => number;

/** mulberry32: 32-bit state, good enough for demo data, identical on every platform. */
export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Mixes numbers into one 32-bit seed (FNV-1a over their bytes), for derived streams. */
export function mixSeed(...parts: (number | string)[]): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    const s = String(part);
    for (let i = 0; i < s.length; i++) {
      h ^= s.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    h ^= 0xff;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

export function int(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

export function pick<T>(rng: Rng, items: readonly T[]): T {
  const item = items[Math.floor(rng() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

export function chance(rng: Rng, p: number): boolean {
  return rng() < p;
}

/** A few distinct items, in the list's order. */
export function sample<T>(rng: Rng, items: readonly T[], count: number): T[] {
  const chosen = new Set<number>();
  const n = Math.min(count, items.length);
  while (chosen.size < n) chosen.add(Math.floor(rng() * items.length));
  return [...chosen].sort((a, b) => a - b).map((i) => items[i] as T);
}

/** ObjectIds: 8 hex of creation seconds, 6 hex of the seed (the "machine"), 2 hex kind, 8 hex counter. */
export class IdMaker {
  private readonly machine: string;
  constructor(
    seed: number,
    public counter = 0,
  ) {
    this.machine = (mixSeed('machine', seed) & 0xffffff).toString(16).padStart(6, '0');
  }
  next(kind: number, atMs: number): string {
    this.counter++;
    const ts = Math.floor(atMs / 1000)
      .toString(16)
      .padStart(8, '0')
      .slice(-8);
    const c = (this.counter >>> 0).toString(16).padStart(8, '0');
    return `${ts}${this.machine}${kind.toString(16).padStart(2, '0')}${c}`;
  }
}

export const ID_KIND = {
  team: 1,
  tag: 2,
  account: 3,
  campaign: 4,
  list: 5,
  lead: 6,
  thread: 7,
  message: 8,
} as const;
