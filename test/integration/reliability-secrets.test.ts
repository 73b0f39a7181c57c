// Secrets: a full session through the app's dispatcher (add an account, sync, triage, reply,
// rename, signature, failures on purpose, logs at debug level), then the API key's bytes are
// searched for in every file under the data directory, every log line, every result and event
// sent to the renderer, and every error text. Removing the account removes it from the keychain.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account, Channel } from '../../electron/shared/contract';
import { createApp, type TriageApp } from '../../electron/core/app';
import { createKeychain } from '../../electron/core/accounts/keychain';
import { startSandbox, type Sandbox } from '../../electron/sandbox/index';

// A key with a shape no other string in a session has, so any occurrence is a leak.
const API_KEY = `sk_test_${randomBytes(20).toString('hex')}`;
const SERVICE = `Outreach Triage test ${randomBytes(6).toString('hex')}`;

let sandbox: Sandbox;
let dataDir: string;
let app: TriageApp;
const sentToRenderer: string[] = [];
const errorTexts: string[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({
    port: 0,
    seed: 3,
    threads: 60,
    leads: 100,
    campaigns: 4,
    apiKey: API_KEY,
    rateLimit: false,
  });
  dataDir = mkdtempSync(join(tmpdir(), 'triage-secrets-'));
  app = createApp({ dataDir, keychainService: SERVICE, logLevel: 'debug', openExternal: async () => false });
  await app.ready();
  app.on((name, payload) => void sentToRenderer.push(JSON.stringify({ name, payload })));
});

afterAll(async () => {
  await app?.close();
  await sandbox?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Every call goes through the dispatcher, as the renderer's would; each answer is recorded. */
async function call<T>(channel: Channel, payload: unknown): Promise<T> {
  const env = await app.dispatch(channel, payload);
  sentToRenderer.push(JSON.stringify(env));
  if (!env.ok) {
    errorTexts.push(env.error.message, ...(env.error.issues ?? []).map((i) => i.message));
    throw Object.assign(new Error(env.error.message), { kind: env.error.kind });
  }
  return env.value as T;
}
const attempt = (channel: Channel, payload: unknown): Promise<unknown> =>
  call(channel, payload).catch((e: Error) => e);

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
  );
}

describe('secrets: the API key stays in the keychain', () => {
  it('appears in no file, log, renderer message or error after a full session; removal clears the keychain', async () => {
    const account = await call<Account>('accounts.add', {
      label: 'Work',
      baseUrl: sandbox.url,
      apiKey: API_KEY,
    });
    const a = { accountId: account.id };
    await call('sync.now', a);
    const list = await call<{ rows: { id: string }[] }>('threads.list', {
      ...a,
      view: 'all',
      offset: 0,
      limit: 20,
    });
    expect(list.rows.length).toBeGreaterThan(5);
    const [t1, t2, t3] = list.rows.map((r) => r.id);
    await call('threads.get', { ...a, threadId: t1 });
    await call('threads.setStatus', { ...a, threadId: t1, status: 'interested' });
    await call('threads.setStatusMany', { ...a, threadIds: [t2, t3], status: 'closed' });
    await call('reply.send', { ...a, threadId: t1, bodyHtml: '<p>Thanks, talk soon</p>' });
    await attempt('reply.aiSuggestion', { ...a, threadId: t2 });
    const campaigns = await call<{ id: string }[]>('campaigns.list', a);
    await call('campaigns.rename', {
      ...a,
      campaignId: campaigns[0]!.id,
      name: 'Renamed in the secrets session',
    });
    await attempt('campaigns.dailyStatistics', { ...a, campaignId: campaigns[0]!.id });
    const accounts = await call<{ id: string }[]>('emailAccounts.list', a);
    await call('emailAccounts.update', {
      ...a,
      emailAccountIds: [accounts[0]!.id],
      signature: '<p>Best, Ana</p>',
    });
    await call('search', { ...a, query: 'a', limit: 10 });
    await call('sync.now', a);

    // Failures on purpose: the network down, a wrong key tried, the same key tried again elsewhere.
    await sandbox.suspend();
    await call('threads.setStatus', { ...a, threadId: t2, status: 'open' });
    await call('sync.now', a);
    await attempt('reply.aiSuggestion', { ...a, threadId: t2 });
    await attempt('accounts.test', { baseUrl: sandbox.url, apiKey: API_KEY });
    await sandbox.resume();
    await attempt('accounts.test', { baseUrl: sandbox.url, apiKey: `${API_KEY}-wrong` });
    await attempt('accounts.add', {
      label: 'Bad',
      baseUrl: sandbox.url.replace('127.0.0.1', 'localhost') + '/nope',
      apiKey: API_KEY,
    });
    await attempt('accounts.test', { baseUrl: 'http://example.com/v1', apiKey: API_KEY });
    await call('sync.now', a);
    await call('sync.state', a);
    await call('outbox.list', a);
    await call('accounts.list', {});

    // The key really was in use: the keychain holds it, and the service saw requests.
    const keychain = createKeychain(SERVICE);
    expect(await keychain.get(account.id)).toBe(API_KEY);
    expect(sandbox.stats().requests).toBeGreaterThan(10);

    const needles = [
      Buffer.from(API_KEY, 'utf8'),
      Buffer.from(API_KEY, 'utf16le'),
      Buffer.from(Buffer.from(API_KEY).toString('base64')),
    ];
    // Control: the search does find the key where it is (a file written on purpose, outside the data).
    const control = mkdtempSync(join(tmpdir(), 'triage-secrets-control-'));
    writeFileSync(
      join(control, 'leak.bin'),
      Buffer.concat([randomBytes(64), Buffer.from(API_KEY, 'utf16le'), randomBytes(64)]),
    );
    expect(walk(control).filter((f) => needles.some((n) => readFileSync(f).includes(n)))).toHaveLength(1);
    rmSync(control, { recursive: true, force: true });

    const files = walk(dataDir);
    const leakingFiles = files.filter((f) => {
      const bytes = readFileSync(f);
      return needles.some((n) => bytes.includes(n));
    });
    const logLines = files
      .filter((f) => f.endsWith('.log'))
      .flatMap((f) => readFileSync(f, 'utf8').split('\n').filter(Boolean));
    const leaks = (texts: string[]): string[] => texts.filter((t) => t.includes(API_KEY));

    console.log(
      `reliability secrets: ${files.length} files (${files.reduce((n, f) => n + readFileSync(f).length, 0)} bytes) under the data directory, ` +
        `${logLines.length} log lines, ${sentToRenderer.length} results and events, ${errorTexts.length} error texts searched; ` +
        `key found in ${leakingFiles.length} files, ${leaks(logLines).length} log lines, ${leaks(sentToRenderer).length} renderer messages, ${leaks(errorTexts).length} errors`,
    );
    expect(logLines.length).toBeGreaterThan(10);
    expect(errorTexts.length).toBeGreaterThan(3);
    expect(leakingFiles).toEqual([]);
    expect(leaks(logLines)).toEqual([]);
    expect(leaks(sentToRenderer)).toEqual([]);
    expect(leaks(errorTexts)).toEqual([]);

    await call('accounts.remove', a);
    expect(await keychain.get(account.id)).toBeNull();
    expect(await call<unknown[]>('accounts.list', {})).toEqual([]);
    const after = walk(dataDir).filter((f) => needles.some((n) => readFileSync(f).includes(n)));
    expect(after).toEqual([]);
  });
});
