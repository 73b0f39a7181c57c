// Where a store that heals, or cannot open, meets the rest of the app: the registry keeps every
// account whatever one store does, a Rebuild never leaves the account on the file it moved aside,
// the rep's local marks (drafts, snoozes, read marks) travel into the fresh store, the notice of
// what happened outlives a restart, and an outbox id is never given twice.
import { writeFileSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type {
  Account,
  AcceptResult,
  OutboxEntry,
  SentChange,
  TriageResult,
} from '../../electron/shared/contract';
import { checkFile } from '../../electron/core/store/heal';
import { startSandbox, type Sandbox } from '../../electron/sandbox/index';
import { openRig, type AppRig } from './fixtures/app-rig';
import { until } from './fixtures/until';

let dir: string;
let sb: Sandbox;
let rig: AppRig;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'triage-seams-store-'));
  sb = await startSandbox({ port: 0, seed: 37, threads: 40, leads: 60, campaigns: 4, rateLimit: false });
  // The reader thread lets go of a replaced file by a message round trip: a moment in which the
  // window's calls arrive (as they do right after the data.changed that a Rebuild's stop sends).
  rig = await openRig(dir, {
    storeCheck: {
      check: async (file) => checkFile(file),
      forget: () => new Promise((r) => setTimeout(r, 30)),
    },
  });
});
// Each test leaves no account behind, even when it fails (a twin would refuse the next add).
afterEach(async () => {
  sb.setFaults(null);
  for (const a of await rig.call<Account[]>('accounts.list', {}))
    await rig.call('accounts.remove', { accountId: a.id });
});
afterAll(async () => {
  await rig?.close();
  await sb?.close();
  rmSync(dir, { recursive: true, force: true });
});

const registryFile = (): string => join(dir, 'app', 'accounts.json');

describe('one store that cannot open', () => {
  it('keeps every account, the healthy ones working, across a restart (bug: the registry failed whole)', async () => {
    const a = await rig.addSynced('Future', sb, sb.teamIds[0]);
    const b = await rig.addSynced('Healthy', sb, sb.teamIds[1]);
    await rig.app.close();
    const db = new Database(rig.storeOf(a.id, sb.teamIds[0]));
    db.pragma('user_version = 999');
    db.close();
    await rig.restart();
    await until('the store_failed state', async () => {
      await rig.call('threads.counts', { accountId: a.id }).catch(() => undefined);
      return (await rig.account(a.id))?.state === 'store_failed';
    });
    // The next start still knows both accounts, and the healthy one reads its threads.
    await rig.restart();
    expect((await rig.account(a.id))?.label).toBe('Future');
    expect((await rig.account(b.id))?.label).toBe('Healthy');
    expect((await rig.rows(b.id)).length).toBeGreaterThan(0);
    await rig.call('accounts.remove', { accountId: a.id });
    await rig.call('accounts.remove', { accountId: b.id });
  });

  it('a registry with one unreadable account keeps the others and sets the bad one aside', async () => {
    const b = await rig.addSynced('Kept', sb, sb.teamIds[1]);
    await rig.app.close();
    const file = JSON.parse(readFileSync(registryFile(), 'utf8')) as { accounts: unknown[] };
    file.accounts.push({ id: '../../etc', label: 7 });
    writeFileSync(registryFile(), JSON.stringify(file));
    await rig.restart();
    expect((await rig.account(b.id))?.label).toBe('Kept');
    expect((await rig.rows(b.id)).length).toBeGreaterThan(0);
    await rig.call('accounts.remove', { accountId: b.id });
  });
});

