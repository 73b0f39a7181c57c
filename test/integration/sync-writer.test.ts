// A sync's message batches written on the writer's thread (a real worker thread with its own
// connection to the account's file): the store ends as the service is, search finds what the
// thread wrote, the rep's verdicts made meanwhile are kept, a thread that cannot start or a write
// it refuses loses nothing, and a core transaction that reads before it writes is not refused
// when the writer's thread commits in between.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeFile } from '../../electron/core/account/context';
import type { AccountService } from '../../electron/core/account/service';
import { startWriter } from '../../electron/core/host/writer-client';
import { openStore } from '../../electron/core/store/index';
import type { BatchWriter, WriteKind } from '../../electron/core/sync/writes';
import { WRITER_ENTRY as ENTRY } from '../../electron/web/core-child-parts';
import { tsWorker } from '../../electron/web/ts-worker';
import { expectStoreEqualsServer, harness, serverClient, type Harness } from './fixtures/core-harness';

const A = { accountId: 'acc1' };
const realWriter = (): BatchWriter => startWriter((port) => tsWorker(ENTRY, { port }, [port]));

/** Counts what the thread itself wrote, by kind (null answers: written in place). */
function counting(writer: BatchWriter): BatchWriter & { wrote: Record<WriteKind, number> } {
  const wrote: Record<WriteKind, number> = { threads: 0, leads: 0, messages: 0 };
  return {
    wrote,
    async write(file, kind, input) {
      const out = await writer.write(file, kind, input);
      if (out !== null) {
        const i = input as { pages?: unknown[][]; batch?: unknown[] };
        wrote[kind] += i.batch ? i.batch.length : i.pages!.reduce((n, p) => n + p.length, 0);
      }
      return out;
    },
    release: (file) => writer.release(file),
    close: async () => undefined,
  };
}

/** A new reply on every thread the account lists (all 400); answers their ids in the list's order. */
async function replyEverywhere(h: Harness, acc: AccountService, bodyHtml: string): Promise<string[]> {
  const list = await acc.handlers['threads.list']({ ...A, view: 'all', offset: 0, limit: 400 });
  for (const r of list.rows)
    h.sb.admin.addMessage(r.id, { direction: 'inbound', subject: 'Re: Quick question', bodyHtml });
  return list.rows.map((r) => r.id);
}

