// Replies read for a suggestion as the sync writes their messages (on the writer's thread, a real
// worker, in the batch's own transaction): each thread gets the suggestion the background pass
// would have made, with the rep's own model, and the pass reads only what a batch had no time for; with
// suggestions off nothing is read and every thread keeps waiting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeFile } from '../../electron/core/account/context';
import type { AccountService } from '../../electron/core/account/service';
import { startWriter } from '../../electron/core/host/writer-client';
import { openStore } from '../../electron/core/store/index';
import { toSuggestion, type Classifier } from '../../electron/core/suggest/stored';
import { learnedOf } from '../../electron/core/sync/suggestWritten';
import type { BatchWriter } from '../../electron/core/sync/writes';
import { WRITER_ENTRY } from '../../electron/web/core-child-parts';
import { tsWorker } from '../../electron/web/ts-worker';
import { harness, type Harness } from './fixtures/core-harness';
import { until } from './fixtures/until';

const A = { accountId: 'acc1' };

/** A classifier that reads in place and counts what the pass sent it. */
function counting(): Classifier & { asked: number } {
  const c = {
    asked: 0,
    classify: async (replies: unknown[]) => {
      c.asked += replies.length;
      return null;
    },
    close: async () => undefined,
  };
  return c;
}

describe('replies read as the sync writes them', () => {
  let h: Harness;
  let writer: BatchWriter;

  beforeAll(async () => {
    h = await harness({ threads: 80, leads: 60, campaigns: 4 });
    writer = startWriter((port) => tsWorker(WRITER_ENTRY, { port }, [port]));
  }, 60_000);
  afterAll(async () => {
    await writer?.close();
    await h?.cleanup();
  });

  it("gives each reply the pass's suggestion in its batch's transaction, leaving the pass only what its batch had no time for", async () => {
    const classifier = counting();
    const acc = h.open({ writer, classifier });
    acc.start();
    await acc.syncNow();
    const { got, want } = await wantedAfter(h, acc);
    expect(got).toEqual(want);
    expect([...got.values()].filter((s) => s !== null).length).toBeGreaterThan(25);
    // Read as written, within each batch's budget; only what a batch had no time for went to
    // the pass (all 80 did before).
    expect(classifier.asked).toBeLessThan(80);

    // The rep's verdicts teach their model; new replies like the ones judged are read with it.
    const inbox = await acc.handlers['threads.list']({ ...A, view: 'inbox', offset: 0, limit: 6 });
    for (const r of inbox.rows)
      await acc.handlers['threads.setStatus']({ ...A, threadId: r.id, status: 'wrong_person' });
    const replied = inbox.rows.slice(0, 3).map((r) => r.id);
    for (const id of replied)
      h.sb.admin.addMessage(id, {
        direction: 'inbound',
        subject: 'Re: Quick question',
        bodyHtml: '<p>Thanks, I will pass this on to my colleague who handles it.</p>',
      });
    await acc.syncNow();
    const again = await wantedAfter(h, acc);
    for (const id of replied) expect(again.got.get(id)).toEqual(again.want.get(id));
    await acc.stop();
  }, 120_000);

  it('reads nothing with suggestions off: every thread keeps waiting for the pass', async () => {
    const h2 = await harness({ threads: 30, leads: 20, campaigns: 4 });
    try {
      const acc = h2.open({ writer, suggestions: () => false });
      acc.start();
      await acc.syncNow();
      const store = openStore(storeFile(h2.dir, null));
      try {
        expect(store.suggestions.dueCount()).toBe(30);
      } finally {
        store.close();
      }
      const list = await acc.handlers['threads.list']({ ...A, view: 'all', offset: 0, limit: 100 });
      expect(list.rows.filter((r) => r.suggestion).length).toBe(0);
      await acc.stop();
    } finally {
      await h2.cleanup();
    }
  }, 120_000);
});

/** What the sync wrote, against what the pass's own step makes of each reply (read in a
 *  transaction rolled back, so the store stays as the sync left it). */
async function wantedAfter(h: Harness, acc: AccountService) {
  const store = openStore(storeFile(h.dir, null));
  try {
    await until('every reply read', async () => (store.suggestions.dueCount() === 0 ? true : undefined));
    const list = await acc.handlers['threads.list']({ ...A, view: 'all', offset: 0, limit: 500 });
    const got = new Map(list.rows.map((r) => [r.id, r.suggestion ?? null]));
    const want = new Map<string, unknown>();
    store.db.exec('BEGIN');
    try {
      store.suggestions.allDue();
      const { learned } = learnedOf(store);
      for (const r of store.suggestions.due(0, 1000)) want.set(r.id, toSuggestion(r, learned));
    } finally {
      store.db.exec('ROLLBACK');
    }
    return { got, want };
  } finally {
    store.close();
  }
}
