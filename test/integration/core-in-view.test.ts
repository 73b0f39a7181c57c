// Rows in view come next: during a first sync, the threads the window shows get their messages
// before the rest of the background queue (newest first), each fetched once, none skipped.
// Requests go over HTTP to the sandbox; the account's fetch only records the order of the message
// requests and, in the first test, holds the rest of the queue so what comes next is observable
// without timing.
import { afterEach, describe, expect, it } from 'vitest';
import type { AccountService } from '../../electron/core/account/service';
import { expectStoreEqualsServer, harness, serverClient, type Harness } from './fixtures/core-harness';

const A = { accountId: 'acc1' };
const THREADS = 300;
/** Requests the messages pass keeps in flight (CONCURRENCY in electron/core/sync/pull.ts). */
const WORKERS = 6;
const MESSAGES = /\/inbox\/([0-9a-f]{24})\/messages/;

/** The service's threads, oldest last message first: the end of the pass's newest-first order. */
async function oldestThreads(h: Harness, n: number): Promise<string[]> {
  const c = serverClient(h.sb);
  const all: { _id: string; lastMessageAt: string }[] = [];
  for (let page = 1; ; page++) {
    const p = await c.listInbox({ page, limit: 100 });
    all.push(...p.data);
    if (page >= p.pagination.totalPages) break;
  }
  expect(all).toHaveLength(THREADS);
  return all
    .sort((a, b) => (a.lastMessageAt < b.lastMessageAt ? -1 : a.lastMessageAt > b.lastMessageAt ? 1 : 0))
    .slice(0, n)
    .map((t) => t._id);
}

const urlOf = (input: string | URL | Request): string =>
  input instanceof Request ? input.url : String(input);

/** The messages the thread's row counts (0 until they are stored); read from the list, as the
 *  window does, because opening the thread would fetch them at once. */
async function messageCount(acc: AccountService, threadId: string): Promise<number> {
  const { rows } = await acc.handlers['threads.list']({ ...A, view: 'all', offset: 0, limit: THREADS });
  return rows.find((r) => r.id === threadId)?.messageCount ?? 0;
}

describe('rows in view are fetched next during the first sync', () => {
  let h: Harness | null = null;
  afterEach(async () => {
    await h?.cleanup();
    h = null;
  });

  it('old threads scrolled into view mid-pass get their messages next, while the rest of the queue waits', async () => {
    h = await harness({ threads: THREADS, leads: 200, campaigns: 4 });
    const old = await oldestThreads(h, 5);
    /** Thread ids of the message requests, in the order they were sent. */
    const asked: string[] = [];
    let release!: () => void;
    let held: Promise<void> | null = null;
    const acc: AccountService = h.open({
      fetch: async (input, init) => {
        const m = MESSAGES.exec(urlOf(input));
        if (m) {
          asked.push(m[1]!);
          if (asked.length === 20) {
            // The rep scrolls to the bottom of the list: the oldest rows are in view.
            held = new Promise((r) => (release = r));
            await acc.handlers['threads.inView']({ ...A, threadIds: old });
          } else if (held && !old.includes(m[1]!)) await held;
        }
        return fetch(input, init);
      },
    });
    const synced = acc.syncNow();
    try {
      // Every row in view shows its messages while the rest of the queue is held back.
      await expect
        .poll(async () => (await Promise.all(old.map((id) => messageCount(acc, id)))).every((n) => n > 0), {
          timeout: 20_000,
        })
        .toBe(true);
      // They came right after the hint: at most the few requests already on their way (one per
      // worker) went before them, not the ~275 newer threads the pass had left.
      for (const id of old) expect(asked.indexOf(id)).toBeLessThan(20 + WORKERS + old.length);
      const state = await acc.handlers['sync.state'](A);
      expect(state.running).toBe(true);
      expect(state.firstSync).toBe(true);
    } finally {
      release?.();
    }
    await synced;
    // Each thread's messages were asked for exactly once: the rows in view were not fetched again
    // at their turn, and no thread was skipped.
    expect(asked).toHaveLength(THREADS);
    expect(new Set(asked).size).toBe(THREADS);
    await expectStoreEqualsServer(h.sb, h.dir);
  }, 120_000);

  it('a thread opened mid-pass is fetched once: the pass skips it at its turn', async () => {
    h = await harness({ threads: THREADS, leads: 200, campaigns: 4 });
    const [oldest] = await oldestThreads(h, 1);
    const asked: string[] = [];
    let opened = null as ReturnType<AccountService['handlers']['threads.get']> | null;
    const acc: AccountService = h.open({
      fetch: async (input, init) => {
        const m = MESSAGES.exec(urlOf(input));
        if (m) {
          asked.push(m[1]!);
          // The rep opens the oldest thread; the pass waits until it is read, so it meets that
          // thread only after its messages are in.
          if (asked.length === 20) opened = acc.handlers['threads.get']({ ...A, threadId: oldest! });
          else if (opened && m[1] !== oldest) await opened;
        }
        return fetch(input, init);
      },
    });
    // Started, as the app is: a thread opened then fetches its missing messages at once.
    acc.start();
    await acc.syncNow();
    expect((await opened)?.messages.length).toBeGreaterThan(0);
    expect(asked.filter((id) => id === oldest)).toHaveLength(1);
    expect(asked).toHaveLength(THREADS);
    expect(new Set(asked).size).toBe(THREADS);
    const state = await acc.handlers['sync.state'](A);
    expect(state.running).toBe(false);
    await expectStoreEqualsServer(h.sb, h.dir);
  }, 120_000);

  it('rows seen while the thread pages land go first once the messages pass starts; a hint between syncs is harmless', async () => {
    h = await harness({ threads: THREADS, leads: 200, campaigns: 4 });
    const old = await oldestThreads(h, 3);
    const asked: string[] = [];
    let hinted = false;
    const acc: AccountService = h.open({
      fetch: async (input, init) => {
        const url = urlOf(input);
        const m = MESSAGES.exec(url);
        if (m) asked.push(m[1]!);
        else if (!hinted && /\/inbox\?/.test(url)) {
          // The first page of threads is on its way: the messages pass has not started.
          hinted = true;
          await acc.handlers['threads.inView']({ ...A, threadIds: old });
        }
        return fetch(input, init);
      },
    });
    await acc.syncNow();
    expect(hinted).toBe(true);
    // The pass's first takes (one per worker) were the rows in view.
    expect(asked.slice(0, WORKERS)).toEqual(expect.arrayContaining(old));
    expect(new Set(asked).size).toBe(THREADS);
    expect(asked).toHaveLength(THREADS);

    // Between syncs: rows already fetched and an id the service never had change nothing.
    asked.length = 0;
    await acc.handlers['threads.inView']({ ...A, threadIds: [...old, 'ffffffffffffffffffffffff'] });
    await acc.syncNow();
    expect(asked).toEqual([]);
    expect((await acc.handlers['sync.state'](A)).lastError).toBeNull();
    await expectStoreEqualsServer(h.sb, h.dir, 50);
  }, 120_000);
});