describe("a sync written on the writer's thread", () => {
  let h: Harness;
  let writer: BatchWriter;

  beforeAll(async () => {
    h = await harness({ threads: 400, leads: 300, campaigns: 6 });
    writer = realWriter();
  }, 60_000);
  afterAll(async () => {
    await writer?.close();
    await h?.cleanup();
  });

  it('holds exactly what the service serves, and search finds what the thread wrote', async () => {
    const counted = counting(writer);
    const acc = h.open({ writer: counted });
    await acc.syncNow();
    expect((await acc.handlers['sync.state'](A)).lastError).toBeNull();
    // Every thread, lead and thread's messages went through the thread, none in place.
    expect(counted.wrote).toEqual({ threads: 400, leads: 300, messages: 400 });
    await expectStoreEqualsServer(h.sb, h.dir);
    // The full-text index the writer's connection filled: a word of one reply finds its thread.
    const store = openStore(storeFile(h.dir, null));
    const reply = store.db
      .prepare(
        `SELECT thread_id, body_text FROM messages WHERE direction = 'inbound' AND length(body_text) > 40`,
      )
      .get() as { thread_id: string; body_text: string };
    store.close();
    const word = reply.body_text.match(/[A-Za-z]{7,}/)![0];
    const found = await acc.handlers.search({ ...A, query: word, limit: 50 });
    expect(found.threads.map((t) => t.id)).toContain(reply.thread_id);
    await acc.stop();
  }, 120_000);

  it("keeps every verdict given while the thread's batches are being written", async () => {
    const acc = h.open({ writer });
    // New replies everywhere, so the next pass fetches and writes every thread's messages.
    const ids = await replyEverywhere(h, acc, '<p>Tell me more.</p>');
    const targets = ids.slice(0, 60);
    const verdicts = ['interested', 'not_interested', 'meeting_booked'] as const;
    const sync = acc.syncNow();
    // Verdicts land while the pass writes its batches on the other thread.
    const given = await Promise.all(
      targets.map(async (id, i) => {
        await new Promise((r) => setTimeout(r, i * 5));
        const status = verdicts[i % verdicts.length]!;
        await acc.handlers['threads.setStatus']({ ...A, threadId: id, status });
        return [id, status] as const;
      }),
    );
    await sync;
    await acc.syncNow(); // pushes what waits, pulls again
    expect((await acc.handlers['sync.state'](A)).lastError).toBeNull();
    for (const [id, status] of given) {
      const t = (await acc.handlers['threads.get']({ ...A, threadId: id }))!.thread;
      expect(t.status, id).toBe(status);
      expect((await serverClient(h.sb).getThread(id)).status, `${id} on the service`).toBe(status);
    }
    await expectStoreEqualsServer(h.sb, h.dir);
    await acc.stop();
  }, 120_000);

  it('writes the batches itself when the thread cannot start', async () => {
    const broken = startWriter(() => new Worker('process.exit(3)', { eval: true }));
    const acc = h.open({ writer: broken });
    const id = (await acc.handlers['threads.list']({ ...A, view: 'inbox', offset: 0, limit: 1 })).rows[0]!.id;
    h.sb.admin.addMessage(id, {
      direction: 'inbound',
      subject: 'Re: Quick question',
      bodyHtml: '<p>Call me Tuesday.</p>',
    });
    await acc.syncNow();
    expect((await acc.handlers['sync.state'](A)).lastError).toBeNull();
    const opened = await acc.handlers['threads.get']({ ...A, threadId: id });
    expect(opened!.messages.some((m) => m.bodyText.includes('Call me Tuesday'))).toBe(true);
    await expectStoreEqualsServer(h.sb, h.dir);
    expect(await broken.write(storeFile(h.dir, null), 'leads', { pages: [] })).toBeNull();
    await acc.stop();
    await broken.close();
  }, 120_000);

  it('stops the sync on a write the store refuses, says so, and keeps the batches written before', async () => {
    // The first batch is written on the thread; the next is refused as a full disk would be.
    let batches = 0;
    const full: BatchWriter = {
      async write(file, kind, input) {
        if (kind !== 'messages' || ++batches === 1) return writer.write(file, kind, input);
        throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
      },
      release: (file) => writer.release(file),
      close: async () => undefined,
    };
    const acc = h.open({ writer: full });
    await replyEverywhere(h, acc, '<p>Send the deck.</p>');
    await acc.syncNow();
    const state = await acc.handlers['sync.state'](A);
    expect(state.lastError).toMatch(/full/i);
    const store = openStore(storeFile(h.dir, null));
    const withReply = store.db
      .prepare(`SELECT count(DISTINCT thread_id) FROM messages WHERE body_text LIKE '%Send the deck%'`)
      .pluck()
      .get() as number;
    store.close();
    // The first batch (the rows in view go first, then up to a batch) is kept, and not every thread.
    expect(withReply).toBeGreaterThan(0);
    expect(withReply).toBeLessThan(400);
    await acc.stop();
    // The next sync, with the thread writing again, completes what was left.
    const again = h.open({ writer });
    await again.syncNow();
    await expectStoreEqualsServer(h.sb, h.dir);
    await again.stop();
  }, 120_000);

  it("answers a write the thread's store refuses with the store's own code", async () => {
    // A file where the store's folder should be: the thread cannot make the folder.
    const blocker = join(h.dir, 'not-a-folder');
    writeFileSync(blocker, 'x');
    await expect(writer.write(join(blocker, 'data.sqlite'), 'leads', { pages: [] })).rejects.toMatchObject({
      code: expect.stringMatching(/^E[A-Z]+$/),
    });
    // The thread still writes for the others.
    expect(await writer.write(storeFile(h.dir, null), 'messages', { batch: [], initialDone: true })).toEqual({
      newReplies: [],
    });
  }, 60_000);
});

describe("the core's transactions beside the writer's thread", () => {
  it('does not refuse a transaction that reads first when the other thread commits in between', async () => {
    const h = await harness({ threads: 5, leads: 5, campaigns: 4 });
    const file = storeFile(h.dir, null);
    const store = openStore(file);
    const flags = new Int32Array(new SharedArrayBuffer(8));
    // Another thread, its own connection: waits for the signal, then writes and commits.
    const other = new Worker(
      `const { workerData } = require('node:worker_threads');
       const Database = require(${JSON.stringify(createRequire(import.meta.url).resolve('better-sqlite3'))});
       const db = new Database(workerData.file);
       db.pragma('busy_timeout = 5000');
       const flags = workerData.flags;
       Atomics.wait(flags, 0, 0);
       db.prepare("INSERT INTO sync_state (key, value) VALUES ('other', '1')").run();
       Atomics.store(flags, 1, 1);
       Atomics.notify(flags, 1);
       db.close();`,
      { eval: true, workerData: { file, flags } },
    );
    try {
      store.tx(() => {
        store.db.prepare(`SELECT count(*) FROM threads`).pluck().get();
        // The other thread may commit now; this transaction waits a moment for it.
        Atomics.store(flags, 0, 1);
        Atomics.notify(flags, 0);
        Atomics.wait(flags, 1, 0, 300);
        store.syncState.set('mine', '1');
      });
      await new Promise((resolve) => other.once('exit', resolve));
      expect(store.syncState.get('mine')).toBe('1');
      expect(store.syncState.get('other')).toBe('1');
    } finally {
      store.close();
      await other.terminate();
      await h.cleanup();
    }
  }, 60_000);
});
