// A service that answers badly (10 MB of the wrong shape, JSON nested 100,000 deep, the wrong
// content type, an HTML error page, a body that trickles in forever, a redirect to another host)
// gets a clear, typed error from the client, within a bounded wait, and the account loses nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../electron/sandbox/index';
import { createClient, type ApiClient } from '../../electron/core/api/client';
import { ApiError, type ApiErrorKind } from '../../electron/core/api/errors';
import { startHostileServer, type HostileMode, type HostileServer } from '../reliability/hostile-server';

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
  { mode: 'nested', kind: 'malformed', message: /wrong shape/i },
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
