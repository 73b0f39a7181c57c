// The core as the web bridge runs it (a child process) with its reader thread: the list's windows
// (and every list read made while a sync runs) come from the reader's own connection and still
// show every change the core's thread has just written, and removing an account releases the file
// the reader had open.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../electron/shared/contract';
import type { CoreClient } from '../../electron/core/host/remote';
import { startSandbox, type Sandbox } from '../../electron/sandbox/index';
import { startCoreProcess } from '../../electron/web/core-process';

const dataDir = mkdtempSync(join(tmpdir(), 'triage-reader-'));
let sandbox: Sandbox;
let core: CoreClient;
let account: Account;

beforeAll(async () => {
  sandbox = await startSandbox({
    threads: 120,
    leads: 200,
    campaigns: 4,
    seed: 11,
    port: 0,
    apiKey: `demo_${randomBytes(16).toString('hex')}`,
    rateLimit: false,
  });
  core = startCoreProcess({
    dataDir,
    links: 'allow',
    keychainService: `Outreach Triage test ${randomBytes(6).toString('hex')}`,
  });
  await core.ready();
  account = await core.handlers['accounts.add']({
    label: 'Reader',
    baseUrl: sandbox.url,
    apiKey: sandbox.apiKey,
    workspaceId: sandbox.teams[0]!.id,
  });
  await core.handlers['sync.now']({ accountId: account.id });
}, 120_000);

afterAll(async () => {
  await core?.close();
  await sandbox?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Starts a sync that a slow service keeps running while the window reads (so the reader answers
 *  list reads); resolves once it runs, with the sync's own end (`synced`). */
async function slowSync(): Promise<{ synced: Promise<void> }> {
  sandbox.setFaults('latency=1500-1500:1');
  const running = new Promise<void>((resolve) =>
    core.on((name, payload) => {
      if (name === 'sync.state' && (payload as { running: boolean }).running) resolve();
    }),
  );
  const synced = core.handlers['sync.now']({ accountId: account.id });
  await running;
  return { synced };
}

describe('list reads beside the core', () => {
  it('during a sync, show a verdict the core has just written, in the window and in the counts', async () => {
    const accountId = account.id;
    const { synced } = await slowSync();
    const before = await core.handlers['threads.list']({ accountId, view: 'inbox', offset: 0, limit: 100 });
    const counts = await core.handlers['threads.counts']({ accountId });
    const first = before.rows[0]!;
    expect(before.total).toBe(counts.inbox);
    await core.handlers['threads.setStatus']({ accountId, threadId: first.id, status: 'interested' });
    const after = await core.handlers['threads.list']({ accountId, view: 'inbox', offset: 0, limit: 100 });
    expect(after.rows.map((r) => r.id)).not.toContain(first.id);
    expect(after.total).toBe(before.total - 1);
    expect((await core.handlers['threads.counts']({ accountId })).inbox).toBe(counts.inbox - 1);
    sandbox.setFaults(null);
    await synced;
  });

  it('outside a sync, show a verdict in the window and All inboxes asked right after it', async () => {
    const accountId = account.id;
    const query = { accountId, view: 'inbox', offset: 0, limit: 100 } as const;
    const before = await core.handlers['threads.list'](query);
    const first = before.rows[0]!;
    // Asked together: the window waits behind the verdict (its answer shows it) either way.
    const [, during] = await Promise.all([
      core.handlers['threads.setStatus']({ accountId, threadId: first.id, status: 'not_interested' }),
      core.handlers['threads.list'](query),
    ]);
    expect(during.rows.map((r) => r.id)).not.toContain(first.id);
    const after = await core.handlers['threads.list'](query);
    expect(after.rows.map((r) => r.id)).not.toContain(first.id);
    expect(after.total).toBe(before.total - 1);
    const all = await core.handlers['unified.list']({ view: 'inbox', offset: 0, limit: 100 });
    expect(all.rows.map((r) => r.id)).not.toContain(first.id);
    expect(all.total).toBe(before.total - 1);
  });

  it('during a sync, answer a first paint (window with counts) as the core does', async () => {
    const accountId = account.id;
    const { synced } = await slowSync();
    const query = { accountId, view: 'inbox', offset: 0, limit: 50, withCounts: true } as const;
    const duringSync = await core.handlers['threads.list'](query);
    const counts = await core.handlers['threads.counts']({ accountId });
    sandbox.setFaults(null);
    await synced;
    // The window's counts (sidebar, tab badges) come with the rows in one answer.
    expect(duringSync.counts).toEqual(counts);
    expect(duringSync.total).toBe(counts.inbox);
    const idle = await core.handlers['threads.list'](query);
    expect(Object.keys(idle).sort()).toEqual(Object.keys(duringSync).sort());
  });

  it('during a sync, answer All inboxes with the verdict just written, narrowed and searched alike', async () => {
    const accountId = account.id;
    const { synced } = await slowSync();
    const before = await core.handlers['unified.list']({
      view: 'inbox',
      offset: 0,
      limit: 100,
      withCounts: true,
    });
    expect(before.total).toBe(before.counts!.inbox);
    expect(before.counts!.byAccount[accountId]!.inbox).toBe(before.total);
    const first = before.rows[0]!;
    expect(first.accountId).toBe(accountId);
    await core.handlers['threads.setStatus']({ accountId, threadId: first.id, status: 'meeting_booked' });
    const after = await core.handlers['unified.list']({
      view: 'inbox',
      offset: 0,
      limit: 100,
      accountIds: [accountId],
    });
    expect(after.rows.map((r) => r.id)).not.toContain(first.id);
    expect(after.total).toBe(before.total - 1);
    expect((await core.handlers['unified.counts']({})).inbox).toBe(before.total - 1);
    const found = await core.handlers['unified.search']({ query: first.prospectEmail, limit: 8 });
    expect(found.threads.map((t) => t.id)).toContain(first.id);
    expect(await core.dispatch('unified.list', { view: 'inbox', offset: -1, limit: 5 })).toMatchObject({
      ok: false,
      error: { kind: 'validation' },
    });
    sandbox.setFaults(null);
    await synced;
  });

  it('refuse bad input with the same validation error as every channel', async () => {
    const envelope = await core.dispatch('threads.list', {
      accountId: account.id,
      view: 'bogus',
      offset: 0,
      limit: 5,
    });
    expect(envelope).toMatchObject({ ok: false, error: { kind: 'validation' } });
  });

  it('let go of the account file when the account is removed', async () => {
    await core.handlers['threads.counts']({ accountId: account.id });
    await core.handlers['accounts.remove']({ accountId: account.id });
    expect(existsSync(join(dataDir, 'accounts', account.id))).toBe(false);
    expect(await core.dispatch('threads.counts', { accountId: account.id })).toMatchObject({
      ok: false,
      error: { kind: 'not_found' },
    });
  });
});
