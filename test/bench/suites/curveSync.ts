// sync on the curve: the app's own first sync of the big store (account added to synced), against
// fetching and parsing the same pages of the same sandbox and nothing else. The curve reuses the
// sync that builds the store every read figure needs, since a second full pull at 300,000 threads
// would double the longest part of the run.
import { bareFullPull } from '../lib/bare';
import type { Suite } from '../lib/suite';
import { BARE_CONCURRENCY } from './sync';

export const curveSyncSuite: Suite = {
  name: 'sync',
  specs: [
    {
      key: 'sync.first',
      label: 'sync: the app’s first full sync of the store',
      unit: 'ms',
      target: null,
      bareLabel: 'fetch + parse the same pages',
      ratio: 'bare/value',
    },
  ],
  async run(ctx) {
    // The bare pull first, while the sandbox has nothing else to answer.
    const sb = await ctx.fixtures.sandbox('big', ctx.scale.big);
    const bare = await bareFullPull(sb.baseUrl, sb.apiKey, BARE_CONCURRENCY);
    ctx.log(
      `sync: bare pull of ${bare.pages} pages (${(bare.bytes / 2 ** 20).toFixed(0)} MB) in ${bare.ms.toFixed(0)} ms`,
    );
    const big = await ctx.fixtures.bigStore();
    return {
      'sync.first': {
        value: big.app.syncMs,
        bare: bare.ms,
        note: `${bare.pages} pages; accounts.add to the end of the first sync, through the whole app; the bare pull keeps ${BARE_CONCURRENCY} requests in flight`,
      },
    };
  },
};
