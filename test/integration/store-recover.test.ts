// A damaged local store never leaves a dead window: through the app as the window calls it, with the
// real keychain, SQLite on disk and the built-in service. A file whose header was overwritten heals
// at start (its waiting verdicts kept and then sent), one damaged in the middle heals once the
// check after start finds it, one from a newer app is refused untouched while the other account
// works, and Rebuild from the service starts it afresh with the old file kept.
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account, Envelope } from '../../electron/shared/contract';
import { createApp, type TriageApp } from '../../electron/core/app';
import { startSandbox, type Sandbox } from '../../electron/sandbox/index';

const keychainService = `Outreach Triage test ${randomBytes(6).toString('hex')}`;
let dir: string;
let sandbox: Sandbox;
let app: TriageApp;

async function call<T>(channel: string, payload: unknown): Promise<T> {
  const answer = (await app.dispatch(channel, payload)) as Envelope<T>;
  if (!answer.ok) throw Object.assign(new Error(answer.error.message), { kind: answer.error.kind });
  return answer.value;
}
async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>): Promise<T> {
  for (let i = 0; i < 600; i++) {
    const value = await probe().catch(() => null);
    if (value) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`gave up waiting for ${what}`);
}
const account = async (id: string): Promise<Account> =>
  (await call<Account[]>('accounts.list', {})).find((a) => a.id === id)!;
