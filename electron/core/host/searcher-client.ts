// The core's side of the searchers' threads (searcher.ts): All inboxes' search sends its stores to
// them, all at once, and searches a share itself meanwhile (unified/search.ts), so the stores are
// searched side by side on the machine's cores. Each is a helper thread (helper-thread.ts): it
// starts with a search and ends once idle. Whenever one cannot answer, the search answers null and
// the core's thread searches the stores itself, as it did before: slower, never different.
import { availableParallelism } from 'node:os';
import type { MessagePort, Worker } from 'node:worker_threads';
import { HELPER_IDLE_MS, helperThread } from './helper-thread';
import type { SearcherFunctions, SearchStore, StoreMatches } from './searcher';

export interface Searcher {
  /** How many threads search side by side (besides the core's thread, which searches a share). */
  readonly threads: number;
  /** Each store's matches in the order given, searched at once; null when they cannot be. */
  search(stores: SearchStore[], query: string, limit: number): Promise<StoreMatches[] | null>;
  /** Closes the threads' connections (before a file is removed or replaced), after the searches
   *  they already hold. */
  forget(): Promise<void>;
  close(): Promise<void>;
}

/** One thread per core besides the core's own thread (which searches a share), up to three:
 *  more threads than cores only take turns. */
export const searcherCount = (): number => Math.min(3, Math.max(1, availableParallelism() - 1));

export function startSearchers(
  spawn: (port: MessagePort) => Worker,
  count = searcherCount(),
  idleMs = HELPER_IDLE_MS,
): Searcher {
  const threads = Array.from({ length: count }, () =>
    helperThread<SearcherFunctions>(spawn, () => null, idleMs),
  );
  return {
    threads: count,
    async search(stores, query, limit) {
      // Store i to thread i mod n: a share each, asked in one message per thread.
      const shares = threads.map((_, t) => stores.flatMap((s, i) => (i % threads.length === t ? [i] : [])));
      const answers = await Promise.all(
        shares.map((share, t) =>
          share.length === 0
            ? Promise.resolve([])
            : threads[t]!.run((rpc) =>
                rpc.search(
                  share.map((i) => stores[i]!),
                  query,
                  limit,
                ),
              ),
        ),
      );
      const out: StoreMatches[] = new Array(stores.length);
      for (const [t, share] of shares.entries()) {
        const answer = answers[t];
        if (!answer || answer.length !== share.length) return null;
        share.forEach((i, k) => (out[i] = answer[k]!));
      }
      return out;
    },
    async forget() {
      await Promise.all(threads.map((t) => t.run((rpc) => rpc.forget(), false)));
    },
    async close() {
      await Promise.all(threads.map((t) => t.close()));
    },
  };
}
