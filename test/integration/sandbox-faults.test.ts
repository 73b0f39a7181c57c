// Faults on demand and the rate limit, observed the way a client meets them: over fresh
// loopback connections, classifying each answer.
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../electron/sandbox/index';
import { call, SMALL } from './sandbox-client';

type Outcome = 'ok' | 'reset' | 'truncate' | '429' | '500' | '400' | 'malformed' | 'wrongtype' | 'other';

let open: Sandbox[] = [];
afterEach(async () => {
  await Promise.all(open.map((s) => s.close()));
  open = [];
});
async function start(opts: Parameters<typeof startSandbox>[0]) {
  const sb = await startSandbox(opts);
  open.push(sb);
  return sb;
}

/** One GET /campaigns?limit=1 on its own connection, with how long it took. */
function probe(sb: Sandbox): Promise<{ outcome: Outcome; ms: number }> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const done = (outcome: Outcome) => resolve({ outcome, ms: performance.now() - t0 });
    const req = request(
      `${sb.url}/campaigns?limit=1`,
      { headers: { 'x-api-key': sb.apiKey }, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('aborted', () => done('truncate'));
        res.on('error', () => done('truncate'));
        res.on('end', () => {
          if (!res.complete) return done('truncate');
          if (res.statusCode === 429) return done('429');
          if (res.statusCode === 500) return done('500');
          if (res.statusCode === 400) return done('400');
          if (res.statusCode !== 200) return done('other');
          let body: { data: Record<string, unknown>[]; pagination: Record<string, unknown> };
          try {
            body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            return done('malformed');
          }
          const c = body.data[0]!;
          const typesOk =
            Object.values(body.pagination).every((v) => typeof v === 'number') &&
            ['_id', 'name', 'status', 'createdAt', 'updatedAt'].every((k) => typeof c[k] === 'string') &&
            Array.isArray(c.emailAccounts) &&
            Array.isArray(c.tags) &&
            typeof c.dailyLimit === 'number' &&
            typeof c.schedule === 'object';
          done(typesOk ? 'ok' : 'wrongtype');
        });
      },
    );
    req.on('error', () => done('reset'));
    req.end();
  });
}

async function run(sb: Sandbox, n: number) {
  const tally: Record<string, number> = {};
  const sequence: Outcome[] = [];
  let slow = 0;
  for (let i = 0; i < n; i++) {
    const { outcome, ms } = await probe(sb);
    tally[outcome] = (tally[outcome] ?? 0) + 1;
    sequence.push(outcome);
    if (ms >= 100) slow++;
  }
  return { tally, sequence, slow };
}

