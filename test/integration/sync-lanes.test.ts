// What the rep asks for during a pull that holds the service's whole rate budget: the built-in
// service over HTTP with a small rate limit (4 requests/s, burst 4), a first sync that wants far
// more, and verdicts given and threads opened while it runs. The pull meets the service's 429s and
// slows; the verdicts and the opened threads' messages never meet one, and land while the pull
// still runs.
import { afterEach, describe, expect, it } from 'vitest';
import type { AccountService } from '../../electron/core/account/service';
import { harness, type Harness } from './fixtures/core-harness';

const A = { accountId: 'acc1' };

interface Exchange {
  method: string;
  path: string;
  status: number;
}

let h: Harness | null = null;
afterEach(async () => {
  await h?.cleanup();
  h = null;
});

/** Waits for a condition (never for a time): true once it holds, false if it never did. */
async function waitFor(cond: () => boolean | Promise<boolean>, limitMs = 30_000): Promise<boolean> {
  const end = Date.now() + limitMs;
  while (Date.now() < end) {
    if (await cond()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return cond();
}

/** An account whose every exchange with the service is written down, in the order answered. */
function recorded(hh: Harness): { acc: AccountService; log: Exchange[] } {
  const log: Exchange[] = [];
  const acc = hh.open({
    fetch: async (input, init) => {
      const res = await fetch(input, init);
      log.push({ method: init?.method ?? 'GET', path: new URL(String(input)).pathname, status: res.status });
      return res;
    },
  });
  return { acc, log };
}

describe('the rep’s requests during a pull that spends the service’s rate budget', () => {
  it('a verdict and an opened thread never meet the pull’s 429s, and land while it runs', async () => {
    h = await harness({ threads: 40, leads: 20, campaigns: 4, rateLimit: { perSecond: 4, burst: 4 } });
    const { acc, log } = recorded(h);
    acc.start();
    // The pull has spent the budget, met the service's 429s, and goes on.
    const pull429 = () => log.filter((x) => x.status === 429 && x.method === 'GET').length;
    const goesOn = () => {
      const last429 = log.findLastIndex((x) => x.status === 429);
      return pull429() > 1 && log.slice(last429).some((x) => x.status === 200 && x.method === 'GET');
    };
    expect(await waitFor(goesOn)).toBe(true);

    const verdicts: string[] = [];
    for (let i = 0; i < 4; i++) {
      const rows = (await acc.handlers['threads.list']({ ...A, view: 'inbox', offset: 0, limit: 50 })).rows;
      const id = rows.find((r) => r.status === 'open' && !verdicts.includes(r.id))!.id;
      verdicts.push(id);
      await acc.handlers['threads.setStatus']({ ...A, threadId: id, status: 'interested' });
      const put = (x: Exchange) => x.method === 'PUT' && x.path.endsWith(`/inbox/${id}/status`);
      expect(await waitFor(() => log.some((x) => put(x) && x.status === 200))).toBe(true);
    }
    const opened: string[] = [];
    const all = await acc.handlers['threads.list']({ ...A, view: 'all', offset: 0, limit: 100 });
    for (const row of [...all.rows].reverse()) {
      if (opened.length === 3) break;
      if (row.messageCount > 0) continue;
      opened.push(row.id);
      const d = await acc.handlers['threads.get']({ ...A, threadId: row.id });
      expect(d!.messages.length).toBeGreaterThan(0);
    }
    expect(opened).toHaveLength(3);
    // All of it while the pull still runs, its requests still waiting for the budget.
    expect((await acc.handlers['sync.state'](A)).running).toBe(true);

    const mine = log.filter(
      (x) =>
        verdicts.some((id) => x.path.endsWith(`/inbox/${id}/status`)) ||
        opened.some((id) => x.path.endsWith(`/inbox/${id}/messages`)),
    );
    // Each went once and was answered at the first try: none waited behind the pull's budget.
    expect(mine.map((x) => x.status)).toEqual(Array(7).fill(200));
    // The pull is the one that was slowed.
    expect(pull429()).toBeGreaterThan(1);
  }, 60_000);
});
