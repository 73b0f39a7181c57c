// The core in its own process, so its RSS is the core's alone. Either one account service
// (openAccount: store, sync, handlers) for the sync figures, or the whole app behind the web
// bridge (createApp + startWebBridge, keychain included) for the big store, the IPC and the UI
// figures. Driven by the bench through lib/child.ts. With the app behind the bridge the core runs
// in a process of its own, so the core's read time is taken here by the core's own read
// functions on a connection of their own (as its reader thread runs them), with no IPC cost; the
// bridge figures add that separately.
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Account, AccountChannel, Events, Handlers } from '../../electron/shared/contract';
import { createSuggestionsRepo } from '../../electron/core/store/repos/suggestions';
import { openAccount, type AccountService } from '../../electron/core/account/service';
import { toSuggestion } from '../../electron/core/suggest/stored';
import { emptyLearned } from '../../electron/core/suggest/index';
import { READS } from '../../electron/core/reads';
import { openStore } from '../../electron/core/store/index';
import { createLeadsRepo } from '../../electron/core/store/repos/leads';
import { createThreadsRepo } from '../../electron/core/store/repos/threads';
import { startClassifier } from '../../electron/core/host/classifier-client';
import { startWriter } from '../../electron/core/host/writer-client';
import { startWebBridge, type WebBridge } from '../../electron/web/bridge';
import { CLASSIFIER_ENTRY, WRITER_ENTRY } from '../../electron/web/core-child-parts';
import { tsWorker } from '../../electron/web/ts-worker';
import { fileURLToPath } from 'node:url';
import { hopMethods, timeBridgeCalls } from './hops/bridge';
import { childrenRssMB, rssMB, serve } from './lib/child';
import { findDbFile, sampleStore, storeCounts, timeBareSql, type StoreSample } from './lib/store-reads';

export interface AppInfo {
  /** The bridge's address, token in the fragment. */
  url: string;
  accountId: string;
  /** From accounts.add to the end of the first (full) sync. */
  syncMs: number;
  rssMB: number;
}

let service: AccountService | null = null;
/** As the app's core starts it: a sync's message batches are written on the writer's thread. */
const startAppWriter = () => startWriter((port) => tsWorker(WRITER_ENTRY, { port }, [port]));
let writer: ReturnType<typeof startAppWriter> | null = null;
let bridge: WebBridge | null = null;
let accountId = 'bench';
/** The account's folder (holds its SQLite file). */
let dir = '';

type AnyHandler = (input: unknown) => Promise<unknown>;

