// slowService: a new account's first full sync on a slow service (every answer takes 0.5-1.5 s,
// the sandbox's default rate limit of 50 requests/s), and verdicts given while it runs: each is
// timed from the verdict call in the app to the service holding the new status (read from the
// service's own data, not from the app's confirmation). The verdicts are given at spread moments:
// two while the thread pages land, three while the messages pass runs.
import { join } from 'node:path';
import { openAccount, type AccountService } from '../../../electron/core/account/service';
import { counting429 } from '../lib/api-log';
import { startChild } from '../lib/child';
import { summarize } from '../lib/stats';
import type { Suite } from '../lib/suite';

const LATENCY = 'latency=500-1500:1';
const POLL_MS = 20;
/** Between two verdicts of the same phase: far enough apart to meet the pull at different points. */
const GAP_MS = 3000;
const REACH_TIMEOUT_MS = 120_000;
const BARE_PUTS = 3;

const epochNow = (): number => performance.timeOrigin + performance.now();
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, fn: () => Promise<T | null>, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== null) return v;
    if (Date.now() > end) throw new Error(`slowService: ${what} not reached in ${timeoutMs / 1000} s`);
    await pause(POLL_MS);
  }
}

export const slowServiceSuite: Suite = {
  name: 'slowService',
  specs: [
    {
      key: 'slowService.verdictReaches',
      label: 'a verdict given during a full sync on a slow service (answers 0.5-1.5 s) reaches it',
      unit: 'ms',
      target: { on: 'value', op: '<=', bound: 3000 },
      bareLabel: 'one PUT of a thread’s status to the idle slow service (median of 3)',
      ratio: 'value/bare',
    },
  ],
  async run(ctx) {
    const size = ctx.scale.sync;
    ctx.log(`slowService: starting a slow, rate-limited sandbox (${size.threads} threads)`);
    const child = await startChild('suites/firstSync-child.ts');
    let service: AccountService | null = null;
    try {
      const sb = await child.call<{ baseUrl: string; apiKey: string; seedSeconds: number }>('start', {
        size,
        dir: join(ctx.tmp, 'sandbox-slow-service'),
        faults: LATENCY,
      });
      ctx.log(`slowService: sandbox ready (data built in ${sb.seedSeconds.toFixed(1)} s)`);
      const headers = { 'x-api-key': sb.apiKey, 'content-type': 'application/json' };

      // Bare limit: a status PUT (of the status it has) to the idle slow service.
      const page = await fetch(`${sb.baseUrl}/inbox?page=1&limit=1&status=open`, { headers });
      const anyOpen = ((await page.json()) as { data: { _id: string }[] }).data[0]!._id;
      const bare: number[] = [];
      for (let i = 0; i < BARE_PUTS; i++) {
        const t = performance.now();
        const res = await fetch(`${sb.baseUrl}/inbox/${anyOpen}/status`, {
          method: 'PUT',
          headers,
          body: JSON.stringify({ status: 'open' }),
        });
        if (!res.ok) throw new Error(`slowService bare: PUT answered ${res.status}`);
        await res.text();
        bare.push(performance.now() - t);
      }
      // Let the rate limiter's burst refill, so the account starts on a fresh budget.
      await pause(2500);

      const accountId = 'bench-slow-service';
      const log = counting429(['setThreadStatus']);
      service = openAccount(
        {
          id: accountId,
          baseUrl: sb.baseUrl,
          workspaceId: null,
          dir: join(ctx.tmp, 'slow-service-account'),
          getApiKey: async () => sb.apiKey,
          log,
        },
        () => undefined,
      );
      const h = service.handlers;
      const t0 = performance.now();
      service.start();
      const phase = async (): Promise<string> => {
        const s = await h['sync.state']({ accountId });
        return s.running ? (s.phase ?? 'starting') : 'idle';
      };
      await until(
        'first rows',
        async () =>
          (await h['threads.list']({ accountId, view: 'inbox', offset: 0, limit: 1 })).total > 0
            ? true
            : null,
        REACH_TIMEOUT_MS,
      );
      ctx.log(`slowService: first rows after ${(performance.now() - t0).toFixed(0)} ms`);

      const used = new Set<string>();
      const samples: number[] = [];
      const where: string[] = [];
      const giveOne = async (): Promise<void> => {
        const rows = (await h['threads.list']({ accountId, view: 'inbox', offset: 0, limit: 100 })).rows;
        const row = rows.find((r) => r.status === 'open' && !used.has(r.id));
        if (!row) throw new Error('slowService: no open thread left to give a verdict');
        used.add(row.id);
        const at = await phase();
        if (at === 'idle') throw new Error('slowService: the sync ended before the verdict was given');
        const before429 = log.mine;
        // The service is watched from before the call, so a verdict is never seen late.
        const reached = child.call<number | null>('statusReached', {
          id: row.id,
          status: 'interested',
          timeoutMs: REACH_TIMEOUT_MS,
        });
        const start = epochNow();
        await h['threads.setStatus']({ accountId, threadId: row.id, status: 'interested' });
        const seen = await reached;
        if (seen === null) throw new Error(`slowService: the verdict on ${row.id} never reached the service`);
        const ms = Math.max(0, seen - start);
        samples.push(ms);
        where.push(`${at.split(' ')[0]}${log.mine > before429 ? ` (${log.mine - before429}x 429)` : ''}`);
        ctx.log(`slowService: verdict given during "${at}" reached the service in ${ms.toFixed(0)} ms`);
      };
      // Two while the thread pages land (when the service is that quick, the first moments of the sync)...
      await giveOne();
      await pause(GAP_MS);
      await giveOne();
      // ...three while the messages pass runs.
      await until(
        'the messages pass',
        async () => ((await phase()).startsWith('messages') ? true : null),
        600_000,
      );
      for (let i = 0; i < 3; i++) {
        await pause(GAP_MS);
        await giveOne();
      }
      const s = summarize(samples);
      const b = summarize(bare);
      return {
        'slowService.verdictReaches': {
          value: s.max,
          bare: b.median,
          samples: s,
          note:
            `slowest of ${s.n} (median ${s.median.toFixed(0)} ms), timed from the verdict call to the service holding it ` +
            `(read from the service's data); given during ${where.join(', ')}; ${size.threads} threads, ` +
            `50 requests/s; 429s met by the pull meanwhile: ${log.others}`,
        },
      };
    } finally {
      await service?.stop().catch(() => undefined);
      await child.stop().catch(() => undefined);
    }
  },
};
