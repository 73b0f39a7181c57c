// A service that answers badly (10 MB of the wrong shape, JSON nested 100,000 deep, the wrong
// content type, an HTML error page, a body that trickles in forever, a redirect to another host)
// gets a clear, typed error from the client, within a bounded wait, and the account loses nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAccount, type AccountService } from '../../electron/core/account/service';
import { startSandbox, type Sandbox } from '../../electron/sandbox/index';
import { createClient, type ApiClient } from '../../electron/core/api/client';
import { ApiError, type ApiErrorKind } from '../../electron/core/api/errors';
import { startHostileServer, type HostileMode, type HostileServer } from '../reliability/hostile-server';
import { readServer } from '../reliability/session';

let sandbox: Sandbox;
let hostile: HostileServer;
let client: ApiClient;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 11, threads: 40, leads: 80, campaigns: 4, rateLimit: false });
  hostile = await startHostileServer({ upstream: sandbox.url });
  client = createClient({
    baseUrl: hostile.url,
    apiKey: () => sandbox.apiKey,
    // A short total-time bound so the trickling body is cut quickly; few quick retries.
    timeoutMs: 2_000,
    retry: { tries: 2, baseMs: 10, maxMs: 50 },
  });
});

afterAll(async () => {
  await hostile?.close();
  await sandbox?.close();
});

interface Case {
  mode: HostileMode;
  kind: ApiErrorKind;
  message: RegExp;
}

