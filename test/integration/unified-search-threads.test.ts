// All inboxes' search on the searchers' threads and the core's (side by side), against the same
// stores read one after another on this thread: the same threads in the same order, the same
// people. And with calls in flight: an account removed, a verdict given, or a store rebuilt while
// a search waits for its threads; searches running while accounts come and go.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Account, ThreadRow, UnifiedSearchResult } from '../../electron/shared/contract';
import { startSearchers, type Searcher } from '../../electron/core/host/searcher-client';
import { createLeadsRepo } from '../../electron/core/store/repos/leads';
import { createThreadsRepo } from '../../electron/core/store/repos/threads';
import { createUnifiedReads } from '../../electron/core/unified/reads';
import { startSandbox, type Sandbox } from '../../electron/sandbox/index';
import { SEARCHER_ENTRY } from '../../electron/web/core-child-parts';
import { tsWorker } from '../../electron/web/ts-worker';
import { openRig, type AppRig } from './fixtures/app-rig';
import { until } from './fixtures/until';

/** The real searchers' threads, two of them (the core's thread searches the first of three stores,
 *  each thread one of the others), held back on demand:
 *  `hold()` makes the next searches wait, once their threads have answered, until `release()`. */
function heldSearchers(): Searcher & { hold(): void; release(): void; answered(): Promise<void> } {
  const real = startSearchers((port) => tsWorker(SEARCHER_ENTRY, { port }, [port]), 2);
  let gate: Promise<void> | null = null;
  let open: () => void = () => undefined;
  let told: () => void = () => undefined;
  let answered = new Promise<void>((r) => (told = r));
  return {
    threads: real.threads,
    async search(stores, query, limit) {
      const found = await real.search(stores, query, limit);
      // The threads answered (not the core's thread reading in their place).
      if (found) told();
      if (gate) await gate;
      return found;
    },
    forget: () => real.forget(),
    close: () => real.close(),
    hold() {
      gate = new Promise((r) => (open = r));
      answered = new Promise((r) => (told = r));
    },
    release() {
      gate = null;
      open();
    },
    answered: () => answered,
  };
}