/** A connection to the account's file with the core's read repos, set up as the reader thread's. */
function openReads(file: string) {
  const db = new Database(file, { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  db.pragma('cache_size = -32768');
  return { db, threads: createThreadsRepo(db), leads: createLeadsRepo(db) };
}
let reads: ReturnType<typeof openReads> | null = null;
function handler(channel: AccountChannel): AnyHandler {
  if (bridge) return bridge.app.handlers[channel] as AnyHandler;
  if (service) return service.handlers[channel] as AnyHandler;
  throw new Error('neither an account nor the app is open');
}

async function syncNow(): Promise<number> {
  if (!service) throw new Error('no account is open');
  const start = performance.now();
  await service.syncNow();
  return performance.now() - start;
}

async function shutdown(): Promise<void> {
  reads?.db.close();
  reads = null;
  if (bridge) {
    // The account's key leaves the keychain with the account.
    await bridge.app.dispatch('accounts.remove', { accountId }).catch(() => undefined);
    await bridge.close().catch(() => undefined);
    bridge = null;
  }
  if (service) await service.stop().catch(() => undefined);
  service = null;
  await writer?.close();
  writer = null;
}

serve({
  async syncFull(p: { baseUrl: string; apiKey: string; dir: string }) {
    dir = p.dir;
    writer ??= startAppWriter();
    service = openAccount(
      {
        id: accountId,
        baseUrl: p.baseUrl,
        workspaceId: null,
        dir: p.dir,
        getApiKey: async () => p.apiKey,
        writer,
      },
      () => undefined,
    );
    const ms = await syncNow();
    return { ms, rssMB: rssMB() };
  },
  /** A full sync as the app runs one (the account started), until every reply has been read for
   *  a suggestion when they are on: the same pull with them off is what it is compared with. */
  async syncStarted(p: { baseUrl: string; apiKey: string; dir: string; suggestions: boolean }) {
    // As the app's core starts it: replies are read on the classifier's thread.
    const classifier = startClassifier((port) => tsWorker(CLASSIFIER_ENTRY, { port }, [port]));
    const ownWriter = startAppWriter();
    const started = performance.now();
    const account = openAccount(
      {
        id: `bench-${p.suggestions ? 'on' : 'off'}`,
        baseUrl: p.baseUrl,
        workspaceId: null,
        dir: p.dir,
        getApiKey: async () => p.apiKey,
        syncIntervalSeconds: 3600,
        suggestions: () => p.suggestions,
        classifier,
        writer: ownWriter,
      },
      () => undefined,
    );
    account.start();
    await account.syncNow();
    const pulled = performance.now() - started;
    if (p.suggestions) {
      const db = new Database(findDbFile(p.dir), { readonly: true });
      // What the pass has still to read, counted as the pass counts it.
      const due = createSuggestionsRepo(db);
      try {
        while (due.dueCount() > 0) await new Promise((r) => setTimeout(r, 20));
      } finally {
        db.close();
      }
    }
    const ms = performance.now() - started;
    await account.stop();
    await classifier.close();
    await ownWriter.close();
    return { ms, pulled };
  },
  /** Reads every synced reply for a suggestion, as the app's background pass does, timing each
   *  classification and, as its bare limit, only cutting the same text into lower-case words. */
  suggestAll() {
    const store = openStore(findDbFile(dir));
    try {
      store.tx(() => store.suggestions.allDue());
      const learned = emptyLearned();
      const each: number[] = [];
      const bare: number[] = [];
      const predictions: [string, string | null][] = [];
      const passStart = performance.now();
      let after = 0;
      for (;;) {
        const batch = store.suggestions.due(after, 100);
        if (batch.length === 0) break;
        store.tx(() => {
          for (const r of batch) {
            const t0 = performance.now();
            const s = toSuggestion(r, learned);
            each.push(performance.now() - t0);
            store.suggestions.write(r.rid, r.replyRid, s);
            if (r.bodyText !== null) {
              const t1 = performance.now();
              void `${r.subject ?? ''} ${r.bodyText}`.toLowerCase().split(/[^\p{L}\p{N}]+/u).length;
              bare.push(performance.now() - t1);
              predictions.push([r.id, s?.status ?? null]);
            }
          }
        });
        after = batch[batch.length - 1]!.rid;
      }
      return { each, bare, passMs: performance.now() - passStart, predictions };
    } finally {
      store.close();
    }
  },
  async syncAgain() {
    return { ms: await syncNow(), rssMB: rssMB() };
  },
  /** The whole app behind the web bridge; adds the sandbox's account and waits for its first sync. */
  async startApp(p: {
    dataDir: string;
    keychainService: string;
    rendererDir: string;
    baseUrl: string;
    apiKey: string;
  }): Promise<AppInfo> {
    bridge = await startWebBridge({
      dataDir: p.dataDir,
      port: 0,
      keychainService: p.keychainService,
      rendererDir: p.rendererDir,
      // The app's core process with each hop of a call timed (hops/core-child.ts).
      coreEntry: fileURLToPath(new URL('./hops/core-child.ts', import.meta.url)),
    });
    timeBridgeCalls(bridge);
    const app = bridge.app;
    await app.ready();
    let resolveDone: (s: Events['sync.state']) => void = () => undefined;
    const done = new Promise<Events['sync.state']>((r) => (resolveDone = r));
    let id: string | null = null;
    const early: Events['sync.state'][] = [];
    const off = app.on((name, payload) => {
      if (name !== 'sync.state') return;
      const s = payload as Events['sync.state'];
      if (!s.running && (s.lastSyncedAt || s.lastError)) {
        if (id === null) early.push(s);
        else if (s.accountId === id) resolveDone(s);
      }
    });
    const start = performance.now();
    const account = await app.dispatch('accounts.add', {
      label: 'Bench',
      baseUrl: p.baseUrl,
      apiKey: p.apiKey,
    });
    if (!account.ok) throw new Error(`accounts.add: ${account.error.message}`);
    const newId = (account.value as Account).id;
    id = newId;
    accountId = newId;
    const already = early.find((s) => s.accountId === newId);
    if (already) resolveDone(already);
    const state = await done;
    const syncMs = performance.now() - start;
    off();
    if (state.lastError) throw new Error(`the first sync failed: ${state.lastError}`);
    dir = join(p.dataDir, 'accounts', newId);
    if (!existsSync(dir)) dir = p.dataDir;
    // The core runs in the bridge's child process: its memory is that process's.
    return { url: bridge.url, accountId: newId, syncMs, rssMB: childrenRssMB() };
  },
  accountId() {
    return accountId;
  },
  /** The core's process behind a web bridge with no account, settled: the floor of its memory. */
  async idleCoreRss(p: { dataDir: string; keychainService: string; seconds: number }) {
    const idle = await startWebBridge({ dataDir: p.dataDir, port: 0, keychainService: p.keychainService });
    try {
      await idle.app.ready();
      await new Promise((r) => setTimeout(r, p.seconds * 1000));
      return childrenRssMB();
    } finally {
      await idle.close();
    }
  },
  /** Calls one handler with each input in turn; answers each call's milliseconds. */
  async timeHandler(p: { channel: AccountChannel; inputs: Record<string, unknown>[] }) {
    const h = handler(p.channel);
    const out: number[] = [];
    for (const input of p.inputs) {
      const start = performance.now();
      await h({ accountId, ...input });
      out.push(performance.now() - start);
    }
    return { ms: out };
  },
  /** The total of each thread list query (one window at offset 0 each). */
  async windowTotals(p: { inputs: Record<string, unknown>[] }) {
    const h = handler('threads.list') as (i: unknown) => ReturnType<Handlers['threads.list']>;
    const totals: number[] = [];
    for (const input of p.inputs) totals.push((await h({ accountId, ...input, offset: 0 })).total);
    return { totals };
  },
  /** The core's read functions (a window, the palette's search) on one connection kept open, as
   *  the reader thread runs them: each call's milliseconds. */
  timeReads(p: { channel: 'threads.list' | 'search'; inputs: Record<string, unknown>[] }) {
    reads ??= openReads(findDbFile(dir));
    const r = reads;
    const out: number[] = [];
    for (const input of p.inputs) {
      const start = performance.now();
      if (p.channel === 'threads.list')
        READS['threads.list'](r.threads, { accountId, ...input } as Parameters<
          (typeof READS)['threads.list']
        >[1]);
      else {
        const { query, limit } = input as { query: string; limit: number };
        r.threads.search(query, limit);
        r.leads.top(query, limit);
      }
      out.push(performance.now() - start);
    }
    return { ms: out };
  },
  ...hopMethods(
    () => bridge,
    () => ({ file: findDbFile(dir), accountId }),
  ),
  /** Runs a statement on its own read-only connection to the account's file, once per params. */
  bareSql(p: { sql: string; params: unknown[][] }) {
    return timeBareSql(dir, p.sql, p.params);
  },
  /** Raw rows picked at seeded offsets, from which the bench builds realistic queries and filters. */
  sample(p: { n: number; seed: number }): StoreSample {
    return sampleStore(dir, p.n, p.seed);
  },
  /** Row counts of the synced store (what the figures were measured on). */
  counts() {
    return storeCounts(dir);
  },
});

process.on('SIGTERM', () => {
  void shutdown().finally(() => process.exit(0));
});
