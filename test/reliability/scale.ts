// How big the reliability suites run. `npm test` uses the CI size; `RELIABILITY_SCALE=large`
// runs the same suites longer by hand (more operations, more kills, a bigger sandbox).
export type Scale = 'ci' | 'large';

export const scale: Scale = process.env.RELIABILITY_SCALE === 'large' ? 'large' : 'ci';

/** The CI figure, or the large one when RELIABILITY_SCALE=large. */
export function sized(ci: number, large: number): number {
  return scale === 'large' ? large : ci;
}
