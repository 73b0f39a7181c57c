// The order in which a messages pass takes its threads: the rows the person has in view first,
// then the pass's own order (newest first). The view is read again at every take, so a scroll
// mid-pass changes what comes next within one request's time. Each id goes out once per pass.

export interface Taken {
  id: string;
  /** Taken because it was in view (ahead of its turn). */
  hinted: boolean;
}

export interface MessageQueue {
  readonly size: number;
  /** Threads passed over at their turn because their messages came meanwhile (opened by the rep). */
  readonly skipped: number;
  take(): Taken | undefined;
}

/**
 * `ids`: the pass's threads, in its order. `inView`: the rows in view now (a new array when the
 * view changes). `stale`: whether a thread still lacks its messages; one the rep opened meanwhile
 * was fetched on demand, so it neither jumps the queue nor is asked for again at its turn.
 */
export function messageQueue(
  ids: readonly string[],
  inView: () => readonly string[],
  stale: (id: string) => boolean,
): MessageQueue {
  const left = new Set(ids);
  let next = 0;
  let view: readonly string[] = [];
  let viewAt = 0;
  let skipped = 0;
  return {
    size: ids.length,
    get skipped() {
      return skipped;
    },
    take() {
      const now = inView();
      if (now !== view) {
        view = now;
        viewAt = 0;
      }
      // Only ids of this pass that no worker took yet: never fetched twice, never skipped.
      while (viewAt < view.length) {
        const id = view[viewAt++]!;
        if (left.has(id) && stale(id)) {
          left.delete(id);
          return { id, hinted: true };
        }
      }
      while (next < ids.length) {
        const id = ids[next++]!;
        if (!left.delete(id)) continue;
        if (stale(id)) return { id, hinted: false };
        skipped++;
      }
      return undefined;
    },
  };
}
