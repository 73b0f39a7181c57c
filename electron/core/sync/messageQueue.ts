// The order in which a messages pass takes its threads: the rows the person has in view first,
// then the pass's own order (newest first). The view is read again at every take, so a scroll
// mid-pass changes what comes next within one request's time. Each id goes out once per pass.

export interface Taken {
  id: string;
  /** The thread's lastMessageAt as it was taken: the watermark its messages will satisfy. */
  at: string;
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
 * view changes). `stale`: a thread's lastMessageAt while it still lacks its messages, else
 * undefined (one read answers both); one the rep opened meanwhile was fetched on demand, so it
 * neither jumps the queue nor is asked for again at its turn.
 */
export function messageQueue(
  ids: readonly string[],
  inView: () => readonly string[],
  stale: (id: string) => string | undefined,
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
        const at = left.has(id) ? stale(id) : undefined;
        if (at !== undefined) {
          left.delete(id);
          return { id, at, hinted: true };
        }
      }
      while (next < ids.length) {
        const id = ids[next++]!;
        if (!left.delete(id)) continue;
        const at = stale(id);
        if (at !== undefined) return { id, at, hinted: false };
        skipped++;
      }
      return undefined;
    },
  };
}