const CASES: Case[] = [
  { mode: 'huge', kind: 'malformed', message: /listing inbox threads|wrong shape/i },
  { mode: 'oversize', kind: 'malformed', message: /too large/i },
  { mode: 'nested', kind: 'malformed', message: /nested too deeply/i },
  { mode: 'nested_field', kind: 'malformed', message: /nested too deeply/i },
  { mode: 'wrong_type', kind: 'malformed', message: /not valid JSON \(text\/html/i },
  { mode: 'html_error', kind: 'transient', message: /answered 502/ },
  { mode: 'trickle', kind: 'transient', message: /did not answer in time/i },
  { mode: 'redirect', kind: 'invalid', message: /redirected to another host/i },
];

describe('hostile server: the client fails clearly', () => {
  it('reads through the proxy when it passes answers on (the control)', async () => {
    hostile.setMode('pass');
    const page = await client.listInbox({ page: 1, limit: 10 });
    expect(page.data).toHaveLength(10);
  });

  const summary: string[] = [];
  for (const c of CASES) {
    it(`${c.mode}: ${c.kind} error with a clear message`, async () => {
      hostile.setMode(c.mode);
      const before = hostile.requests.length;
      const err = await client.listInbox({ page: 1, limit: 10 }).then(
        () => null,
        (e: unknown) => e,
      );
      hostile.setMode('pass');
      expect(err).toBeInstanceOf(ApiError);
      const apiErr = err as ApiError;
      expect(apiErr.kind).toBe(c.kind);
      expect(apiErr.message).toMatch(c.message);
      // Messages are for people: short, no HTML dumped into them, never the key.
      expect(apiErr.message.length).toBeLessThan(400);
      expect(apiErr.message).not.toMatch(/<html|<body|xxxxxxxx|\[\[\[\[/i);
      expect(apiErr.message).not.toContain(sandbox.apiKey);
      expect(hostile.requests.length).toBeGreaterThan(before);
      summary.push(`${c.mode}=${apiErr.kind}`);
    });
  }

  it('never follows a redirect to another host, so the key never leaves', () => {
    expect(hostile.requests.some((r) => r.mode === 'redirect')).toBe(true);
    expect(hostile.otherHostHits).toEqual([]);
  });

  afterAll(() => {
    console.log(
      `reliability hostile-server (client): ${summary.length}/${CASES.length} modes refused cleanly: ${summary.join(', ')}`,
    );
  });
});

describe('hostile server: an account syncing through it loses nothing', () => {
  const ACCOUNT = 'hostile';
  const a = { accountId: ACCOUNT };
  let dir: string;
  let account: AccountService;

  beforeAll(async () => {
    hostile.setMode('pass');
    dir = mkdtempSync(join(tmpdir(), 'triage-hostile-'));
    account = openAccount(
      {
        id: ACCOUNT,
        baseUrl: hostile.url,
        workspaceId: null,
        dir,
        getApiKey: async () => sandbox.apiKey,
        syncIntervalSeconds: 3_600,
      },
      () => undefined,
    );
    await account.syncNow();
    expect((await account.handlers['sync.state'](a)).lastError).toBeNull();
  });

  afterAll(async () => {
    await account?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** What the person sees: every thread, campaign, signature and waiting change. */
  async function view(): Promise<unknown> {
    const h = account.handlers;
    const threads = await h['threads.list']({ ...a, view: 'all', offset: 0, limit: 500 });
    return {
      threads: threads.rows.map((t) => [
        t.id,
        t.status,
        t.subject,
        t.snippet,
        t.messageCount,
        t.lastMessageAt,
        t.pending,
      ]),
      campaigns: (await h['campaigns.list'](a)).map((c) => [c.id, c.name, c.pending]),
      signatures: (await h['emailAccounts.list'](a)).map((e) => [e.id, e.signature]),
      outbox: (await h['outbox.list'](a)).map((e) => [e.id, e.kind, e.targetId, e.summary]),
      messages: (await h['threads.get']({ ...a, threadId: threads.rows[0]!.id }))!.messages.map((m) => [
        m.id,
        m.bodyHtml,
      ]),
    };
  }

  // The trickle is left to the client suite above: its bound is the client's 30 s default here.
  const MODES: HostileMode[] = [
    'huge',
    'oversize',
    'nested',
    'nested_field',
    'wrong_type',
    'html_error',
    'redirect',
  ];
  const outcomes: string[] = [];
  for (const mode of MODES) {
    it(`${mode}: the sync ends with a clear error; the local copy and the outbox are unchanged`, async () => {
      const h = account.handlers;
      const threads = (await h['threads.list']({ ...a, view: 'all', offset: 0, limit: 5 })).rows;
      const campaigns = await h['campaigns.list'](a);
      await h['threads.setStatus']({ ...a, threadId: threads[0]!.id, status: 'meeting_booked' });
      await h['campaigns.rename']({ ...a, campaignId: campaigns[0]!.id, name: `Renamed during ${mode}` });
      const before = await view();
      const outboxBefore = (await h['outbox.list'](a)).length;

      hostile.setMode(mode);
      await account.syncNow();
      hostile.setMode('pass');
      const state = await h['sync.state'](a);
      const after = await view();
      outcomes.push(`${mode}: ${state.lastError ?? 'no error'}`);

      // A clear error names what went wrong with the service's answer (not a bare RangeError).
      expect(state.lastError).toMatch(/service|answer/i);
      expect(state.lastError!.length).toBeLessThan(400);
      expect(state.lastError).not.toContain(sandbox.apiKey);
      expect(after).toEqual(before);
      expect((await h['outbox.list'](a)).length).toBe(outboxBefore);
      expect(hostile.otherHostHits).toEqual([]);

      // With the service behaving again, everything waiting goes through.
      for (const e of await h['outbox.list'](a))
        if (e.state !== 'uncertain') await h['outbox.retry']({ ...a, entryId: e.id });
      await account.syncNow();
      expect((await h['sync.state'](a)).lastError).toBeNull();
      expect((await h['outbox.list'](a)).filter((e) => e.state !== 'uncertain')).toEqual([]);
      const server = await readServer(sandbox.url, sandbox.apiKey);
      expect(server.threads.get(threads[0]!.id)?.status).toBe('meeting_booked');
      expect(server.campaigns.get(campaigns[0]!.id)).toBe(`Renamed during ${mode}`);
    });
  }

  afterAll(() => {
    console.log(
      `reliability hostile-server (account): ${outcomes.length}/${MODES.length} syncs failed cleanly, nothing lost:\n  ${outcomes.join('\n  ')}`,
    );
  });
});
