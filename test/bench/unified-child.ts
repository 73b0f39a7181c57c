// All inboxes over several workspaces, in a process of its own (its RSS is a figure): one store
// synced from the sandbox, copied into each workspace's own folder (each account keeps its own
// SQLite file, as the app does), then the whole app (createApp) opened over them, its accounts
// started as a rep's would be, with All inboxes' searchers' threads as the core's thread starts
// them. The reads are timed through the app's dispatch, as the window calls them.
import Database from 'better-sqlite3';
import keytar from 'keytar';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { UnifiedCounts } from '../../electron/shared/contract';
import { createSuggestionsRepo } from '../../electron/core/store/repos/suggestions';
import { openAccount } from '../../electron/core/account/service';
import { createApp, type TriageApp } from '../../electron/core/app';
import { startSearchers } from '../../electron/core/host/searcher-client';
import { SEARCHER_ENTRY } from '../../electron/web/core-child-parts';
import { tsWorker } from '../../electron/web/ts-worker';
import { serve } from './lib/child';
import { findDbFile, sampleStore, type StoreSample } from './lib/store-reads';

let app: TriageApp | null = null;
let ids: string[] = [];
let firstDir = '';
let keychainService = '';

async function call<T>(channel: string, input: unknown): Promise<T> {
  const r = await app!.dispatch(channel, input);
  if (!r.ok) throw new Error(`${channel}: ${r.error.message}`);
  return r.value as T;
}

serve({
  async prepare(p: {
    baseUrl: string;
    apiKey: string;
    dataDir: string;
    workspaces: number;
    keychainService: string;
  }) {
    keychainService = p.keychainService;
    // One full sync, as the first workspace's own.
    const seedDir = join(p.dataDir, 'seed');
    const seed = openAccount(
      { id: 'seed', baseUrl: p.baseUrl, workspaceId: null, dir: seedDir, getApiKey: async () => p.apiKey },
      () => undefined,
    );
    const t0 = performance.now();
    await seed.syncNow();
    const syncMs = performance.now() - t0;
    await seed.stop();
    const file = findDbFile(seedDir);
    ids = Array.from({ length: p.workspaces }, (_, i) => `bench_ws${i}`);
    const accounts = ids.map((id, i) => {
      const dir = join(p.dataDir, 'app', 'accounts', id);
      mkdirSync(dir, { recursive: true });
      copyFileSync(file, join(dir, 'data-default.sqlite'));
      if (i === 0) firstDir = dir;
      return {
        id,
        label: `Client ${i + 1}`,
        baseUrl: p.baseUrl,
        workspaceId: null,
        workspaceName: null,
        isDemo: false,
        state: 'ok',
        stateMessage: null,
        createdAt: new Date().toISOString(),
      };
    });
    writeFileSync(join(p.dataDir, 'app', 'accounts.json'), JSON.stringify({ version: 1, accounts }));
    for (const id of ids) await keytar.setPassword(keychainService, id, p.apiKey);
    // The searchers' threads as the core's thread starts them (host/serve.ts): All inboxes' search
    // reads the stores side by side on them.
    const searcher = startSearchers((port) => tsWorker(SEARCHER_ENTRY, { port }, [port]));
    app = createApp({ dataDir: join(p.dataDir, 'app'), keychainService, searcher });
    await app.ready();
    // Each account starts with a sync of its own (little to pull): the figures wait for quiet.
    for (let t = 0; t < 600; t++) {
      const states = await Promise.all(
        ids.map((accountId) => call<{ running: boolean }>('sync.state', { accountId })),
      );
      if (states.every((s) => !s.running)) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    // ...and for each account's background read of its replies (a copied store is read again).
    for (const id of ids) {
      const db = new Database(join(p.dataDir, 'app', 'accounts', id, 'data-default.sqlite'), {
        readonly: true,
      });
      // What the pass has still to read, counted as the pass counts it.
      const due = createSuggestionsRepo(db);
      try {
        for (let t = 0; t < 3000 && due.dueCount() > 0; t++) await new Promise((r) => setTimeout(r, 100));
      } finally {
        db.close();
      }
    }
    const counts = await call<UnifiedCounts>('unified.counts', {});
    return { syncMs, threads: counts.all, workspaces: Object.keys(counts.byAccount).length, ids };
  },
  /** How many threads each view holds, merged and in the first workspace alone. */
  async totals(p: { views: string[] }) {
    const out: { unified: number; single: number }[] = [];
    for (const view of p.views) {
      const u = await call<{ total: number }>('unified.list', { view, offset: 0, limit: 1 });
      const one = await call<{ total: number }>('threads.list', {
        accountId: ids[0],
        view,
        offset: 0,
        limit: 1,
      });
      out.push({ unified: u.total, single: one.total });
    }
    return out;
  },
  sample(p: { n: number; seed: number }): StoreSample {
    return sampleStore(firstDir, p.n, p.seed);
  },
  /** Calls a channel with each input in turn; answers each call's milliseconds. */
  async time(p: { channel: string; inputs: unknown[] }) {
    const ms: number[] = [];
    for (const input of p.inputs) {
      const start = performance.now();
      await call(p.channel, input);
      ms.push(performance.now() - start);
    }
    return { ms };
  },
  /** Each input on every workspace's own channel in turn, timed as one: what merging adds to. */
  async timeEach(p: { channel: string; inputs: Record<string, unknown>[] }) {
    const ms: number[] = [];
    for (const input of p.inputs) {
      const start = performance.now();
      for (const accountId of ids) await call(p.channel, { ...input, accountId });
      ms.push(performance.now() - start);
    }
    return { ms };
  },
  /** A verdict on a thread of one workspace, then the window All inboxes asks for after it (or,
   *  `single`, the window of that one inbox): the core's part of a verdict key in All inboxes. */
  async verdicts(p: { n: number; single: boolean }) {
    const accountId = ids[ids.length - 1]!;
    const top = await call<{ rows: { id: string }[] }>('threads.list', {
      accountId,
      view: 'inbox',
      offset: 0,
      limit: p.n,
    });
    const ms: number[] = [];
    for (const [i, row] of top.rows.entries()) {
      const status = i % 2 === 0 ? 'interested' : 'not_interested';
      const start = performance.now();
      await call('threads.setStatus', { accountId, threadId: row.id, status });
      if (p.single) await call('threads.list', { accountId, view: 'inbox', offset: 0, limit: 100 });
      else await call('unified.list', { view: 'inbox', offset: 0, limit: 100 });
      ms.push(performance.now() - start);
    }
    // Back as they were, so the next pass finds the same inbox.
    await call('threads.restoreStatuses', {
      accountId,
      previous: top.rows.map((r) => ({ threadId: r.id, status: 'open' })),
    });
    return { ms };
  },
  async close() {
    await app?.close();
    app = null;
    for (const id of ids) await keytar.deletePassword(keychainService, id).catch(() => false);
    return null;
  },
});