/** The account's one store file (data-default.sqlite, or data-<workspace>.sqlite). */
const storeOf = (id: string): string => {
  const folder = join(dir, 'app', 'accounts', id);
  return join(
    folder,
    readdirSync(folder).find((f) => /^data-.*\.sqlite$/.test(f))!,
  );
};
const brokenOf = (id: string): string[] => {
  const folder = join(dir, 'app', 'accounts', id, 'broken');
  return existsSync(folder) ? readdirSync(folder) : [];
};
function overwrite(file: string, offset: number, length: number): void {
  const fd = openSync(file, 'r+');
  writeSync(fd, Buffer.alloc(length, 0x5a), 0, length, offset);
  closeSync(fd);
}
const restart = async (): Promise<void> => {
  await app.close();
  app = createApp({ dataDir: join(dir, 'app'), keychainService });
  await app.ready();
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'triage-recover-'));
  sandbox = await startSandbox({ port: 0, seed: 21, threads: 60, leads: 80, campaigns: 4, rateLimit: false });
  app = createApp({ dataDir: join(dir, 'app'), keychainService });
  await app.ready();
});
afterAll(async () => {
  for (const a of await call<Account[]>('accounts.list', {}).catch(() => []))
    await call('accounts.remove', { accountId: a.id }).catch(() => undefined);
  await app.close();
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

async function addSynced(label: string, workspaceId?: string): Promise<Account> {
  const added = await call<Account>('accounts.add', {
    label,
    baseUrl: sandbox.url,
    apiKey: sandbox.apiKey,
    ...(workspaceId ? { workspaceId } : {}),
  });
  await call('sync.now', { accountId: added.id });
  return added;
}
const inbox = (accountId: string) =>
  call<{ total: number; rows: { id: string; status: string }[] }>('threads.list', {
    accountId,
    view: 'all',
    offset: 0,
    limit: 500,
  });

describe('a damaged store heals itself and says so', () => {
  it('a header overwritten while the app was closed: healed at start, the waiting verdicts kept and sent, the list refilled', async () => {
    const a = await addSynced('Header');
    const before = (await inbox(a.id)).rows;
    // Three verdicts that cannot reach the service yet (it refuses everything for now).
    sandbox.setFaults('500:1');
    const picked = before.filter((t) => t.status === 'open').slice(0, 3);
    for (const t of picked)
      await call('threads.setStatus', { accountId: a.id, threadId: t.id, status: 'not_interested' });
    await app.close();
    overwrite(storeOf(a.id), 0, 100);
    sandbox.setFaults(null);
    app = createApp({ dataDir: join(dir, 'app'), keychainService });
    await app.ready();

    const healed = await until('the notice', async () => (await account(a.id)).notice);
    expect(healed).toMatch(/damaged/);
    expect(healed).toMatch(/3 changes waiting to be sent were saved/);
    expect(healed).toContain(join('accounts', a.id, 'broken'));
    expect(brokenOf(a.id).some((f) => f.endsWith('.sqlite'))).toBe(true);
    // The fresh copy is filled by a full sync, and the kept verdicts reach the service.
    await until('the list refilled', async () => (await inbox(a.id)).total === before.length);
    for (const t of picked)
      await until(`the verdict on ${t.id}`, async () => {
        const r = await fetch(`${sandbox.url}/inbox/${t.id}`, { headers: { 'x-api-key': sandbox.apiKey } });
        return ((await r.json()) as { status: string }).status === 'not_interested';
      });
    expect((await account(a.id)).state).toBe('ok');
    // Dismissed, the notice is gone for good.
    await call('accounts.repair', { accountId: a.id, action: 'dismiss' });
    await restart();
    expect((await account(a.id)).notice ?? null).toBeNull();
    await call('accounts.remove', { accountId: a.id });
  });

  it('a page damaged in the middle: the check after start finds it and the account heals without a restart', async () => {
    const a = await addSynced('Middle');
    const total = (await inbox(a.id)).total;
    await app.close();
    const file = storeOf(a.id);
    const db = new Database(file, { readonly: true });
    const leaf = db
      .prepare(`SELECT pageno FROM dbstat WHERE name = 'threads' AND pagetype = 'leaf' ORDER BY pageno`)
      .pluck()
      .all() as number[];
    db.close();
    overwrite(file, (leaf[Math.floor(leaf.length / 2)]! - 1) * 4096 + 200, 3000);
    app = createApp({ dataDir: join(dir, 'app'), keychainService });
    await app.ready();
    const notice = await until('the notice', async () => (await account(a.id)).notice);
    expect(notice).toMatch(/check found/);
    await until('the list refilled', async () => (await inbox(a.id)).total === total);
    const fresh = new Database(file, { readonly: true });
    expect(fresh.pragma('integrity_check', { simple: true })).toBe('ok');
    fresh.close();
    await call('accounts.remove', { accountId: a.id });
  });

  it('a file from a newer app: refused untouched and said, the other account works, Rebuild starts it afresh', async () => {
    const a = await addSynced('Future', sandbox.teamIds[0]);
    const b = await addSynced('Other', sandbox.teamIds[1]);
    await app.close();
    const db = new Database(storeOf(a.id));
    db.pragma('user_version = 999');
    db.close();
    const sizeBefore = statSync(storeOf(a.id)).size;
    app = createApp({ dataDir: join(dir, 'app'), keychainService });
    await app.ready();

    const failed = await until('the state', async () => {
      await call('threads.counts', { accountId: a.id }).catch(() => undefined);
      const acc = await account(a.id);
      return acc.state === 'store_failed' ? acc : null;
    });
    expect(failed.stateMessage).toMatch(/newer version of Outreach Triage/);
    expect(failed.stateMessage).toMatch(/Rebuild from the service/);
    const refused = await call('threads.list', {
      accountId: a.id,
      view: 'inbox',
      offset: 0,
      limit: 10,
    }).catch((e: { kind: string; message: string }) => e);
    expect(refused).toMatchObject({ kind: 'storage' });
    expect(statSync(storeOf(a.id)).size).toBe(sizeBefore);
    expect(brokenOf(a.id)).toEqual([]);
    // The other account is whole.
    expect((await inbox(b.id)).total).toBeGreaterThan(0);

    await call('accounts.repair', { accountId: a.id, action: 'rebuild' });
    expect((await account(a.id)).state).toBe('ok');
    expect(brokenOf(a.id).some((f) => f.endsWith('.sqlite'))).toBe(true);
    await until('the list refilled', async () => (await inbox(a.id)).total > 0);
  });
});
