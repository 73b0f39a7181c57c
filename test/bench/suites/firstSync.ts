// firstSync: a new account on a service with the sandbox's default rate limit (50 requests/s),
// timed from adding it to: its first rows, its first thread readable, and a thread opened while
// its messages are still queued behind the background pass (fetched on demand). The service runs
// in its own process; the account service runs here, as in the core.
import { join } from 'node:path';
import { openAccount, type AccountService } from '../../../electron/core/account/service';
import { counting429 } from '../lib/api-log';
import { startChild } from '../lib/child';
import { summarize } from '../lib/stats';
import type { Suite } from '../lib/suite';

const POLL_MS = 10;
/** Threads opened mid-sync, oldest first: their messages come last in the background order. */
const MID_SYNC_OPENS = 5;
/** Between two opens, so the five meet the pull at different moments of its rate budget. */
const OPEN_GAP_MS = 400;

async function until<T>(what: string, fn: () => Promise<T | null>, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== null) return v;
    if (Date.now() > end) throw new Error(`firstSync: ${what} not reached in ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

async function timedGet(url: string, apiKey: string): Promise<number> {
  const t = performance.now();
  const res = await fetch(url, { headers: { 'x-api-key': apiKey } });
  if (!res.ok) throw new Error(`firstSync bare: ${url} answered ${res.status}`);
  JSON.parse(await res.text());
  return performance.now() - t;
}

export const firstSyncSuite: Suite = {
  name: 'firstSync',
  specs: [
    {
      key: 'firstSync.firstRows',
      label: 'first sync: account added to first rows',
      unit: 'ms',
      target: null,
      bareLabel: 'GET the Inbox first page',
      ratio: 'value/bare',
    },
    {
      key: 'firstSync.firstThread',
      label: 'first sync: account added to first thread readable',
      unit: 'ms',
      target: null,
      bareLabel: 'GET the first page, then its first thread’s messages',
      ratio: 'value/bare',
    },
    {
      key: 'firstSync.openMidSync',
      label: 'first sync: a thread opened during the first sync, slowest of 5',
      unit: 'ms',
      target: { on: 'value', op: '<=', bound: 100 },
      bareLabel: 'GET one thread’s messages',
      ratio: 'value/bare',
    },
  ],
  async run(ctx) {
    const size = ctx.scale.sync;
    ctx.log(`firstSync: starting a rate-limited sandbox (${size.threads} threads)`);
    const child = await startChild('suites/firstSync-child.ts');
    let service: AccountService | null = null;
    try {
      const sb = await child.call<{ baseUrl: string; apiKey: string; seedSeconds: number }>('start', {
        size,
        dir: join(ctx.tmp, 'sandbox-first-sync'),
      });
      ctx.log(`firstSync: sandbox ready (data built in ${sb.seedSeconds.toFixed(1)} s)`);

      // Bare limits on the idle service, before the account exists.
      const page1Url = `${sb.baseUrl}/inbox?page=1&limit=100`;
      const bareRows = await timedGet(page1Url, sb.apiKey);
      const firstRes = await fetch(page1Url, { headers: { 'x-api-key': sb.apiKey } });
      const first = ((await firstRes.json()) as { data: { _id: string }[] }).data[0]!._id;
      const bareMessages = await timedGet(`${sb.baseUrl}/inbox/${first}/messages?limit=100`, sb.apiKey);
      // Let the rate limiter's burst refill, so the account starts on a fresh budget.
      await new Promise((r) => setTimeout(r, 2500));

      const accountId = 'bench-first-sync';
      const log = counting429([]);
      const t0 = performance.now();
      service = openAccount(
        {
          id: accountId,
          baseUrl: sb.baseUrl,
          workspaceId: null,
          dir: join(ctx.tmp, 'first-sync-account'),
          getApiKey: async () => sb.apiKey,
          log,
        },
        () => undefined,
      );
      const h = service.handlers;
      service.start();
      const list = (view: 'inbox' | 'all', offset: number, limit: number) =>
        h['threads.list']({ accountId, view, offset, limit });

      const firstRow = await until(
        'first rows',
        async () => (await list('inbox', 0, 1)).rows[0] ?? null,
        120_000,
      );
      const firstRows = performance.now() - t0;
      ctx.log(`firstSync: first rows after ${firstRows.toFixed(0)} ms`);
      await until(
        'first thread readable',
        async () => {
          const d = await h['threads.get']({ accountId, threadId: firstRow.id });
          return d && d.messages.length > 0 ? d : null;
        },
        120_000,
      );
      const firstThread = performance.now() - t0;
      ctx.log(`firstSync: first thread readable after ${firstThread.toFixed(0)} ms`);

      // Every row is listed once the thread pass is done; the oldest still wait for messages.
      await until(
        'every thread listed',
        async () => ((await list('all', 0, 1)).total >= size.threads ? true : null),
        600_000,
      );
      const opens: number[] = [];
      const pull429 = log.others;
      let offset = size.threads - 1;
      while (opens.length < MID_SYNC_OPENS && offset >= 0) {
        const row = (await list('all', offset--, 1)).rows[0];
        if (!row || row.messageCount > 0) continue;
        if (opens.length > 0) await new Promise((r) => setTimeout(r, OPEN_GAP_MS));
        const t = performance.now();
        const d = await h['threads.get']({ accountId, threadId: row.id });
        if (!d || d.messages.length === 0)
          throw new Error(`firstSync: ${row.id} opened without its messages`);
        opens.push(performance.now() - t);
      }
      if (opens.length === 0)
        throw new Error('firstSync: the background pass finished before a thread was opened');
      const met429 = log.others - pull429;
      const mid = summarize(opens);
      ctx.log(
        `firstSync: threads opened mid-sync readable in ${opens.map((x) => x.toFixed(0)).join(', ')} ms`,
      );
      return {
        'firstSync.firstRows': {
          value: firstRows,
          bare: bareRows,
          note: `${size.threads} threads, 50 requests/s`,
        },
        'firstSync.firstThread': { value: firstThread, bare: bareRows + bareMessages },
        'firstSync.openMidSync': {
          value: mid.max,
          bare: bareMessages,
          samples: mid,
          note: `slowest of ${opens.length} of the oldest threads (median ${mid.median.toFixed(1)} ms), opened ${OPEN_GAP_MS} ms apart while the background pass fetches messages; 429s the app met before them: ${pull429}, during them: ${met429}`,
        },
      };
    } finally {
      await service?.stop().catch(() => undefined);
      await child.stop().catch(() => undefined);
    }
  },
};
