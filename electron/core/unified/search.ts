// All inboxes' search box over every workspace: the stores searched side by side, a share on each
// searcher's thread (host/searcher-client.ts) and one on the core's thread, then merged as the core's thread merges its own (reads.ts), so
// the answer is the same whichever thread read it. The core's thread searches the stores itself
// when there is one store, no searcher, a file being removed or replaced, or a searcher that could
// not answer. A store written, replaced or removed while its search ran is read again here, or
// left out: the answer never holds an account that is gone, a store's file before a Rebuild, nor
// a thread as it was before a verdict given meanwhile.
import type { UnifiedSearchResult } from '../../shared/contract';
import type { Searcher } from '../host/searcher-client';
import type { ThreadsRepo } from '../store/repos/threads';
import { mergeSearch, searchHere, type UnifiedSource } from './reads';

/** A store All inboxes reads, with its file (null while it is not open). */
export type SearchSource = UnifiedSource & { file: string | null };

export function createUnifiedSearch(searcher: Searcher | undefined) {
  // Each opening of a store (its repo object) has a number of its own, so a thread reopens a file
  // a Rebuild or a workspace switch put at the same path.
  const openings = new WeakMap<ThreadsRepo, number>();
  let opened = 0;
  const opening = (threads: ThreadsRepo): number => {
    let n = openings.get(threads);
    if (n === undefined) openings.set(threads, (n = ++opened));
    return n;
  };
  let fileChanges = 0;

  return {
    /** `sources()` names the stores to search as they are now: asked again once the threads answer. */
    async search(sources: () => SearchSource[], query: string, limit: number): Promise<UnifiedSearchResult> {
      const asked = sources();
      // What each store's lists were as asked: a write meanwhile (a verdict, a sync's page) means
      // its matches may be older than the answer, so that store is read again here.
      const stamps = asked.map((s) => s.threads.listStamp());
      const stores = asked.flatMap((s) => (s.file ? [{ file: s.file, opening: opening(s.threads) }] : []));
      if (!searcher || fileChanges > 0 || asked.length < 2 || stores.length !== asked.length)
        return mergeSearch(
          asked.map((s) => searchHere(s, query, limit)),
          limit,
        );
      // A share to the threads (asked first, so they start at once), the rest here meanwhile: the
      // core's thread would only wait, and its share needs no thread to wake for it.
      const lanes = searcher.threads + 1;
      const apart = stores.flatMap((_, i) => (i % lanes === 0 ? [] : [i]));
      const pending = searcher.search(
        apart.map((i) => stores[i]!),
        query,
        limit,
      );
      const here = asked.map((s, i) => (i % lanes === 0 ? searchHere(s, query, limit) : null));
      const fromThreads = await pending;
      const found =
        fromThreads &&
        asked.map((s, i) => here[i] ?? { accountId: s.accountId, ...fromThreads[apart.indexOf(i)]! });
      const now = sources();
      if (!found)
        return mergeSearch(
          now.map((s) => searchHere(s, query, limit)),
          limit,
        );
      const before = new Map(
        asked.map((s, i) => [s.accountId, { threads: s.threads, stamp: stamps[i]!, matches: found[i]! }]),
      );
      return mergeSearch(
        now.map((s) => {
          const was = before.get(s.accountId);
          // The same store as asked, unwritten since: its thread's matches; else read here now.
          return was && was.threads === s.threads && s.threads.listStamp() === was.stamp
            ? was.matches
            : searchHere(s, query, limit);
        }),
        limit,
      );
    },
    /** Runs a change that removes or replaces store files: the threads let go of theirs first, and
     *  searches meanwhile run on the core's thread. */
    async changingFiles<T>(change: () => Promise<T>): Promise<T> {
      fileChanges++;
      try {
        await searcher?.forget();
        return await change();
      } finally {
        fileChanges--;
      }
    },
  };
}
