// accounts.start: what a window that remembers no account asks for first, in one call. The
// accounts, and the first one's Inbox as threads.list answers it (first window, counts), so the
// window draws its rows after one round trip; with no account, or a first store that cannot be
// read, the accounts alone (the window then asks for the list on its own and says what failed).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Account, AccountsStart, ThreadWindow } from '../../electron/shared/contract';
import { startSandbox, type Sandbox } from '../../electron/sandbox/index';
import { openRig, type AppRig } from './fixtures/app-rig';

let dir: string;
let sb: Sandbox;
let rig: AppRig;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'triage-accounts-start-'));
  sb = await startSandbox({ port: 0, seed: 41, threads: 150, leads: 200, campaigns: 4, rateLimit: false });
  rig = await openRig(dir);
});
afterEach(async () => {
  for (const a of await rig.call<Account[]>('accounts.list', {}))
    await rig.call('accounts.remove', { accountId: a.id });
});
afterAll(async () => {
  await rig?.close();
  await sb?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('accounts.start', () => {
  it('with no account: no accounts and no Inbox', async () => {
    expect(await rig.call<AccountsStart>('accounts.start', { limit: 100 })).toEqual({
      accounts: [],
      inbox: null,
    });
  });

  it("answers the accounts and the first one's Inbox as its list asks for it, counts included", async () => {
    const a = await rig.addSynced('First', sb, sb.teamIds[0]);
    const b = await rig.addSynced('Second', sb, sb.teamIds[1]);
    const start = await rig.call<AccountsStart>('accounts.start', { limit: 100 });
    expect(start.accounts.map((x) => x.id)).toEqual([a.id, b.id]);
    const asked = await rig.call<ThreadWindow>('threads.list', {
      accountId: a.id,
      view: 'inbox',
      withCounts: true,
      offset: 0,
      limit: 100,
    });
    expect(start.inbox).toEqual({ accountId: a.id, window: asked });
    expect(asked.total).toBeGreaterThan(0);
    expect(start.inbox!.window.rows).toHaveLength(Math.min(100, asked.total));
    expect(start.inbox!.window.counts?.inbox).toBe(asked.total);
  });

  it('answers the accounts alone when the first store cannot be read, and the list call says why', async () => {
    const a = await rig.addSynced('Future', sb, sb.teamIds[0]);
    await rig.app.close();
    const db = new Database(rig.storeOf(a.id, sb.teamIds[0]));
    db.pragma('user_version = 999');
    db.close();
    await rig.restart();
    const start = await rig.call<AccountsStart>('accounts.start', { limit: 100 });
    expect(start.accounts.map((x) => x.id)).toEqual([a.id]);
    expect(start.inbox).toBeNull();
    const refusal = await rig.refusal('threads.list', {
      accountId: a.id,
      view: 'inbox',
      offset: 0,
      limit: 100,
    });
    expect(refusal?.message).toMatch(/newer version/);
  });

  it.each([{}, { limit: 0 }, { limit: 501 }, { limit: 100, accountId: 'x' }])(
    'refuses a malformed input: %j',
    async (input) => {
      expect((await rig.refusal('accounts.start', input))?.kind).toBe('validation');
    },
  );
});