describe('a Rebuild', () => {
  it('never leaves the account on the moved file: calls during it are refused as a repair, the verdicts after it live in the new file only', async () => {
    const a = await rig.addSynced('Rebuilt', sb, sb.teamIds[0]);
    const open = (await rig.rows(a.id)).filter((t) => t.status === 'open');
    const t2 = open[1]!;
    // The window keeps asking while the Rebuild runs.
    let rebuilding = true;
    const asked: Promise<unknown>[] = [];
    const rebuild = rig.call('accounts.repair', { accountId: a.id, action: 'rebuild' }).finally(() => {
      rebuilding = false;
    });
    while (rebuilding) {
      asked.push(rig.refusal('threads.counts', { accountId: a.id }));
      asked.push(rig.refusal('unified.list', { view: 'inbox', offset: 0, limit: 50 }));
      await new Promise((r) => setTimeout(r, 2));
    }
    await rebuild;
    const refusals = (await Promise.all(asked)).filter((r) => r !== null);
    for (const r of refusals) expect((r as { message: string }).message).toMatch(/repair|rebuil/i);
    const moved = rig.brokenOf(a.id).find((f) => f.endsWith('.sqlite'))!;
    const movedFile = join(dir, 'app', 'accounts', a.id, 'broken', moved);
    const movedSize = statSync(movedFile).size;
    // The verdict after the Rebuild (once the thread is back) is in the file the account now uses,
    // and the moved file is never written again.
    await until('the thread refilled', async () => (await rig.rows(a.id)).some((t) => t.id === t2.id));
    await rig.call('threads.setStatus', { accountId: a.id, threadId: t2.id, status: 'not_interested' });
    await rig.call('sync.now', { accountId: a.id });
    const old = new Database(movedFile, { readonly: true });
    const inOld = old.prepare(`SELECT count(*) FROM outbox WHERE target_id = ?`).pluck().get(t2.id);
    old.close();
    expect(inOld).toBe(0);
    expect(statSync(movedFile).size).toBe(movedSize);
    await rig.restart();
    await until('the verdict kept and on the service', async () => {
      const shown = (await rig.rows(a.id)).find((t) => t.id === t2.id)?.status;
      const r = await fetch(`${sb.url}/inbox/${t2.id}`, {
        headers: { 'x-api-key': sb.apiKey, 'x-workspace': sb.teamIds[0]! },
      });
      const onService = ((await r.json()) as { status: string }).status;
      return shown === 'not_interested' && onService === 'not_interested';
    });
  });

  it('carries drafts, snoozes and read marks into the fresh store, and says what it kept', async () => {
    const a = await rig.addSynced('Marks', sb, sb.teamIds[0]);
    const open = (await rig.rows(a.id)).filter((t) => t.status === 'open');
    const [drafted, snoozed, read] = [open[0]!, open[1]!, open[2]!];
    const until1 = new Date(Date.now() + 3 * 86_400_000).toISOString();
    await rig.call('drafts.save', {
      accountId: a.id,
      threadId: drafted.id,
      bodyHtml: '<p>Half a thought</p>',
    });
    await rig.call('threads.snooze', { accountId: a.id, threadIds: [snoozed.id], until: until1 });
    // One read mark each way: whichever the thread had, the rep turned it.
    const toRead = read.id;
    const flipped = !read.unread;
    await rig.call('threads.markRead', { accountId: a.id, threadIds: [toRead], read: !flipped });
    const before = new Map((await rig.rows(a.id)).map((t) => [t.id, t]));

    await rig.call('accounts.repair', { accountId: a.id, action: 'rebuild' });
    await until('the list refilled', async () => (await rig.rows(a.id)).length === before.size);
    const notice = (await rig.account(a.id))?.notice ?? '';
    expect(notice).toMatch(/draft/);
    const after = new Map((await rig.rows(a.id)).map((t) => [t.id, t]));
    expect(after.get(snoozed.id)?.snoozedUntil).toBe(until1);
    expect(after.get(toRead)?.unread).toBe(flipped);
    for (const [id, t] of before) expect(after.get(id)?.unread, `read mark of ${id}`).toBe(t.unread);
    const detail = await rig.call<{ draft: string | null }>('threads.get', {
      accountId: a.id,
      threadId: drafted.id,
    });
    expect(detail.draft).toBe('<p>Half a thought</p>');
    await rig.call('accounts.remove', { accountId: a.id });
  });

  it('keeps the notice of where the old file went across a restart, until dismissed', async () => {
    const a = await rig.addSynced('Notice', sb, sb.teamIds[0]);
    await rig.call('accounts.repair', { accountId: a.id, action: 'rebuild' });
    const notice = (await rig.account(a.id))?.notice;
    expect(notice).toMatch(/broken/);
    await rig.restart();
    expect((await rig.account(a.id))?.notice).toBe(notice);
    await rig.call('accounts.repair', { accountId: a.id, action: 'dismiss' });
    await rig.restart();
    expect((await rig.account(a.id))?.notice ?? null).toBeNull();
    await rig.call('accounts.remove', { accountId: a.id });
  });

  it('never gives a new change the id of one the window still holds (an undo would take the wrong one back)', async () => {
    const a = await rig.addSynced('Ids', sb, sb.teamIds[0]);
    const open = (await rig.rows(a.id)).filter((t) => t.status === 'open');
    const r = await rig.call<TriageResult>('threads.setStatus', {
      accountId: a.id,
      threadId: open[0]!.id,
      status: 'interested',
    });
    expect(r.previous).toHaveLength(1);
    await until(
      'sent',
      async () => (await rig.call<OutboxEntry[]>('outbox.list', { accountId: a.id })).length === 0,
    );
    const sentIds = (await rig.call<SentChange[]>('outbox.sent', { accountId: a.id })).map((e) => e.id);
    expect(sentIds.length).toBeGreaterThan(0);
    await rig.call('accounts.repair', { accountId: a.id, action: 'rebuild' });
    await until('refilled', async () => (await rig.rows(a.id)).some((t) => t.id === open[1]!.id));
    sb.setFaults('500:1');
    await rig.call('threads.setStatus', { accountId: a.id, threadId: open[1]!.id, status: 'interested' });
    const fresh = (await rig.call<OutboxEntry[]>('outbox.list', { accountId: a.id })).filter(
      (e) => e.targetId === open[1]!.id,
    );
    sb.setFaults(null);
    expect(fresh).toHaveLength(1);
    expect(sentIds).not.toContain(fresh[0]!.id);
    expect(fresh[0]!.id).toBeGreaterThan(Math.max(...sentIds));
    await rig.call('accounts.remove', { accountId: a.id });
  });
});

