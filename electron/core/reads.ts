// The reads the window makes while it scrolls, written once: an account's handlers answer them on
// the core's thread, and the reader thread (host/reader.ts) answers the same channels from its own
// connection while a sync runs, so the window gets the same answer whichever thread gives it.
import type { Counts, ThreadQuery, ThreadWindow } from '../shared/contract';
import type { ThreadsRepo } from './store/repos/threads';

export const READS = {
  'threads.list': (threads: ThreadsRepo, q: ThreadQuery): ThreadWindow => ({
    offset: q.offset,
    ...threads.list(q),
    ...(q.withCounts ? { counts: threads.counts() } : {}),
  }),
  'threads.counts': (threads: ThreadsRepo): Counts => threads.counts(),
};

export type ReadChannel = keyof typeof READS;
export const READ_CHANNELS: ReadonlySet<string> = new Set(Object.keys(READS));

/** All inboxes' reads: answered by the reader thread too while any account syncs. */
export const UNIFIED_CHANNELS = ['unified.list', 'unified.counts', 'unified.search'] as const;
export type UnifiedChannel = (typeof UNIFIED_CHANNELS)[number];
