// Where verdicts meet snoozes, suggestions and undo: an Out of office verdict stays given, a
// suggestion is accepted only for the reply it was made from, and an undo puts the past back
// without counting as a verdict the rep gave.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type {
  Account,
  AcceptResult,
  OutboxEntry,
  SuggestionStats,
  ThreadRow,
  TriageResult,
} from '../../electron/shared/contract';
import { startSandbox, type Sandbox } from '../../electron/sandbox/index';
import { openRig, type AppRig } from './fixtures/app-rig';
import { until } from './fixtures/until';

let dir: string;
let sb: Sandbox;
let rig: AppRig;
let a: Account;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'triage-seams-triage-'));
  sb = await startSandbox({ port: 0, seed: 38, threads: 60, leads: 60, campaigns: 4, rateLimit: false });
  rig = await openRig(dir);
  a = await rig.addSynced('Seams', sb);
});
afterEach(async () => {
  sb.setFaults(null);
  await rig.call('settings.set', { suggestions: true });
});
afterAll(async () => {
  await rig?.close();
  await sb?.close();
  rmSync(dir, { recursive: true, force: true });
});

const row = async (id: string): Promise<ThreadRow> => (await rig.rows(a.id)).find((t) => t.id === id)!;
const waiting = (): Promise<OutboxEntry[]> => rig.call<OutboxEntry[]>('outbox.list', { accountId: a.id });
const settled = (): Promise<boolean> => until('the outbox empty', async () => (await waiting()).length === 0);
const serviceStatus = async (id: string): Promise<string> => {
  const r = await fetch(`${sb.url}/inbox/${id}`, { headers: { 'x-api-key': sb.apiKey } });
  return ((await r.json()) as { status: string }).status;
};

describe('an Out of office verdict on a thread snoozed once before', () => {
  it('stays Out of office after the old snooze ended, across the wake at start (bug: it reopened itself)', async () => {
    const t = (await rig.rows(a.id, 'inbox'))[0]!;
    await rig.call('threads.snooze', {
      accountId: a.id,
      threadIds: [t.id],
      until: new Date(Date.now() + 600).toISOString(),
    });
    await new Promise((r) => setTimeout(r, 900));
    await rig.call('threads.setStatus', { accountId: a.id, threadId: t.id, status: 'out_of_office' });
    await settled();
    // The wake runs at every start (and each minute): the prospect's absence was never accepted.
    await rig.restart();
    await new Promise((r) => setTimeout(r, 300));
    expect((await row(t.id)).status).toBe('out_of_office');
    expect(await waiting()).toEqual([]);
    expect(await serviceStatus(t.id)).toBe('out_of_office');
  });

  it('an accepted absence still comes back to the Inbox when its snooze ends', async () => {
    const t = (await rig.rows(a.id, 'inbox'))[1]!;
    await rig.call('threads.setStatus', { accountId: a.id, threadId: t.id, status: 'out_of_office' });
    await rig.call('threads.snooze', {
      accountId: a.id,
      threadIds: [t.id],
      until: new Date(Date.now() + 600).toISOString(),
    });
    await new Promise((r) => setTimeout(r, 900));
    await rig.restart();
    await until('back in the Inbox', async () => (await row(t.id)).status === 'open');
    expect((await row(t.id)).unread).toBe(true);
  });
});

describe('a suggestion holds for the reply it was made from', () => {
  it('a newer reply drops the old suggestion at once, so `y` cannot accept it (bug: an absence accepted over "remove me")', async () => {
    const t = await until('an absence suggested', async () =>
      (await rig.rows(a.id, 'inbox')).find((r) => r.suggestion?.status === 'out_of_office'),
    );
    // No suggestion pass runs meanwhile: what `y` meets is what the sync left.
    await rig.call('settings.set', { suggestions: false });
    sb.admin.addMessage(t.id, {
      direction: 'inbound',
      bodyHtml: '<p>Please remove me from your list. Do not contact me again.</p>',
    });
    await rig.call('sync.now', { accountId: a.id });
    expect((await row(t.id)).messageCount).toBeGreaterThan(t.messageCount);
    expect((await row(t.id)).suggestion).toBeNull();
    const accepted = await rig.call<AcceptResult>('threads.acceptSuggestions', {
      accountId: a.id,
      threadIds: [t.id],
    });
    expect(accepted.previous).toEqual([]);
    expect((await row(t.id)).status).toBe('open');
    expect((await row(t.id)).snoozedUntil).toBeNull();
    // Its own suggestion, once made, is the removal's.
    await rig.call('settings.set', { suggestions: true });
    const fresh = await until('the new suggestion', async () => (await row(t.id)).suggestion);
    expect(fresh.status).toBe('not_interested');
    expect(fresh.doNotContact).toBe(true);
  });
});

describe('undo puts the past back, and is not a verdict', () => {
  it('undoing a verdict over a verdict the rep never gave records none and counts nothing', async () => {
    const statsBefore = await rig.call<SuggestionStats>('threads.suggestionStats', { accountId: a.id });
    // A thread the service gave a verdict to (not the rep), with a suggestion of its own.
    const target = await until('a triaged thread with a suggestion', async () =>
      (await rig.rows(a.id)).find((r) => r.status !== 'open' && r.status !== 'closed' && r.suggestion),
    );
    // The rep overrides what the thread shows, then undoes it.
    const given = target.suggestion!.status === 'not_interested' ? 'interested' : 'not_interested';
    const r = await rig.call<TriageResult>('threads.setStatus', {
      accountId: a.id,
      threadId: target.id,
      status: given,
    });
    await rig.call('threads.restoreStatuses', { accountId: a.id, previous: r.previous });
    expect((await row(target.id)).status).toBe(target.status);
    expect(await rig.call<SuggestionStats>('threads.suggestionStats', { accountId: a.id })).toEqual(
      statsBefore,
    );
  });

  it('undoing an accept puts back the verdict the thread carried before, and counts no acceptance', async () => {
    const t = await until('a thread with a suggestion', async () =>
      (await rig.rows(a.id, 'inbox')).find(
        (r) => r.suggestion && r.suggestion.status !== 'out_of_office' && !r.suggestion.doNotContact,
      ),
    );
    const other = t.suggestion!.status === 'interested' ? 'meeting_booked' : 'interested';
    // An earlier verdict, then the thread reopened (as the service or a wake may): its outcome stays.
    await rig.call('threads.setStatus', { accountId: a.id, threadId: t.id, status: other });
    const stats1 = await rig.call<SuggestionStats>('threads.suggestionStats', { accountId: a.id });
    await settled();
    sb.admin.setThreadStatus(t.id, 'open');
    await rig.call('sync.now', { accountId: a.id });
    await until('open again', async () => (await row(t.id)).status === 'open');
    await until('suggested again', async () => (await row(t.id)).suggestion);
    const accepted = await rig.call<AcceptResult>('threads.acceptSuggestions', {
      accountId: a.id,
      threadIds: [t.id],
    });
    expect(accepted.previous).toHaveLength(1);
    await rig.call('threads.restoreAccepted', {
      accountId: a.id,
      previous: accepted.previous,
      dncOutboxIds: accepted.dncOutboxIds,
    });
    expect((await row(t.id)).status).toBe('open');
    expect(await rig.call<SuggestionStats>('threads.suggestionStats', { accountId: a.id })).toEqual(stats1);
  });
});