let dir: string;
let sb: Sandbox;
/** A second service: its workspace is the third store. */
let sb2: Sandbox;
let rig: AppRig;
let searchers: ReturnType<typeof heldSearchers>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'triage-unified-search-'));
  sb = await startSandbox({ port: 0, seed: 41, threads: 60, leads: 90, campaigns: 4, rateLimit: false });
  sb2 = await startSandbox({ port: 0, seed: 42, threads: 60, leads: 90, campaigns: 4, rateLimit: false });
  searchers = heldSearchers();
  rig = await openRig(dir, { searcher: searchers });
});
afterEach(async () => {
  searchers.release();
  for (const a of await rig.call<Account[]>('accounts.list', {}))
    await rig.call('accounts.remove', { accountId: a.id });
});
afterAll(async () => {
  await rig?.close();
  await sb?.close();
  await sb2?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The stores read one after another on this thread, over connections of the test's own. */
function searchInTurn(accounts: { id: string; team: string }[], query: string, limit: number) {
  const dbs = accounts.map((a) => new Database(rig.storeOf(a.id, a.team)));
  try {
    const sources = accounts.map((a, i) => ({
      accountId: a.id,
      threads: createThreadsRepo(dbs[i]!),
      leads: createLeadsRepo(dbs[i]!),
    }));
    return createUnifiedReads().search(sources, query, limit);
  } finally {
    for (const db of dbs) db.close();
  }
}

const ids = (r: UnifiedSearchResult) => ({
  threads: r.threads.map((t) => `${t.accountId}/${t.id}/${t.status}`),
  leads: r.leads.map((l) => `${l.accountId}/${l.id}`),
});

async function threeWorkspaces() {
  const stores = [
    { service: sb, team: sb.teamIds[0]! },
    { service: sb, team: sb.teamIds[1]! },
    { service: sb2, team: sb2.teamIds[0]! },
  ];
  const added: { id: string; team: string }[] = [];
  for (const [i, { service, team }] of stores.entries())
    added.push({ id: (await rig.addSynced(`Client ${i + 1}`, service, team)).id, team });
  return added;
}

/** Words found in the stores: prospects' names and subjects, some common, some rare. */
async function queries(accountId: string): Promise<string[]> {
  const rows = await rig.rows(accountId);
  const words = rows.flatMap((r: ThreadRow) => [r.prospectName, r.subject ?? ''].join(' ').split(/\s+/));
  const picked = [...new Set(words.filter((w) => /^[A-Za-z]{3,}$/.test(w)))].slice(0, 12);
  return [...picked, 'zzzznothing'];
}

describe('All inboxes search on the searchers threads', () => {
  it('answers what the stores searched one after another answer: the same threads, order and people', async () => {
    const added = await threeWorkspaces();
    const words = await queries(added[0]!.id);
    expect(words.length).toBeGreaterThan(5);
    let nonEmpty = 0;
    for (const query of words) {
      for (const limit of [1, 7, 50]) {
        const got = await rig.call<UnifiedSearchResult>('unified.search', { query, limit });
        expect(ids(got)).toEqual(ids(searchInTurn(added, query, limit)));
        if (got.threads.length > 0) nonEmpty++;
      }
    }
    expect(nonEmpty).toBeGreaterThan(10);
    // Narrowed to two accounts: only theirs, as the same two searched in turn.
    const two = [added[0]!, added[2]!];
    const narrowed = await rig.call<UnifiedSearchResult>('unified.search', {
      query: words[0],
      limit: 50,
      accountIds: two.map((a) => a.id),
    });
    expect(ids(narrowed)).toEqual(ids(searchInTurn(two, words[0]!, 50)));
    await searchers.answered();
  });

  it('leaves out an account removed while the search waited for its threads', async () => {
    const added = await threeWorkspaces();
    const [query] = await queries(added[1]!.id);
    const gone = added[1]!;
    const everyone = await rig.call<UnifiedSearchResult>('unified.search', { query, limit: 50 });
    expect(everyone.threads.some((t) => t.accountId === gone.id)).toBe(true);
    searchers.hold();
    const search = rig.call<UnifiedSearchResult>('unified.search', { query, limit: 50 });
    await searchers.answered();
    await rig.call('accounts.remove', { accountId: gone.id });
    searchers.release();
    const got = await search;
    expect(got.threads.some((t) => t.accountId === gone.id)).toBe(false);
    expect(got.leads.some((l) => l.accountId === gone.id)).toBe(false);
    const stay = added.filter((a) => a !== gone);
    expect(ids(got)).toEqual(ids(searchInTurn(stay, query!, 50)));
  });

  it('shows a verdict given while the search waited for its threads', async () => {
    const added = await threeWorkspaces();
    const [query] = await queries(added[0]!.id);
    const before = await rig.call<UnifiedSearchResult>('unified.search', { query, limit: 50 });
    expect(before.threads.length, query).toBeGreaterThan(0);
    const target = before.threads.find((t) => t.status !== 'meeting_booked')!;
    expect(target).toBeDefined();
    searchers.hold();
    const search = rig.call<UnifiedSearchResult>('unified.search', { query, limit: 50 });
    await searchers.answered();
    await rig.call('threads.setStatus', {
      accountId: target.accountId,
      threadId: target.id,
      status: 'meeting_booked',
    });
    searchers.release();
    const got = await search;
    expect(got.threads.find((t) => t.id === target.id && t.accountId === target.accountId)?.status).toBe(
      'meeting_booked',
    );
    expect(ids(got)).toEqual(ids(searchInTurn(added, query!, 50)));
  });

  it('reads a store rebuilt while the search waited from its new file, and the threads reopen it', async () => {
    const added = await threeWorkspaces();
    const rebuilt = added[2]!;
    const [query] = await queries(rebuilt.id);
    searchers.hold();
    const search = rig.call<UnifiedSearchResult>('unified.search', { query, limit: 50 });
    await searchers.answered();
    await rig.call('accounts.repair', { accountId: rebuilt.id, action: 'rebuild' });
    // A Rebuild starts an empty store and refills it from the service.
    searchers.release();
    const got = await search;
    const rebuiltRows = got.threads.filter((t) => t.accountId === rebuilt.id).length;
    await until('refilled', async () => (await rig.rows(rebuilt.id)).length === 60);
    const now = searchInTurn(added, query!, 50);
    // Whatever the new store held when the search was answered, never the old file's rows: the
    // refill can only have added to it since.
    expect(rebuiltRows).toBeLessThanOrEqual(now.threads.filter((t) => t.accountId === rebuilt.id).length);
    // And the next search, on the threads, reads the new file.
    searchers.hold();
    const next = rig.call<UnifiedSearchResult>('unified.search', { query, limit: 50 });
    await searchers.answered();
    searchers.release();
    expect(ids(await next)).toEqual(ids(now));
  });

  it('answers every search made while accounts are removed, none failing inside the app', async () => {
    const added = await threeWorkspaces();
    const [query] = await queries(added[0]!.id);
    const answers: Promise<{ kind: string } | null>[] = [];
    let removing = true;
    const removal = (async () => {
      for (const a of added.slice(1)) await rig.call('accounts.remove', { accountId: a.id });
    })().finally(() => (removing = false));
    while (removing) {
      answers.push(rig.refusal('unified.search', { query, limit: 20 }));
      await new Promise((r) => setTimeout(r, 1));
    }
    await removal;
    for (const r of await Promise.all(answers)) expect(r?.kind ?? 'ok').toBe('ok');
    const after = await rig.call<UnifiedSearchResult>('unified.search', { query, limit: 50 });
    expect(after.threads.every((t) => t.accountId === added[0]!.id)).toBe(true);
  });
});
