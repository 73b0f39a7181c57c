// A pull's writes away on the writer's thread (writes.ts): at most WRITES_AWAY at once, so a
// service faster than the writes never piles fetched pages up in memory (the paging waits for
// room), and the first write that failed (away or in place) kept and thrown to the pull.

/** Writes away at once; the paging waits beyond this. */
export const WRITES_AWAY = 3;

export interface Away {
  /** The first write that failed (null: none). */
  readonly failure: unknown;
  /** Follows a write; its failure is kept, never thrown here. */
  add(write: Promise<void>): void;
  /** Keeps a failure met outside a write away (one written in place). */
  fail(err: unknown): void;
  /** Resolves once fewer than `max` writes are away, or one failed (never throws: the paging
   *  stops at its next page and still hands over what it fetched). */
  room(): Promise<void>;
  /** Resolves once every write away has ended; throws the first failure. */
  drain(): Promise<void>;
}

export function writesAway(max = WRITES_AWAY): Away {
  const away = new Set<Promise<void>>();
  let failure: unknown = null;
  return {
    get failure() {
      return failure;
    },
    add(write) {
      const p: Promise<void> = write
        .catch((err: unknown) => {
          failure ??= err;
        })
        .finally(() => away.delete(p));
      away.add(p);
    },
    fail(err) {
      failure ??= err;
    },
    async room() {
      while (failure === null && away.size >= max) await Promise.race(away);
    },
    async drain() {
      await Promise.all(away);
      if (failure !== null) throw failure;
    },
  };
}
