// sync: a full pull from the sandbox over loopback into a fresh store, against fetching and
// parsing the same pages and nothing else; then a second pull with nothing changed.
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { bareFullPull } from '../lib/bare';
import { summarize } from '../lib/stats';
import type { Suite } from '../lib/suite';

/** How many requests the bare pull keeps in flight: the same as the app's sync, so the ratio
 *  measures the work around each page, not a different plan. */
export const BARE_CONCURRENCY = 4;

export const syncSuite: Suite = {
  name: 'sync',
  specs: [
    {
      key: 'sync.full',
      label: 'sync: full pull',
      unit: 'ms',
      target: { on: 'ratio', op: '<=', bound: 1.25 },
      bareLabel: 'fetch + parse the same pages',
      ratio: 'value/bare',
    },
    {
      key: 'sync.incremental',
      label: 'sync: incremental pull, nothing changed',
      unit: 'ms',
      target: { on: 'ratio', op: '<=', bound: 0.05 },
      bareLabel: 'the full pull above',
      ratio: 'value/bare',
    },
  ],
  async run(ctx) {
    const sb = await ctx.fixtures.sandbox('sync', ctx.scale.sync);
    const bare1 = await bareFullPull(sb.baseUrl, sb.apiKey, BARE_CONCURRENCY);
    ctx.log(
      `sync: bare pull of ${bare1.pages} pages (${(bare1.bytes / 2 ** 20).toFixed(0)} MB) in ${bare1.ms.toFixed(0)} ms`,
    );
    const core = await ctx.fixtures.core();
    let busy = '';
    try {
      const cpu = async () => ({
        core: await core.call<number>('cpuMs'),
        sandbox: (await sb.child?.call<number>('cpuMs')) ?? NaN,
      });
      const before = await cpu();
      const full = await core.call<{ ms: number; rssMB: number }>('syncFull', {
        baseUrl: sb.baseUrl,
        apiKey: sb.apiKey,
        // A fresh store every pass (--repeat), so each pull is a full one.
        dir: mkdtempSync(join(ctx.tmp, 'sync-store-')),
      });
      const after = await cpu();
      busy =
        `during the full pull the core used ${((after.core - before.core) / 1000).toFixed(1)} s of CPU ` +
        `and the sandbox ${((after.sandbox - before.sandbox) / 1000).toFixed(1)} s`;
      ctx.log(`sync: full pull in ${full.ms.toFixed(0)} ms; ${busy}`);
      const counts = await core.call<{ threads: number; messages: number; leads: number }>('counts');
      ctx.fixtures.note('sync store threads', counts.threads);
      ctx.fixtures.note('sync store messages', counts.messages);
      ctx.fixtures.note('sync store leads', counts.leads);
      const again: number[] = [];
      for (let i = 0; i < 3; i++) again.push((await core.call<{ ms: number }>('syncAgain')).ms);
      const bare2 = await bareFullPull(sb.baseUrl, sb.apiKey, BARE_CONCURRENCY);
      ctx.log(
        `sync: incremental ${again.map((x) => x.toFixed(0)).join(', ')} ms; bare again ${bare2.ms.toFixed(0)} ms`,
      );
      const inc = summarize(again);
      return {
        'sync.full': {
          value: full.ms,
          bare: Math.min(bare1.ms, bare2.ms),
          note: `${bare1.pages} pages; bare pull keeps ${BARE_CONCURRENCY} requests in flight; best of two bare runs; ${busy}`,
        },
        'sync.incremental': { value: inc.median, bare: full.ms, samples: inc },
      };
    } finally {
      await core.stop();
    }
  },
};
