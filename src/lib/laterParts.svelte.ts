// The chunk of the window's parts that come after the first rows (src/later.ts): loaded once, when
// the page is first idle after its first rows or at once when a part of it is asked for.
import { whenIdle } from './bodyPrep';
import { afterNextFrame } from './afterFrame';
import { chunkLoader } from './chunk';

type Parts = typeof import('../later');

let loaded = $state<Parts | null>(null);

export const laterParts = {
  /** The parts, once their chunk has run; null before. */
  get parts(): Parts | null {
    return loaded;
  },
};

/** Loads the chunk (once; tried again on the next ask if it failed). */
export const loadLaterParts = chunkLoader(
  () => import('../later'),
  (m) => (loaded = m),
);

/** After the frame in progress is painted, at the page's first idle moment: no key waits for it. */
export function loadLaterPartsWhenIdle(): void {
  afterNextFrame(() => whenIdle(() => void loadLaterParts().catch(() => undefined)));
}
