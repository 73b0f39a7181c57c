// Pages of a list written in groups: several whole pages per transaction instead of one commit
// per page. Each commit rewrites every index leaf its rows touched (the thread id, prospect and
// per-status indexes are keyed at random to the page order) and closes a full-text segment that
// later merges; at 100,000 threads one commit per page wrote the same leaves a thousand times.
// A group is written once it holds GROUP_PAGES pages or its oldest page waited GROUP_WAIT_MS, so
// a slow service still sees each page land soon after it came. A crash rolls back a whole group:
// the store keeps whole pages only, and the next pass fetches the rest again. A group may be
// written on the writer's thread (writes.ts): the paging goes on meanwhile, up to a few groups
// away at once.
import type { Page } from '../api/schemas';
import type { Logger } from '../log';
import { writesAway } from './away';
import { eachPageConcurrently } from './paging';
import type { PullContext } from './pass';

/** Pages per transaction: 2,000 threads or leads. Writing 100,000 threads took 17.8 s of CPU at
 *  one page per commit, 13.8 s at 10, 12.0 s at 40 and 11.8 s in one transaction; 20 keeps a
 *  group's write short on the core's thread and well under the change log's patch limit (4,096
 *  threads per commit), so the cached lists are patched, not rebuilt, after each one. */
export const GROUP_PAGES = 20;
/** The longest a fetched page waits to be written. */
export const GROUP_WAIT_MS = 250;

export interface PageGroups<P> {
  /** Pages as they arrive; written at once when the group is full. Throws a write failure
   *  (here, from a timed write or from one that ended away) so the paging stops. */
  add(pages: readonly P[]): void;
  /** Resolves once fewer than WRITES_AWAY groups are away being written (away.ts). */
  room(): Promise<void>;
  /** Writes what waits and waits for every group away (at the end of a pass, and after a failure:
   *  fetched pages are still good); throws a write that failed. */
  flush(): Promise<void>;
}

/** Groups pages for `write` (one transaction over whole pages; a promise when it is written
 *  elsewhere). The first page is written alone, at once, so the first rows of a first sync show
 *  without waiting for a group. */
export function pageGroups<P>(
  write: (pages: P[]) => void | Promise<void>,
  opts: { pages?: number; waitMs?: number } = {},
): PageGroups<P> {
  const max = opts.pages ?? GROUP_PAGES;
  const waitMs = opts.waitMs ?? GROUP_WAIT_MS;
  let waiting: P[] = [];
  let timer: NodeJS.Timeout | null = null;
  let first = true;
  const away = writesAway();
  const flush = (): void => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (waiting.length === 0) return;
    const group = waiting;
    waiting = [];
    const written = write(group);
    if (written) away.add(written);
  };
  const timed = (): void => {
    timer = null;
    try {
      flush();
    } catch (err) {
      away.fail(err);
    }
  };
  return {
    add(pages) {
      if (away.failure !== null) throw away.failure;
      waiting.push(...pages);
      if (first || waiting.length >= max) {
        first = false;
        flush();
      } else timer ??= setTimeout(timed, waitMs);
    },
    room: away.room,
    async flush() {
      if (away.failure === null) flush();
      else waiting = [];
      await away.drain();
    },
  };
}

/** Runs a paging pass that hands its pages to `groups`, then writes what waits. After a failure or
 *  a cancellation the fetched pages are still written, and the failure that stopped the pass is
 *  the one reported. */
export async function writeAllPages<P>(
  ctx: { log: Logger },
  groups: PageGroups<P>,
  run: () => Promise<void>,
): Promise<void> {
  try {
    await run();
  } catch (err) {
    try {
      await groups.flush();
    } catch (writeErr) {
      if (writeErr !== err) ctx.log.warn('fetched pages not written', { error: String(writeErr) });
    }
    throw err;
  }
  await groups.flush();
}

/** A whole list paged with a few requests in flight, its pages written in groups (`write`: the
 *  pages of one group, in one transaction, here or on the writer's thread), progress told as
 *  `phase` once a group is written. Answers the ids the service listed and the largest total it
 *  counted, for the caller's prune. */
export async function wholeListInGroups<T extends { _id: string }>(
  ctx: PullContext,
  phase: string,
  fetchPage: (page: number, limit: number) => Promise<Page<T>>,
  write: (pages: T[][]) => Promise<void>,
): Promise<{ seen: Set<string>; total: number }> {
  const seen = new Set<string>();
  let total = 0;
  let fetched = 0;
  let pages = 1;
  const groups = pageGroups<Page<T>>(async (group) => {
    await write(group.map((p) => p.data));
    ctx.progress(phase, fetched, pages);
  });
  await writeAllPages(ctx, groups, () =>
    eachPageConcurrently(
      ctx.signal,
      fetchPage,
      (arrived, done, totalPages) => {
        for (const p of arrived) {
          total = Math.max(total, p.pagination.total);
          for (const x of p.data) seen.add(x._id);
        }
        fetched = done;
        pages = totalPages;
        groups.add(arrived);
      },
      groups.room,
    ),
  );
  return { seen, total };
}
