// unified: All inboxes over five workspaces (each its own SQLite file, a full sync's store each),
// in the app's own process: a 100-row window anywhere in the merged list, a search across every
// workspace, a verdict followed by the window the list asks for after it, and the core's memory
// once settled. Each beside the same call on one inbox.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { SETTLE_SECONDS, startChild } from '../lib/child';
import { offsetsFor, searchQueries } from '../lib/queries';
import { summarize, type Summary } from '../lib/stats';
import type { Suite } from '../lib/suite';
import type { StoreSample } from '../lib/store-reads';

const WORKSPACES = 5;

export const unifiedSuite: Suite = {
  name: 'unified',
  specs: [
    {
      key: 'unified.window.p95',
      label: `All inboxes: 100-row window, ${WORKSPACES} workspaces, p95`,
      unit: 'ms',
      target: { on: 'ratio', op: '<=', bound: 1.5 },
      bareLabel: 'the same window of one inbox, p95',
      ratio: 'value/bare',
    },
    {
      key: 'unified.verdict.p95',
      label: 'All inboxes: a verdict, then the window after it (the core’s part of the key), p95',
      unit: 'ms',
      target: { on: 'ratio', op: '<=', bound: 1.25 },
      bareLabel: 'the same in one inbox, p95',
      ratio: 'value/bare',
    },
    {
      key: 'unified.search.p95',
      label: `All inboxes: search across ${WORKSPACES} workspaces (the palette's), p95`,
      unit: 'ms',
      target: { on: 'ratio', op: '<=', bound: 0.6 },
      bareLabel: 'the same search in each workspace in turn, p95',
      ratio: 'value/bare',
    },
    {
      key: 'unified.listSearch.p95',
      label: `All inboxes: the list's search over ${WORKSPACES} workspaces (every match counted), p95`,
      unit: 'ms',
      target: null,
      bareLabel: 'the same list search in each inbox in turn, p95',
      ratio: 'value/bare',
    },
    {
      key: 'unified.rss',
      label: `All inboxes: core RSS with ${WORKSPACES} synced workspaces, settled`,
      unit: 'MB',
      target: { on: 'value', op: '<=', bound: 250 },
      bareLabel: '',
      ratio: null,
    },
  ],
  async run(ctx) {
    const sb = await ctx.fixtures.sandbox('sync', ctx.scale.sync);
    const child = await startChild('unified-child.ts');
    try {
      const ready = await child.call<{ syncMs: number; threads: number; workspaces: number; ids: string[] }>(
        'prepare',
        {
          baseUrl: sb.baseUrl,
          apiKey: sb.apiKey,
          dataDir: join(ctx.tmp, 'unified'),
          workspaces: WORKSPACES,
          keychainService: `Outreach Triage bench ${randomBytes(6).toString('hex')}`,
        },
      );
      ctx.log(
        `unified: ${ready.workspaces} workspaces, ${ready.threads} threads in all (one synced in ${(ready.syncMs / 1000).toFixed(1)} s)`,
      );
      ctx.fixtures.note('unified threads (all workspaces)', ready.threads);
      const n = ctx.scale.windowSamples;
      const time = (channel: string, inputs: unknown[]) =>
        child.call<{ ms: number[] }>('time', { channel, inputs }).then((r) => summarize(r.ms));
      // Windows of the merged Inbox and All threads at offsets spread over each; one inbox's alike.
      const views = ['inbox', 'all'] as const;
      const totals = await child.call<{ unified: number; single: number }[]>('totals', { views });
      const pick = (i: number) => totals[i % views.length]!;
      const spread = offsetsFor(Array.from({ length: n }, () => 1_000_000));
      // The same relative place in the merged list and in one inbox (the top, the middle, the end).
      const at = (i: number, total: number) =>
        Math.max(0, Math.floor((spread[i]! / 1_000_000) * (total - 100)));
      const unifiedInputs = spread.map((_, i) => ({
        view: views[i % 2],
        offset: at(i, pick(i).unified),
        limit: 100,
      }));
      const singleInputs = spread.map((_, i) => ({
        accountId: ready.ids[0],
        view: views[i % 2],
        offset: at(i, pick(i).single),
        limit: 100,
      }));
      await time('unified.list', unifiedInputs.slice(0, 20));
      await time('threads.list', singleInputs.slice(0, 20));
      const win = await time('unified.list', unifiedInputs);
      const winBare = await time('threads.list', singleInputs);

      const sample = await child.call<StoreSample>('sample', { n: ctx.scale.searchQueries, seed: 5 });
      const queries = searchQueries(sample, ctx.scale.searchQueries);
      // The search the palette makes in All inboxes (one call, every workspace), beside the same
      // search in each workspace's own store in turn; and the list's search box, which counts
      // every match in every workspace.
      const searchInputs = queries.map((query) => ({ query, limit: 50 }));
      await time('unified.search', searchInputs.slice(0, 20));
      const search = await time('unified.search', searchInputs);
      const searchBare = summarize(
        (await child.call<{ ms: number[] }>('timeEach', { channel: 'search', inputs: searchInputs })).ms,
      );
      const listSearch = await time(
        'unified.list',
        queries.map((q) => ({ view: 'all', search: q, offset: 0, limit: 100 })),
      );
      const listSearchBare = summarize(
        (
          await child.call<{ ms: number[] }>('timeEach', {
            channel: 'threads.list',
            inputs: queries.map((q) => ({ view: 'all', search: q, offset: 0, limit: 100 })),
          })
        ).ms,
      );

      const verdicts = ctx.scale.verdictPresses;
      const verdict = summarize(
        (await child.call<{ ms: number[] }>('verdicts', { n: verdicts, single: false })).ms,
      );
      const verdictBare = summarize(
        (await child.call<{ ms: number[] }>('verdicts', { n: verdicts, single: true })).ms,
      );
      const rss = await child.call<{ rssMB: number; samples: number[]; held: string | null }>('settledRss', {
        seconds: SETTLE_SECONDS,
      });
      const line = (what: string, s: Summary, b: Summary) =>
        `${what} p50 ${s.median.toFixed(2)} / p95 ${s.p95.toFixed(2)} ms (one inbox ${b.median.toFixed(2)} / ${b.p95.toFixed(2)})`;
      ctx.log(
        `unified: ${line('window', win, winBare)}; ${line('search', search, searchBare)}; ${line('list search', listSearch, listSearchBare)}; ${line('verdict', verdict, verdictBare)}; RSS ${rss.rssMB.toFixed(0)} MB`,
      );
      await child.call('close');
      return {
        'unified.window.p95': {
          value: win.p95,
          bare: winBare.p95,
          samples: win,
          note: `${n} windows of the merged Inbox and All threads, ${ready.threads} threads over ${WORKSPACES} stores`,
        },
        'unified.verdict.p95': {
          value: verdict.p95,
          bare: verdictBare.p95,
          samples: verdict,
          note: `${verdicts} verdicts, each followed by the top window of All inboxes; the window in the key's frame is the renderer's own change (ui.verdict)`,
        },
        'unified.search.p95': {
          value: search.p95,
          bare: searchBare.p95,
          samples: search,
          note: `${queries.length} searches over ${WORKSPACES} workspaces, 50 threads and people each`,
        },
        'unified.listSearch.p95': {
          value: listSearch.p95,
          bare: listSearchBare.p95,
          samples: listSearch,
          note: `the list's search box: every match in every workspace counted, the first 100 rows`,
        },
        'unified.rss': {
          value: rss.rssMB,
          note: `after ${SETTLE_SECONDS} s idle; samples ${rss.samples.map((x) => x.toFixed(0)).join(', ')} MB; at the end, the process's ${rss.held}`,
        },
      };
    } finally {
      await child.stop().catch(() => undefined);
    }
  },
};
