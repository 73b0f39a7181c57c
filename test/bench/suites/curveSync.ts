// sync on the curve: the app's own first sync of the big store (account added to synced), against
// fetching and parsing the same pages of the same sandbox and nothing else. The curve reuses the
// sync that builds the store every read figure needs, since a second full pull at 300,000 threads
// would double the longest part of the run.
import { bareFullPull, bareRetries } from '../lib/bare';
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
      ratio: 'value/bare',
    },
  ],
  async run(ctx) {
    // The bare pull first, while the sandbox has nothing else to answer.
    const sb = await ctx.fixtures.sandbox('big', ctx.scale.big);
    const retriesBefore = bareRetries.count;
    let bare: { ms: number; pages: number } | null = null;
    let why = '';
    try {
      const b = await bareFullPull(sb.baseUrl, sb.apiKey, BARE_CONCURRENCY);
      bare = b;
      ctx.log(
        `sync: bare pull of ${b.pages} pages (${(b.bytes / 2 ** 20).toFixed(0)} MB) in ${b.ms.toFixed(0)} ms`,
      );
    } catch (e) {
      // The app's own sync is still measured: the store it builds is what the other figures read.
      why = `bare pull failed: ${e instanceof Error ? e.message : String(e)}; ${bareRetries.last}`;
      ctx.log(`sync: ${why}`);
    }
    const retries = bareRetries.count - retriesBefore;
    const big = await ctx.fixtures.bigStore();
    const about = bare ? `${bare.pages} pages; ` : `${why}; `;
    return {
      'sync.first': {
        value: big.app.syncMs,
        bare: bare?.ms ?? null,
        note:
          `${about}accounts.add to the end of the first sync, through the whole app; the bare pull keeps ${BARE_CONCURRENCY} requests in flight` +
          (retries
            ? `; ${retries} of its requests sent again after a failed connection (${bareRetries.last})`
            : ''),
      },
    };
  },
};