describe('injected faults', () => {
  it('each kind occurs at roughly its rate, as the client sees it and as stats() counts it', async () => {
    const sb = await start({
      ...SMALL,
      seed: 3,
      faults:
        'latency=100-120:0.06,429:0.05,500:0.05,400:0.05,reset:0.05,truncate:0.05,malformed:0.05,wrongtype:0.05',
    });
    const n = 600;
    const { tally, slow } = await run(sb, n);
    const faults = sb.stats().faults;
    for (const kind of ['429', '500', '400', 'reset', 'truncate', 'malformed', 'wrongtype']) {
      expect(tally[kind], kind).toBeGreaterThan(n * 0.05 * 0.5);
      expect(tally[kind], kind).toBeLessThan(n * 0.05 * 1.6);
      expect(faults[kind], kind).toBe(tally[kind]);
    }
    expect(tally.other).toBeUndefined();
    const injected = ['429', '500', '400', 'reset', 'truncate', 'malformed', 'wrongtype'].reduce(
      (t, k) => t + faults[k]!,
      0,
    );
    expect(tally.ok).toBe(n - injected);
    expect(faults.latency).toBeGreaterThan(n * 0.06 * 0.5);
    expect(faults.latency).toBeLessThan(n * 0.06 * 1.6);
    // Every delayed request really waited (a lower bound, not a speed claim).
    expect(slow).toBeGreaterThanOrEqual(faults.latency!);
  });

  it('the same seed fails the same requests the same way; another seed differently', async () => {
    const spec = 'all:0.08';
    const a = await run(await start({ ...SMALL, seed: 11, faults: spec }), 100);
    const b = await run(await start({ ...SMALL, seed: 11, faults: spec }), 100);
    const c = await run(await start({ ...SMALL, seed: 12, faults: spec }), 100);
    expect(b.sequence).toEqual(a.sequence);
    expect(c.sequence).not.toEqual(a.sequence);
    expect(new Set(a.sequence).size).toBeGreaterThan(4);
  });

  it('setFaults switches faults on and off at run time, in string or object form', async () => {
    const sb = await start({ ...SMALL, seed: 5 });
    expect((await run(sb, 20)).tally).toEqual({ ok: 20 });
    sb.setFaults({ '500': { rate: 1 } });
    expect((await run(sb, 5)).tally).toEqual({ '500': 5 });
    sb.setFaults('malformed:1');
    expect((await run(sb, 5)).tally).toEqual({ malformed: 5 });
    sb.setFaults(null);
    expect((await run(sb, 5)).tally).toEqual({ ok: 5 });
    expect(() => sb.setFaults('explode:0.5')).toThrow(/unknown kind "explode"/);
    expect(() => sb.setFaults({ reset: { rate: 2 } })).toThrow(/rate/);
  });

  it('a reset hits AFTER a reply is stored (an uncertain reply); a 500 hits BEFORE (nothing stored)', async () => {
    const sb = await start({ ...SMALL, seed: 9 });
    const thread = (await call(sb, 'GET', '/inbox?limit=1')).json.data[0];
    const count = async () => (await call(sb, 'GET', `/inbox/${thread._id}/messages`)).json.pagination.total;
    const before = await count();

    sb.setFaults('reset:1');
    await expect(
      call(sb, 'POST', `/inbox/${thread._id}/reply`, { body: { bodyHtml: 'lost answer' } }),
    ).rejects.toThrow();
    sb.setFaults(null);
    expect(await count()).toBe(before + 1);
    expect(sb.stats().replies.map((r) => r.bodyHtml)).toEqual(['lost answer']);

    sb.setFaults('500:1');
    const failed = await call(sb, 'POST', `/inbox/${thread._id}/reply`, { body: { bodyHtml: 'never sent' } });
    sb.setFaults(null);
    expect(failed.status).toBe(500);
    expect(failed.json.error.code).toBe('internal');
    expect(await count()).toBe(before + 1);
    expect(sb.stats().replies).toHaveLength(1);
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After in whole seconds once the burst is spent', async () => {
    const sb = await start({ ...SMALL, rateLimit: { perSecond: 0.5, burst: 3 } });
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await call(sb, 'GET', '/teams'));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429, 429]);
    const limited = answers[3]!;
    expect(limited.json.error.code).toBe('rate_limited');
    expect(limited.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    expect(Number(limited.headers.get('retry-after'))).toBe(2);
  });

  it('counts per key: an unknown key is refused as unauthorized, not limited', async () => {
    const sb = await start({ ...SMALL, rateLimit: { perSecond: 0.1, burst: 1 } });
    expect((await call(sb, 'GET', '/teams')).status).toBe(200);
    expect((await call(sb, 'GET', '/teams')).status).toBe(429);
    expect((await call({ url: sb.url, apiKey: 'someone-else' }, 'GET', '/teams')).status).toBe(401);
  });

  it('is on by default (50/s, burst 100)', async () => {
    const sb = await start({ threads: 20, leads: 40, campaigns: 4 });
    const started = Date.now();
    const statuses = await Promise.all(
      Array.from({ length: 600 }, () => call(sb, 'GET', '/teams').then((a) => a.status)),
    );
    const seconds = (Date.now() - started) / 1000;
    const ok = statuses.filter((s) => s === 200).length;
    // The burst goes through, and never more than the burst and the rate allow over the time the
    // requests took (a busy machine stretches that time: the bucket refills meanwhile, so whether
    // any was refused depends on it, and is asked only when the rate could not cover them all).
    expect(ok).toBeGreaterThanOrEqual(100);
    expect(ok).toBeLessThanOrEqual(100 + Math.ceil(50 * seconds) + 1);
    if (100 + 50 * seconds < 600) expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
  });
});
