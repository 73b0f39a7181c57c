// Paging through the service's lists: every page of a list (and whether the pass was whole), a
// few requests in flight at once, and pages handed over in batches as they arrive.
import { iteratePages } from '../api/client';
import { ApiError } from '../api/errors';
import { PAGE_LIMIT_MAX } from '../api/endpoints';
import type { Page } from '../api/schemas';

/** Requests in flight: enough that the service always has work while a page is being written. */
const CONCURRENCY = 6;

/** Every item of a list, and whether the pass was complete: as many distinct ids as the service
 *  counted. Only a complete pass may prune what it did not list. */
export async function allPages<T extends { _id: string }>(
  fetchPage: (page: number, limit: number) => Promise<Page<T>>,
): Promise<{ items: T[]; complete: boolean }> {
  const out = new Map<string, T>();
  let total = 0;
  const totals = new Set<number>();
  for await (const p of iteratePages(fetchPage)) {
    for (const x of p.data) out.set(x._id, x);
    total = p.pagination.total;
    totals.add(total);
  }
  return { items: [...out.values()], complete: totals.size <= 1 && out.size >= total };
}

/** A list that must be whole (a thread's messages): paged again, a few times, when items moved
 *  under the paging (one deleted meanwhile shifts the next page and skips an item). */
export async function wholeList<T extends { _id: string }>(
  fetchPage: (page: number, limit: number) => Promise<Page<T>>,
): Promise<{ items: T[]; complete: boolean }> {
  let last = await allPages(fetchPage);
  for (let i = 0; i < 2 && !last.complete; i++) last = await allPages(fetchPage);
  return last;
}

/** Runs `fn` over items with a few requests in flight. Items come from a list, or from a queue
 *  that decides at each take what comes next (`take` is called only when a worker is free). */
export async function pool<T>(
  items: T[] | { size: number; take(): T | undefined },
  fn: (item: T) => Promise<void>,
  signal: AbortSignal,
): Promise<void> {
  let next = 0;
  const queue = Array.isArray(items)
    ? { size: items.length, take: () => (next < items.length ? items[next++] : undefined) }
    : items;
  let failure: unknown = null;
  const worker = async (): Promise<void> => {
    while (failure === null && !signal.aborted) {
      const item = queue.take();
      if (item === undefined) return;
      try {
        await fn(item);
      } catch (err) {
        failure ??= err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, queue.size) }, worker));
  if (failure !== null) throw failure;
  if (signal.aborted) throw new ApiError('cancelled', 'Sync cancelled.');
}

/**
 * Every page of a list, several in flight: page 1 first (it tells how many there are), then the
 * rest through the pool, in any order (callers key by id). Pages that arrive while the previous
 * ones are being written are handed to `onPages` together, once the event loop is free, so the
 * caller can write them in one transaction (each page whole, never split); when the service is
 * the slower side that is one page at a time, as before. `onPages` must not await.
 */
export async function eachPageConcurrently<T>(
  signal: AbortSignal,
  fetchPage: (page: number, limit: number) => Promise<Page<T>>,
  onPages: (pages: Page<T>[], done: number, totalPages: number) => void,
  /** Resolves when the pages handed over may take more (their writes keep up). */
  room: () => Promise<void> = async () => undefined,
): Promise<void> {
  const first = await fetchPage(1, PAGE_LIMIT_MAX);
  let totalPages = Math.max(1, first.pagination.totalPages);
  let done = 1;
  onPages([first], done, totalPages);
  if (first.data.length === 0) return;
  let waiting: Page<T>[] = [];
  let scheduled: NodeJS.Immediate | null = null;
  let failure: unknown = null;
  const flush = (): void => {
    scheduled = null;
    if (waiting.length === 0) return;
    const batch = waiting;
    waiting = [];
    done += batch.length;
    try {
      onPages(batch, done, Math.max(done, totalPages));
    } catch (err) {
      failure ??= err;
    }
  };
  // Pages 2..totalPages; a later answer may say there are more (rows added meanwhile) and an
  // empty page means the end, as when paging one by one.
  let next = 2;
  let end = Infinity;
  const worker = async (): Promise<void> => {
    while (failure === null && !signal.aborted) {
      await room();
      const page = next;
      if (page > totalPages || page > end) return;
      next++;
      try {
        const p = await fetchPage(page, PAGE_LIMIT_MAX);
        if (p.data.length === 0) end = Math.min(end, page);
        totalPages = Math.max(totalPages, p.pagination.totalPages);
        waiting.push(p);
        scheduled ??= setImmediate(flush);
      } catch (err) {
        failure ??= err;
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  // Pages fetched before a failure are still good: written before the failure is reported.
  if (scheduled !== null) clearImmediate(scheduled);
  flush();
  if (failure !== null) throw failure;
  if (signal.aborted) throw new ApiError('cancelled', 'Sync cancelled.');
}
