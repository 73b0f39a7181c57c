// Replies read for suggestions on the classifier's own thread (a real worker thread): the same
// suggestions as read on the core's thread; a reply that arrives while its thread's older reply is
// away being read is the one its suggestion ends up made from; and a classifier's thread that
// cannot start loses no suggestion (the pass reads the replies itself).
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountService } from '../../electron/core/account/service';
import { startClassifier } from '../../electron/core/host/classifier-client';
import { emptyLearned } from '../../electron/core/suggest/index';
import { toSuggestion, type Classifier, type StoredReply } from '../../electron/core/suggest/stored';
import { openStore } from '../../electron/core/store/index';
import { storeFile } from '../../electron/core/account/context';
import { CLASSIFIER_ENTRY as ENTRY } from '../../electron/web/core-child-parts';
import { tsWorker } from '../../electron/web/ts-worker';
import type { ThreadRow } from '../../electron/shared/contract';
import { harness, type Harness } from './fixtures/core-harness';
import { until } from './fixtures/until';

const A = { accountId: 'acc1' };
const realClassifier = (): Classifier => startClassifier((port) => tsWorker(ENTRY, { port }, [port]));

const row = async (acc: AccountService, id: string): Promise<ThreadRow> =>
  (await acc.handlers['threads.get']({ ...A, threadId: id }))!.thread;

/** Every thread's suggestion once no thread waits for one. */
async function settled(h: Harness, acc: AccountService): Promise<Map<string, string | null>> {
  const store = openStore(storeFile(h.dir, null));
  try {
    await until('every reply read', async () => (store.suggestions.dueCount() === 0 ? true : undefined));
  } finally {
    store.close();
  }
  const list = await acc.handlers['threads.list']({ ...A, view: 'all', offset: 0, limit: 500 });
  return new Map(list.rows.map((r) => [r.id, r.suggestion?.status ?? null]));
}

