// The demo workspace: made on first start when there is no account, its service's data kept in
// the data folder, brought back on a new port at the next start with the same key (kept beside the
// demo's data: it opens only the service the app runs on loopback, so it needs no keychain), and
// gone (key, files) when the person removes it. On a machine with no keychain at all the demo
// still opens, and a real account is refused with words that name the fix.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import keytar from 'keytar';
import { afterAll, describe, expect, it } from 'vitest';
import type { Account } from '../../electron/shared/contract';
import { createApp, type TriageApp } from '../../electron/core/app';
import { createClient } from '../../electron/core/api/client';

const service = `Outreach Triage test ${randomBytes(6).toString('hex')}`;
const dir = mkdtempSync(join(tmpdir(), 'triage-demo-'));
const demoOptions = { seed: 5, threads: 40, leads: 50, campaigns: 4 };
let app: TriageApp | null = null;

const open = (): TriageApp =>
  createApp({ dataDir: dir, keychainService: service, startDemo: true, demoOptions });

async function only<T>(app: TriageApp, channel: 'accounts.list'): Promise<T> {
  const answer = await app.dispatch(channel, {});
  if (!answer.ok) throw new Error(answer.error.message);
  return answer.value as T;
}

afterAll(async () => {
  await app?.close();
  for (const c of await keytar.findCredentials(service)) await keytar.deletePassword(service, c.account);
  rmSync(dir, { recursive: true, force: true });
});

describe('demo workspace', () => {
  let demo: Account;
  let campaignId: string;

  it('starts on the demo workspace when there is no account', async () => {
    app = open();
    await app.ready();
    const accounts = await only<Account[]>(app, 'accounts.list');
    expect(accounts).toHaveLength(1);
    demo = accounts[0]!;
    expect(demo).toMatchObject({ label: 'Demo', isDemo: true, state: 'ok' });
    const sandbox = app.demoSandbox();
    expect(sandbox?.url).toBe(demo.baseUrl);
    expect(readFileSync(join(dir, 'demo-service', 'key'), 'utf8')).toBe(sandbox?.apiKey);
    expect(await keytar.getPassword(service, demo.id)).toBeNull();
    expect(existsSync(join(dir, 'demo-service'))).toBe(true);
    // accounts.demo again returns the same account, it does not make a second one.
    const again = await app.dispatch('accounts.demo', {});
    expect(again).toMatchObject({ ok: true, value: { id: demo.id } });
  });

  it('keeps what happened in the demo service across a restart, on its new address', async () => {
    const key = readFileSync(join(dir, 'demo-service', 'key'), 'utf8');
    const client = createClient({ baseUrl: demo.baseUrl, apiKey: key, workspaceId: demo.workspaceId });
    campaignId = (await client.listCampaigns({ page: 1, limit: 1 })).data[0]!._id;
    await client.renameCampaign(campaignId, 'Kept across restarts');
    await app!.close();

    app = open();
    await app.ready();
    const accounts = await only<Account[]>(app, 'accounts.list');
    expect(accounts.map((a) => a.id)).toEqual([demo.id]);
    const sandbox = app.demoSandbox()!;
    expect(accounts[0]!.baseUrl).toBe(sandbox.url);
    expect(sandbox.apiKey).toBe(key);
    const again = createClient({ baseUrl: sandbox.url, apiKey: key, workspaceId: demo.workspaceId });
    expect((await again.getCampaign(campaignId)).name).toBe('Kept across restarts');
  });

  it('adds the demo’s other workspace beside it: both come back after a restart, and removing it keeps the demo', async () => {
    const workspaces = await app!.dispatch('accounts.workspaces', { accountId: demo.id });
    if (!workspaces.ok) throw new Error(workspaces.error.message);
    const other = (workspaces.value as { id: string; name: string }[]).find(
      (w) => w.id !== demo.workspaceId,
    )!;
    const added = await app!.dispatch('accounts.addWorkspace', { accountId: demo.id, workspaceId: other.id });
    if (!added.ok) throw new Error(added.error.message);
    const second = added.value as Account;
    expect(second).toMatchObject({
      label: 'Demo',
      isDemo: true,
      workspaceId: other.id,
      workspaceName: other.name,
    });
    // The demo's key stays beside its data: none goes to the keychain for the second workspace.
    expect(await keytar.getPassword(service, second.id)).toBeNull();
    await app!.dispatch('sync.now', { accountId: second.id });
    await app!.close();

    app = open();
    await app.ready();
    const sandbox = app.demoSandbox()!;
    const accounts = await only<Account[]>(app, 'accounts.list');
    expect(accounts.map((a) => [a.id, a.baseUrl])).toEqual([
      [demo.id, sandbox.url],
      [second.id, sandbox.url],
    ]);
    const counts = await app.dispatch('unified.counts', {});
    if (!counts.ok) throw new Error(counts.error.message);
    const byAccount = (counts.value as { byAccount: Record<string, { inbox: number }> }).byAccount;
    expect(Object.keys(byAccount).sort()).toEqual([demo.id, second.id].sort());
    expect(byAccount[second.id]!.inbox).toBeGreaterThan(0);

    expect((await app.dispatch('accounts.remove', { accountId: second.id })).ok).toBe(true);
    expect(existsSync(join(dir, 'demo-service'))).toBe(true);
    expect(app.demoSandbox()).not.toBeNull();
    expect(await app.dispatch('sync.now', { accountId: demo.id })).toEqual({ ok: true, value: undefined });
  });

  it('removing the demo takes its key and its service data away', async () => {
    expect(await app!.dispatch('accounts.remove', { accountId: demo.id })).toEqual({
      ok: true,
      value: undefined,
    });
    expect(await keytar.getPassword(service, demo.id)).toBeNull();
    expect(existsSync(join(dir, 'demo-service'))).toBe(false);
    expect(app!.demoSandbox()).toBeNull();
    expect(await only<Account[]>(app!, 'accounts.list')).toEqual([]);
  });
});

describe('a machine with no keychain', () => {
  it('opens the demo and syncs it; a real account is refused with words that name the fix', async () => {
    const data = mkdtempSync(join(tmpdir(), 'triage-nokeychain-'));
    try {
      // A session bus that is not there: the keychain cannot be reached, as on a bare server.
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus',
        NO_KEYCHAIN_DIR: data,
      };
      delete env.GNOME_KEYRING_CONTROL;
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', join(process.cwd(), 'test/fixtures/no-keychain-child.ts')],
        { env, timeout: 120_000 },
      );
      const said = JSON.parse(stdout.trim().split('\n').at(-1)!) as {
        accounts: { label: string; isDemo: boolean }[];
        threads: number;
        refused: { kind: string; message: string };
      };
      expect(said.accounts).toEqual([expect.objectContaining({ label: 'Demo', isDemo: true })]);
      expect(said.threads).toBeGreaterThan(0);
      expect(said.refused.kind).toBe('not_supported');
      expect(said.refused.message).toMatch(/Nothing was saved/);
      expect(said.refused.message).toMatch(/Secret Service/);
      expect(said.refused.message).toMatch(/Demo workspace works without one/);
    } finally {
      rmSync(data, { recursive: true, force: true });
    }
  });
});
