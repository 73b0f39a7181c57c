// A full thread pass writes several pages per transaction. When a write fails partway (here a
// thread the store refuses, as a full disk would), the store keeps whole pages only, never part of
// one, and the next pass brings in every thread.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iteratePages } from '../../electron/core/api/client';
import { silentLogger } from '../../electron/core/log';
import { openStore } from '../../electron/core/store/index';
import type { PullContext, PullResult } from '../../electron/core/sync/pass';
import { fullThreadPass } from '../../electron/core/sync/pullThreads';
import { startSandbox, type Sandbox } from '../../electron/sandbox/index';
import { serverClient } from './fixtures/core-harness';

let sb: Sandbox;
let dir: string;

beforeAll(async () => {
  sb = await startSandbox({
    port: 0,
    seed: 4,
    threads: 4500,
    leads: 10,
    campaigns: 4,
    faults: null,
    rateLimit: false,
  });
  dir = mkdtempSync(join(tmpdir(), 'sync-whole-pages-'));
});
afterAll(async () => {
  await sb?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const result = (): PullResult => ({
  full: true,
  changedThreads: new Set(),
  newReplies: new Set(),
  scopes: new Set(),
});

describe('a full thread pass whose write fails partway', () => {
  it('leaves whole pages only, and the next pass completes', async () => {
    const client = serverClient(sb);
    const pages: string[][] = [];
    for await (const p of iteratePages((page, limit) => client.listInbox({ page, limit })))
      pages.push(p.data.map((t) => t._id));
    expect(pages.length).toBeGreaterThan(40);

    const store = openStore(join(dir, 's.sqlite'));
    const ctx: PullContext = {
      client,
      store,
      log: silentLogger,
      signal: new AbortController().signal,
      progress: () => undefined,
    };
    // A thread in the middle of page 30 (in the second group of pages) cannot be written.
    const refused = pages[29]![40]!;
    store.db.exec(`CREATE TEMP TRIGGER refuse BEFORE INSERT ON main.threads WHEN new.id = '${refused}'
      BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END`);
    await expect(fullThreadPass(ctx, result())).rejects.toThrow(/disk is full/);

    const held = new Set(store.threads.allIds());
    const whole = pages.map((ids) => ids.filter((id) => held.has(id)).length);
    for (const [i, n] of whole.entries()) expect([0, pages[i]!.length], `page ${i + 1}`).toContain(n);
    expect(whole[0]).toBe(pages[0]!.length);
    expect(whole[29]).toBe(0);

    store.db.exec(`DROP TRIGGER refuse`);
    await fullThreadPass(ctx, result());
    expect(store.threads.count()).toBe(pages.flat().length);
    store.close();
  }, 60_000);
});