describe('adding a workspace that is already here', () => {
  it('is refused with the name it has, so no thread is listed twice', async () => {
    const a = await rig.addSynced('Twin', sb, sb.teamIds[0]);
    const again = await rig.refusal('accounts.add', {
      label: 'Twin again',
      baseUrl: sb.url,
      apiKey: sb.apiKey,
      workspaceId: sb.teamIds[0],
    });
    expect(again?.message).toMatch(/already/);
    expect(again?.message).toContain('Twin');
    await rig.call('accounts.remove', { accountId: a.id });
  });
});

// A suggestion accepted before a Rebuild keeps its snooze through it, so the prospect comes back
// to the Inbox on the day they return.
describe('an accepted absence through a Rebuild', () => {
  it('stays snoozed until the prospect is back', async () => {
    const a = await rig.addSynced('Absent', sb, sb.teamIds[1]);
    const ooo = await until('an absence suggested', async () =>
      (await rig.rows(a.id, 'inbox')).find((t) => t.suggestion?.status === 'out_of_office'),
    );
    const accepted = await rig.call<AcceptResult>('threads.acceptSuggestions', {
      accountId: a.id,
      threadIds: [ooo.id],
    });
    expect(accepted.previous).toHaveLength(1);
    const snoozedUntil = (await rig.rows(a.id)).find((t) => t.id === ooo.id)!.snoozedUntil;
    expect(snoozedUntil).not.toBeNull();
    await until(
      'sent',
      async () => (await rig.call<OutboxEntry[]>('outbox.list', { accountId: a.id })).length === 0,
    );
    await rig.call('accounts.repair', { accountId: a.id, action: 'rebuild' });
    const back = await until('refilled', async () => (await rig.rows(a.id)).find((t) => t.id === ooo.id));
    expect(back.status).toBe('out_of_office');
    expect(back.snoozedUntil).toBe(snoozedUntil);
    expect(statSync(rig.storeOf(a.id, sb.teamIds[1])).size).toBeGreaterThan(0);
    await rig.call('accounts.remove', { accountId: a.id });
  });
});

describe('an account removed while All inboxes is shown', () => {
  it('answers every read made meanwhile with the accounts still here, never a failure inside the app', async () => {
    const a = await rig.addSynced('Stays', sb, sb.teamIds[0]);
    const b = await rig.addSynced('Goes', sb, sb.teamIds[1]);
    const aRows = (await rig.rows(a.id)).length;
    let removing = true;
    const reads: Promise<{ kind: string; message: string } | null>[] = [];
    const removal = rig.call('accounts.remove', { accountId: b.id }).finally(() => {
      removing = false;
    });
    while (removing) {
      reads.push(rig.refusal('unified.list', { view: 'all', offset: 0, limit: 100, withCounts: true }));
      reads.push(rig.refusal('unified.search', { query: 'a', limit: 10 }));
      await new Promise((r) => setTimeout(r, 1));
    }
    await removal;
    for (const r of await Promise.all(reads)) expect(r?.kind ?? 'ok').not.toBe('internal');
    const after = await rig.call<{ total: number; rows: { accountId?: string }[] }>('unified.list', {
      view: 'all',
      offset: 0,
      limit: 500,
    });
    expect(after.total).toBe(aRows);
    expect(after.rows.every((r) => r.accountId === a.id)).toBe(true);
  });
});