describe("suggestions read on the classifier's thread", () => {
  let h: Harness;
  let classifier: Classifier;

  beforeAll(async () => {
    h = await harness({ threads: 60, leads: 100, campaigns: 4 });
    classifier = realClassifier();
  }, 60_000);
  afterAll(async () => {
    await classifier?.close();
    await h?.cleanup();
  });

  it('gives every open thread’s reply the suggestion the core would give it, and a thread with a verdict its own once it is open again', async () => {
    // Counts the batches the thread itself answered (null: the pass read them in place).
    let answered = 0;
    const counted: Classifier = {
      classify: async (replies, learned) => {
        const out = await classifier.classify(replies, learned);
        if (out !== null) answered += out.length;
        return out;
      },
      close: async () => undefined,
    };
    const acc = h.open({ classifier: counted });
    acc.start();
    await acc.syncNow();
    const got = await settled(h, acc);
    const all = await acc.handlers['threads.list']({ ...A, view: 'all', offset: 0, limit: 500 });
    const open = all.rows.filter((r) => r.status === 'open');
    const decided = all.rows.filter((r) => r.status !== 'open');
    expect(open.length).toBeGreaterThan(10);
    expect(decided.length).toBeGreaterThan(10);
    // A suggestion shows only on a thread waiting for a verdict: only those replies were read.
    expect(answered).toBe(open.length);
    for (const r of decided) expect(got.get(r.id)).toBeNull();

    // The prospect of a thread with a verdict writes; the rep opens the thread again: its
    // suggestion comes then.
    const back = decided[0]!;
    h.sb.admin.addMessage(back.id, {
      direction: 'inbound',
      subject: 'Re: Quick question',
      bodyHtml: '<p>Please remove me from your list.</p>',
    });
    await acc.syncNow();
    await settled(h, acc);
    expect((await row(acc, back.id)).suggestion).toBeNull();
    await acc.handlers['threads.setStatus']({ ...A, threadId: back.id, status: 'open' });
    await until('the reopened thread’s suggestion', async () =>
      (await row(acc, back.id)).suggestion?.status === 'not_interested' ? true : undefined,
    );
    await settled(h, acc);
    await acc.stop();

    // The same replies read here, on the test's own thread (they stay due: the next account
    // reads them again).
    const store = openStore(storeFile(h.dir, null));
    try {
      const now = new Map(
        (
          store.db.prepare(`SELECT id, suggested FROM threads`).all() as {
            id: string;
            suggested: string | null;
          }[]
        ).map((r) => [r.id, r.suggested]),
      );
      store.tx(() => store.suggestions.allDue());
      const replies = store.suggestions.due(0, 1000);
      expect(replies.length).toBe(open.length + 1);
      const learned = emptyLearned();
      const want = new Map(replies.map((r) => [r.id, toSuggestion(r, learned)?.status ?? null]));
      for (const [id, status] of want) expect(now.get(id)).toBe(status);
      // Not a store of no suggestions: the sandbox's replies say something.
      expect([...want.values()].filter((s) => s !== null).length).toBeGreaterThan(10);
    } finally {
      store.close();
    }
  }, 90_000);

  it("suggests from the reply that came while the thread's older reply was away being read", async () => {
    // A classifier's thread that holds a batch until the test lets it go.
    let hold: { replies: StoredReply[]; release: () => void } | null = null;
    let holding = false;
    const gated: Classifier = {
      async classify(replies, learned) {
        if (holding) {
          holding = false;
          await new Promise<void>((release) => (hold = { replies, release }));
        }
        return classifier.classify(replies, learned);
      },
      close: async () => undefined,
    };
    const acc = h.open({ classifier: gated });
    acc.start();
    await acc.syncNow();
    await settled(h, acc);
    const inbox = await acc.handlers['threads.list']({ ...A, view: 'inbox', offset: 0, limit: 5 });
    const id = inbox.rows[0]!.id;

    holding = true;
    h.sb.admin.addMessage(id, {
      direction: 'inbound',
      subject: 'Re: Quick question',
      bodyHtml: '<p>Please remove me from your list.</p>',
    });
    await acc.syncNow();
    const away = await until('the removal away being read', async () => hold ?? undefined);
    expect(away.replies.some((r) => (r.bodyHtml ?? r.bodyText ?? '').includes('remove me'))).toBe(true);
    // Meanwhile the prospect writes again, and the sync brings it in.
    h.sb.admin.addMessage(id, {
      direction: 'inbound',
      subject: 'Automatic reply: Quick question',
      bodyHtml: '<p>I am out of the office until 4 January 2027 with limited access to email.</p>',
    });
    await acc.syncNow();
    away.release();

    await settled(h, acc);
    const r = await row(acc, id);
    expect(r.suggestion?.status).toBe('out_of_office');
    await acc.stop();
  }, 90_000);

  it('ends the thread once idle, and starts another for the next batch', async () => {
    const started: Worker[] = [];
    const idle = startClassifier((port) => {
      const w = tsWorker(ENTRY, { port }, [port]);
      started.push(w);
      return w;
    }, 100);
    const reply: StoredReply = {
      subject: 'Re: Quick question',
      bodyText: 'Please remove me from your list.',
      bodyHtml: null,
      sentAt: null,
    };
    const learned = { account: 'acc1', version: '0:', model: emptyLearned() };
    try {
      expect((await idle.classify([reply], learned))?.[0]?.status).toBe('not_interested');
      const exited = await new Promise<number>((resolve) => started[0]!.once('exit', resolve));
      expect(exited).toBe(1); // terminated
      expect((await idle.classify([reply], learned))?.[0]?.status).toBe('not_interested');
      expect(started.length).toBe(2);
    } finally {
      await idle.close();
    }
  }, 60_000);

  it('loses no suggestion when the classifier’s thread cannot start', async () => {
    const broken = startClassifier(() => new Worker('process.exit(3)', { eval: true }));
    const acc = h.open({ classifier: broken });
    acc.start();
    const inbox = await acc.handlers['threads.list']({ ...A, view: 'inbox', offset: 0, limit: 5 });
    const id = inbox.rows[1]!.id;
    h.sb.admin.addMessage(id, {
      direction: 'inbound',
      subject: 'Re: Quick question',
      bodyHtml:
        '<p>I am not the right person for this. Please contact jane.doe@acme-example.com instead.</p>',
    });
    await acc.syncNow();
    await settled(h, acc);
    expect((await row(acc, id)).suggestion?.status).toBe('wrong_person');
    // Later batches go straight to the core's thread.
    expect(await broken.classify([], { account: 'acc1', version: '', model: emptyLearned() })).toBeNull();
    await acc.stop();
    await broken.close();
  }, 90_000);
});
