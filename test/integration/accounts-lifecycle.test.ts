// Adding and removing a real account against the sandbox with the real keychain: a refused key
// stores nothing, an accepted key goes to the keychain (and only there) and sync starts, removing
// the account takes the key and the local files away. The key never shows in a result or event.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import keytar from 'keytar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account, Envelope } from '../../electron/shared/contract';
import { createApp, type TriageApp } from '../../electron/core/app';
import { startSandbox, type Sandbox } from '../../electron/sandbox/index';
import { until } from './fixtures/until';

const service = `Outreach Triage test ${randomBytes(6).toString('hex')}`;
const apiKey = `live_${randomBytes(20).toString('hex')}`;
let dir: string;
let sandbox: Sandbox;
let app: TriageApp;
const seen: unknown[] = [];

async function call(channel: string, payload: unknown): Promise<Envelope<unknown>> {
  const answer = await app.dispatch(channel, payload);
  seen.push(answer);
  return answer;
}

function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  return readdirSync(path).flatMap((name) => {
    const full = join(path, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'triage-accounts-'));
  sandbox = await startSandbox({
    port: 0,
    seed: 11,
    threads: 40,
    leads: 60,
    campaigns: 4,
    apiKey,
    rateLimit: false,
  });
  app = createApp({ dataDir: join(dir, 'app'), keychainService: service });
  app.on((name, payload) => seen.push({ name, payload }));
});

afterAll(async () => {
  await app.close();
  await sandbox.close();
  for (const c of await keytar.findCredentials(service)) await keytar.deletePassword(service, c.account);
  rmSync(dir, { recursive: true, force: true });
});

describe('accounts against the sandbox', () => {
  let account: Account;

  it('refuses a wrong key with a clear message and stores nothing', async () => {
    const answer = await call('accounts.add', {
      label: 'Work',
      baseUrl: sandbox.url,
      apiKey: 'not-the-key-12345',
    });
    expect(answer).toEqual({
      ok: false,
      error: { kind: 'auth', message: expect.stringMatching(/^The service refused this API key\. Check /) },
    });
    expect(await keytar.findCredentials(service)).toEqual([]);
    expect(await call('accounts.list', {})).toEqual({ ok: true, value: [] });
    expect(existsSync(join(dir, 'app', 'accounts'))).toBe(false);
  });

  it('refuses a plain-http base URL that is not this computer', async () => {
    const answer = await call('accounts.add', {
      label: 'Work',
      baseUrl: 'http://api.example.com/v1',
      apiKey,
    });
    expect(answer).toMatchObject({
      ok: false,
      error: { kind: 'validation', message: expect.stringMatching(/https/) },
    });
    expect(await keytar.findCredentials(service)).toEqual([]);
  });

  it('tests a key without storing anything and lists its workspaces', async () => {
    const answer = await call('accounts.test', { baseUrl: sandbox.url, apiKey });
    expect(answer).toEqual({ ok: true, value: { workspaces: sandbox.teams } });
    expect(await keytar.findCredentials(service)).toEqual([]);
  });

  it('adds an account with a right key: key in the keychain only, sync starts', async () => {
    const team = sandbox.teams[0]!;
    const answer = await call('accounts.add', {
      label: 'Work',
      baseUrl: sandbox.url,
      apiKey,
      workspaceId: team.id,
    });
    expect(answer.ok).toBe(true);
    account = (answer as { value: Account }).value;
    expect(account).toMatchObject({
      label: 'Work',
      baseUrl: sandbox.url,
      workspaceId: team.id,
      workspaceName: team.name,
      isDemo: false,
    });
    expect(await keytar.getPassword(service, account.id)).toBe(apiKey);
    expect(readFileSync(join(dir, 'app', 'accounts.json'), 'utf8')).not.toContain(apiKey);

    const synced = await until('the first sync', async () => {
      const state = await call('sync.state', { accountId: account.id });
      return state.ok && (state.value as { lastSyncedAt: string | null }).lastSyncedAt ? state : null;
    });
    expect(synced.ok).toBe(true);
    const list = await call('threads.list', { accountId: account.id, view: 'all', offset: 0, limit: 10 });
    expect(list.ok && (list.value as { total: number }).total).toBeGreaterThan(0);
  });

  it('lists the workspaces of a stored account and switches to another', async () => {
    expect(await call('accounts.workspaces', { accountId: account.id })).toEqual({
      ok: true,
      value: sandbox.teams,
    });
    const other = sandbox.teams[1]!;
    const answer = await call('accounts.chooseWorkspace', { accountId: account.id, workspaceId: other.id });
    expect(answer).toMatchObject({ ok: true, value: { workspaceId: other.id, workspaceName: other.name } });
  });

  it('refuses a wrong replacement key and keeps the stored one', async () => {
    const answer = await call('accounts.updateKey', { accountId: account.id, apiKey: 'still-not-the-key' });
    expect(answer).toEqual({
      ok: false,
      error: { kind: 'auth', message: expect.stringMatching(/^The service refused this API key\. Check /) },
    });
    expect(await keytar.getPassword(service, account.id)).toBe(apiKey);
    expect(await call('accounts.updateKey', { accountId: account.id, apiKey })).toMatchObject({
      ok: true,
      value: { id: account.id, state: 'ok' },
    });
  });

  it('routes an unknown account id to not_found', async () => {
    expect(await call('threads.counts', { accountId: 'acc_missing' })).toMatchObject({
      ok: false,
      error: { kind: 'not_found' },
    });
  });

  it('never puts the key in a result, an event, the log or the local database', async () => {
    await call('sync.now', { accountId: account.id });
    const recorded = JSON.stringify(seen);
    expect(recorded).not.toContain(apiKey);
    for (const file of filesUnder(join(dir, 'app'))) {
      expect(readFileSync(file).includes(Buffer.from(apiKey)), file).toBe(false);
    }
  });

  it('removes the account: key gone from the keychain, local files gone', async () => {
    const accountDir = join(dir, 'app', 'accounts', account.id);
    expect(existsSync(accountDir)).toBe(true);
    expect(await call('accounts.remove', { accountId: account.id })).toEqual({ ok: true, value: undefined });
    expect(await keytar.getPassword(service, account.id)).toBeNull();
    expect(await keytar.findCredentials(service)).toEqual([]);
    expect(existsSync(accountDir)).toBe(false);
    expect(await call('accounts.list', {})).toEqual({ ok: true, value: [] });
    expect(seen.some((e) => JSON.stringify(e).includes('"scopes":["accounts"]'))).toBe(true);
  });
});
