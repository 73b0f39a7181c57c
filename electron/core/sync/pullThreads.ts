// The thread passes of a pull: incremental (the newest pages until nothing is new) and full (every
// page, then what the service no longer lists is checked and deleted).
import { iteratePages } from '../api/client';
import { ApiError } from '../api/errors';
import type { ApiThread } from '../api/schemas';
import { wholeListInGroups } from './pageGroups';
import type { PullContext, PullResult } from './pass';
import { writeThreadPage, writeVia } from './writes';

/** Above this many vanished threads, a complete pass is trusted without checking each one. */
const VERIFY_LIMIT = 50;

/** Writes one page of threads here; returns whether it held anything new or moved. */
function writePage(ctx: PullContext, threads: ApiThread[], result: PullResult): boolean {
  const { changed, moved } = writeThreadPage(ctx.store, threads, ctx.since);
  for (const id of changed) result.changedThreads.add(id);
  return moved;
}

export async function fullThreadPass(ctx: PullContext, result: PullResult): Promise<void> {
  const { client, store, signal } = ctx;
  const { seen, total } = await wholeListInGroups(
    ctx,
    'threads',
    (page, limit) => client.listInbox({ page, limit }, { signal }),
    async (pages) => {
      const { changed } = await writeVia(ctx.writer, store, 'threads', { pages, since: ctx.since });
      for (const id of changed) result.changedThreads.add(id);
    },
  );
  // The pass is complete: what we hold and the service did not list is gone, unless paging
  // shifted under us. A few are checked one by one; many are trusted only if the count adds up.
  const vanished = store.threads.allIds().filter((id) => !seen.has(id));
  store.syncState.set('full_needed', null);
  if (vanished.length > 0 && vanished.length <= VERIFY_LIMIT) {
    for (const id of vanished) {
      try {
        const t = await client.getThread(id, { signal });
        writePage(ctx, [t], result);
      } catch (err) {
        if (!(err instanceof ApiError && err.kind === 'not_found')) throw err;
        store.tx(() => store.threads.delete(id));
        result.changedThreads.add(id);
      }
    }
  } else if (vanished.length > 0 && seen.size >= total) {
    store.tx(() => {
      for (const id of vanished) store.threads.delete(id);
    });
    for (const id of vanished) result.changedThreads.add(id);
  } else if (vanished.length > 0) {
    ctx.log.warn('thread pass incomplete; deletions postponed', {
      vanished: vanished.length,
      seen: seen.size,
      total,
    });
    store.syncState.set('full_needed', '1');
  }
}

/** Incremental: the newest pages until one holds nothing new, then totals per status decide
 *  whether a full membership pass is needed. Returns whether it was. */
export async function incrementalThreadPass(ctx: PullContext, result: PullResult): Promise<boolean> {
  const { client, store, signal } = ctx;
  let serverTotal = 0;
  let page = 0;
  for await (const p of iteratePages((pg, limit) => client.listInbox({ page: pg, limit }, { signal }))) {
    page++;
    if (page === 1) serverTotal = p.pagination.total;
    ctx.progress('threads', page, page);
    const changed = writePage(ctx, p.data, result);
    if (!changed) break;
  }
  if (store.threads.count() !== serverTotal) return true;
  const local = store.threads.serverStatusCounts();
  for (const [status, n] of Object.entries(local)) {
    const p = await client.listInbox({ page: 1, limit: 1, status }, { signal });
    if (p.pagination.total !== n) return true;
  }
  return false;
}
