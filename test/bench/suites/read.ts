// Reads on the big store (synced once from the big sandbox by the core child): full-text search,
// thread list windows, and the core's memory after that sync.
import { join } from 'node:path';
import { ftsQuery } from '../../../electron/core/store/util';
import type { StoreSample } from '../lib/store-reads';
import { offsetsFor, searchQueries, windowInputs } from '../lib/queries';
import { SETTLE_SECONDS } from '../lib/child';
import { summarize } from '../lib/stats';
import type { Suite } from '../lib/suite';

const SEARCH_LIMIT = 50;

export const searchSuite: Suite = {
  name: 'search',
  specs: [
    {
      key: 'search.p95',
      label: 'search (FTS): p95 of realistic queries',
      unit: 'ms',
      target: { on: 'ratio', op: '<=', bound: 1 },
      bareLabel: 'raw FTS5 MATCH on the same 3 indexes, p95',
      ratio: 'value/bare',
    },
    {
      key: 'search.p50',
      label: 'search (FTS): p50',
      unit: 'ms',
      target: null,
      bareLabel: 'raw FTS5 MATCH, p50',
      ratio: 'value/bare',
    },
  ],
  async run(ctx) {
    const big = await ctx.fixtures.bigStore();
    const sample = await big.core.call<StoreSample>('sample', { n: ctx.scale.searchQueries, seed: 5 });
    const queries = searchQueries(sample, ctx.scale.searchQueries);
    // One warm-up pass, as a rep's app has been open for a while; then the measured pass.
    await big.core.call('timeReads', {
      channel: 'search',
      inputs: queries.slice(0, 20).map((query) => ({ query, limit: SEARCH_LIMIT })),
    });
    const ours = await big.core.call<{ ms: number[] }>('timeReads', {
      channel: 'search',
      inputs: queries.map((query) => ({ query, limit: SEARCH_LIMIT })),
    });
    const matches = queries.map((q) => ftsQuery(q) ?? '""');
    const bareSql = (table: string) =>
      big.core.call<number[]>('bareSql', {
        sql: `SELECT rowid FROM ${table} WHERE ${table} MATCH ? LIMIT ${SEARCH_LIMIT}`,
        params: matches.map((m) => [m]),
      });
    const [t, m, l] = [
      await bareSql('threads_fts'),
      await bareSql('messages_fts'),
      await bareSql('leads_fts'),
    ];
    const bare = summarize(t.map((x, i) => x + (m[i] ?? 0) + (l[i] ?? 0)));
    const s = summarize(ours.ms);
    const slowest = ours.ms
      .map((ms, i) => ({ ms, q: queries[i] }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 3)
      .map((x) => `"${x.q}" ${x.ms.toFixed(1)} ms`)
      .join(', ');
    ctx.log(`search: p50 ${s.median.toFixed(2)} ms, p95 ${s.p95.toFixed(2)} ms; slowest ${slowest}`);
    return {
      'search.p95': {
        value: s.p95,
        bare: bare.p95,
        samples: s,
        note: `${queries.length} queries, limit ${SEARCH_LIMIT} threads and people, by the core's search functions on a connection of their own; slowest ${slowest}`,
      },
      'search.p50': { value: s.median, bare: bare.median },
    };
  },
};

export const windowSuite: Suite = {
  name: 'window',
  specs: [
    {
      key: 'window.p95',
      label: 'thread list window of 100 rows: p95',
      unit: 'ms',
      target: { on: 'ratio', op: '<=', bound: 1 },
      bareLabel: 'raw SELECT of 100 rows by the time index, same offsets, p95',
      ratio: 'value/bare',
    },
  ],
  async run(ctx) {
    const big = await ctx.fixtures.bigStore();
    const sample = await big.core.call<StoreSample>('sample', { n: 10, seed: 3 });
    const shapes = windowInputs(sample, ctx.scale.windowSamples);
    // Each view's size, so offsets reach its very end.
    const sized = await big.core.call<{ ms: number[]; totals: number[] }>('windowTotals', { inputs: shapes });
    const offsets = offsetsFor(sized.totals);
    const inputs = shapes.map((s, i) => ({ ...s, offset: offsets[i] ?? 0 }));
    const ours = await big.core.call<{ ms: number[] }>('timeReads', { channel: 'threads.list', inputs });
    const bare = await big.core.call<number[]>('bareSql', {
      sql: 'SELECT * FROM threads ORDER BY last_message_at DESC, id DESC LIMIT 100 OFFSET ?',
      params: offsets.map((o) => [o]),
    });
    const s = summarize(ours.ms);
    ctx.log(`window: p50 ${s.median.toFixed(2)} ms, p95 ${s.p95.toFixed(2)} ms, max ${s.max.toFixed(2)} ms`);
    return {
      'window.p95': {
        value: s.p95,
        bare: summarize(bare).p95,
        samples: s,
        note: `${inputs.length} windows over inbox, all, each status, a campaign, an email account, at offsets up to the end; the core's read functions on a connection of their own, as its reader thread runs them`,
      },
    };
  },
};

/** How much longer a store past the full scale is watched after that. */
const LONGER_SECONDS = 120;

export const rssSuite: Suite = {
  name: 'rss',
  specs: [
    {
      key: 'core.rssAfterSync',
      label: 'core process RSS after a full sync of the big sandbox, settled',
      unit: 'MB',
      target: { on: 'value', op: '<=', bound: 200 },
      bareLabel: 'the same core process with no account, settled',
      ratio: null,
    },
    {
      key: 'core.rssAtSyncEnd',
      label: 'core process RSS the moment that sync ends',
      unit: 'MB',
      target: null,
      bareLabel: 'the same core process with no account, settled',
      ratio: null,
    },
  ],
  async run(ctx) {
    const big = await ctx.fixtures.bigStore();
    type Settled = { rssMB: number; samples: number[]; cpuSeconds: number };
    const settled = await big.core.call<Settled>('settledRss', { seconds: SETTLE_SECONDS, children: true });
    // A store far past the full scale may still be giving memory back, or still working, at 40 s:
    // the core is watched longer (a note; the figure stays the 40 s one).
    const longer =
      ctx.scale.big.threads > 100_000
        ? await big.core.call<Settled>('settledRss', { seconds: LONGER_SECONDS, children: true })
        : null;
    const idle = await ctx.fixtures.core();
    const bare = await idle.call<number>('idleCoreRss', {
      dataDir: join(ctx.tmp, 'idle-core'),
      keychainService: `Outreach Triage bench idle ${process.pid}`,
      seconds: 10,
    });
    await idle.stop();
    const cpuNote = `; its CPU in those ${SETTLE_SECONDS} s ${settled.cpuSeconds.toFixed(1)} s`;
    const longerNote = longer
      ? `; ${LONGER_SECONDS} s more: ${longer.rssMB.toFixed(0)} MB at their end, ${longer.cpuSeconds.toFixed(1)} s of CPU`
      : '';
    ctx.log(
      `rss: ${big.app.rssMB.toFixed(0)} MB as the sync ended, ${settled.samples.map((x) => x.toFixed(0)).join(' ')} MB every 2 s after${cpuNote}${longerNote}; idle ${bare.toFixed(0)} MB`,
    );
    return {
      'core.rssAfterSync': {
        value: settled.rssMB,
        bare,
        note:
          `the core's process (its router, core and reader threads) behind the web bridge, ${SETTLE_SECONDS} s ` +
          `after its first full sync of the big sandbox (${(big.app.syncMs / 1000).toFixed(1)} s), no calls in between${cpuNote}${longerNote}`,
      },
      'core.rssAtSyncEnd': {
        value: big.app.rssMB,
        bare,
        note: 'read as the sync-finished event arrives: the JS heap the pull grew is still held',
      },
    };
  },
};
