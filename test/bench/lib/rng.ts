// A seeded PRNG (the sandbox's mulberry32) so every run asks the same queries at the same offsets.
import { mulberry32, type Rng } from '../../../electron/sandbox/prng';

export type { Rng };
export const rng = mulberry32;

export function below(r: Rng, n: number): number {
  return Math.floor(r() * n);
}

export function pickOne<T>(r: Rng, items: readonly T[]): T {
  if (items.length === 0) throw new Error('pick from an empty list');
  return items[below(r, items.length)] as T;
}
