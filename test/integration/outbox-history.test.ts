// The Outbox's history: changes the service confirmed stay listed as sent for a week (through
// later pulls and pushes), newest first, then leave the store: at the next push, or when the
// account's store opens. Real SQLite on disk and the sandbox service over HTTP.
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { storeFile } from '../../electron/core/account/context';
import { harness, serverClient, type Harness } from './fixtures/core-harness';

const A = { accountId: 'acc1' };
const DAY = 24 * 3600_000;

let h: Harness | null = null;
afterEach(async () => {
  await h?.cleanup();
  h = null;
});

/** Dates a sent change back, as if the service had confirmed it `days` ago. */
function sentDaysAgo(dir: string, entryId: number, days: number): void {
  const db = new Database(storeFile(dir, null));
  try {
    db.pragma('busy_timeout = 5000');
    const at = new Date(Date.now() - days * DAY).toISOString();
    db.prepare(`UPDATE outbox SET updated_at = ? WHERE id = ?`).run(at, entryId);
  } finally {
    db.close();
  }
}

/** How many of these outbox entries the account's file still holds. */
function rowsOf(dir: string, ids: number[]): number {
  const db = new Database(storeFile(dir, null), { readonly: true });
  try {
    return db
      .prepare(`SELECT count(*) FROM outbox WHERE id IN (SELECT value FROM json_each(?))`)
      .pluck()
      .get(JSON.stringify(ids)) as number;
  } finally {
    db.close();
  }
}

describe('outbox history: what was sent stays listed for a week', () => {
  it('lists confirmed changes newest first through later syncs, and forgets them past a week', async () => {
    h = await harness({ threads: 40, leads: 20, campaigns: 4 });
    const acc = h.open({ pushBackoff: { baseMs: 1, maxMs: 2 } });
    // Started: changes are pushed soon after they are made, without a pull (one an hour).
    acc.start();
    await acc.syncNow();
    const open = (await acc.handlers['threads.list']({ ...A, view: 'inbox', offset: 0, limit: 40 })).rows;
    const [a, b, c] = [open[0]!, open[1]!, open[2]!];

    await acc.handlers['threads.setStatus']({ ...A, threadId: a.id, status: 'interested' });
    await acc.handlers['threads.setStatus']({ ...A, threadId: b.id, status: 'not_interested' });
    await acc.syncNow();
    expect((await serverClient(h.sb).getThread(b.id)).status).toBe('not_interested');
    expect(await acc.handlers['outbox.list'](A)).toEqual([]);

    // A later pull (which used to forget every finished change) keeps them.
    await acc.syncNow();
    const sent = await acc.handlers['outbox.sent'](A);
    expect(sent.map((e) => e.targetId)).toEqual([b.id, a.id]);
    expect(sent[0]!.summary).toBe(`Status of ${b.prospectName} → Not interested`);
    expect(sent[0]!.kindLabel).toBeTruthy();
    expect(Date.parse(sent[0]!.sentAt)).toBeGreaterThan(Date.now() - 60_000);

    // Six days on, still listed; past a week, the next push forgets it.
    sentDaysAgo(h.dir, sent[1]!.id, 6);
    sentDaysAgo(h.dir, sent[0]!.id, 8);
    await acc.handlers['threads.setStatus']({ ...A, threadId: c.id, status: 'meeting_booked' });
    // The push made soon after the change (no pull) prunes.
    await expect
      .poll(async () => (await acc.handlers['outbox.sent'](A)).map((e) => e.targetId), { timeout: 10_000 })
      .toEqual([c.id, a.id]);
    expect(rowsOf(h.dir, [sent[0]!.id, sent[1]!.id])).toBe(1);

    // The store opening again forgets what passed the week while it was closed.
    sentDaysAgo(h.dir, sent[1]!.id, 7.5);
    await acc.stop();
    const again = h.open();
    expect((await again.handlers['outbox.sent'](A)).map((e) => e.targetId)).toEqual([c.id]);
    expect(rowsOf(h.dir, [sent[0]!.id, sent[1]!.id])).toBe(0);
  });
});
