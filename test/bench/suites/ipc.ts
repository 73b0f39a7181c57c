// A 100-row list window from the page through the web bridge, and each hop of it: the page's
// socket to the bridge, the bridge's channel to the core's process, that process's router to the
// thread that answers, the thread's own time and the read itself. The hops come from times taken
// in each process for the same calls (../hops/stamps.ts, ../lib/hops.ts), not from a model.
import type { StoreSample } from '../lib/store-reads';
import { launch } from '../lib/browser';
import { hopSamples, nodeSocketLoop, socketLoop } from '../lib/hops';
import { offsetsFor, windowInputs } from '../lib/queries';
import { summarize, type Summary } from '../lib/stats';
import type { Measured, Spec, Suite } from '../lib/suite';
import type { Hops, Span } from '../hops/stamps';
import { evaluateInPlainChromium } from '../lib/plain-chromium';
import { openApp } from './ui';

const ROW = '.list[role="listbox"] [role="option"][data-thread-id]';

function ipcLoop(channel: string, inputs: unknown[]): string {
  return `(async () => {
    const accounts = (await window.triage.invoke('accounts.list', {})).value;
    const accountId = accounts[0] && accounts[0].id;
    const inputs = ${JSON.stringify(inputs)};
    const channel = ${JSON.stringify(channel)};
    const out = [];
    for (const input of inputs) {
      const body = channel === 'settings.get' ? {} : { accountId, ...input };
      const t = performance.now();
      await window.triage.invoke(channel, body);
      out.push(performance.now() - t);
    }
    return out;
  })()`;
}

/** The hops: figures with no target, beside the two the issue sets. */
const HOPS: [key: string, label: string][] = [
  ['ipc.hop.socket.p95', 'IPC hop: page → bridge → page, a call the bridge answers itself, p95'],
  ['ipc.hop.page.p95', 'IPC hop: page ↔ bridge for the window (socket, JSON at both ends), p95'],
  ['ipc.hop.plainBrowser.p95', 'IPC hop: the same window in a browser Playwright does not drive, p95'],
  ['ipc.hop.fromNode.p95', 'IPC hop: the same window from a Node client on the same socket, p95'],
  ['ipc.hop.pageRead.p95', "IPC hop: the page reading the window's answer (JSON, rows unpacked), p95"],
  ['ipc.hop.bridgeCore.p95', 'IPC hop: bridge ↔ core process (its IPC channel both ways), p95'],
  ['ipc.hop.toThread.p95', "IPC hop: core process's router ↔ the thread that answers, p95"],
  ['ipc.hop.thread.p95', "IPC hop: the answering thread's own time (validate, read, pack), p95"],
  ['ipc.hop.readerTrip.p95', "IPC hop: router ↔ reader thread, a window's round trip, p95"],
  ['ipc.hop.read.p95', 'IPC hop: the read itself (the read functions on a connection), p95'],
];

const hopSpec = ([key, label]: [string, string]): Spec => ({
  key,
  label,
  unit: 'ms',
  target: null,
  bareLabel: '',
  ratio: null,
});

const fig = (s: Summary, note: string): Measured => ({
  value: s.p95,
  samples: s,
  note: `${note}; p50 ${s.median.toFixed(2)}, p99 ${s.p99.toFixed(2)} ms`,
});

export const ipcSuite: Suite = {
  name: 'ipc',
  specs: [
    {
      key: 'ipc.window.p95',
      label: 'IPC: a 100-row window through the browser bridge, p95',
      unit: 'ms',
      target: { on: 'ratio', op: '<=', bound: 1.25 },
      bareLabel: 'the same windows on a raw socket in a Chromium no test tool drives, p95',
      ratio: 'value/bare',
    },
    {
      key: 'ipc.overhead.p95',
      label: 'IPC: what the bridge adds to that window, p95',
      unit: 'ms',
      target: null,
      bareLabel: 'settings.get over the same bridge, p95',
      ratio: null,
    },
    ...HOPS.map(hopSpec),
  ],
  async run(ctx) {
    await ctx.fixtures.renderer();
    const big = await ctx.fixtures.bigStore();
    const sample = await big.core.call<StoreSample>('sample', { n: 10, seed: 3 });
    const shapes = windowInputs(sample, ctx.scale.ipcSamples, 17);
    const { totals } = await big.core.call<{ totals: number[] }>('windowTotals', { inputs: shapes });
    const offsets = offsetsFor(totals, 19);
    const inputs = shapes.map((s, i) => ({ ...s, offset: offsets[i] ?? 0 }));
    // Every list built once before timing, so neither pass below pays a first build.
    await big.core.call('timeReads', { channel: 'threads.list', inputs });
    const browser = await launch();
    try {
      const { page } = await openApp(browser, big.app.url);
      await page.evaluate(ipcLoop('threads.list', inputs.slice(0, 20))); // warm-up
      await big.core.call('takeHops');
      const trips = (await page.evaluate(ipcLoop('threads.list', inputs))) as number[];
      const taken = await big.core.call<{ bridge: Span[]; core: Hops }>('takeHops');
      // The core's own time for the same windows, in the same process the bridge calls into:
      // what a round trip takes beyond it is the bridge (serialising, the socket, parsing).
      const core = (await big.core.call<{ ms: number[] }>('timeReads', { channel: 'threads.list', inputs }))
        .ms;
      const added = summarize(trips.map((t, i) => Math.max(0, t - (core[i] ?? 0))));
      const ours = summarize(trips);
      const bare = summarize(
        (await page.evaluate(
          ipcLoop(
            'settings.get',
            inputs.map(() => ({})),
          ),
        )) as number[],
      );
      const raw = (await page.evaluate(socketLoop(inputs))) as {
        floor: number[];
        parse: number[];
        trips: number[];
      };
      const rawTrips = summarize(raw.trips);
      const plain = (await evaluateInPlainChromium(
        big.app.url,
        `document.querySelector('${ROW}') && sessionStorage.getItem('outreach-triage.token')`,
        socketLoop(inputs),
      )) as { floor: number[]; trips: number[]; parse: number[] };
      const plainTrips = summarize(plain.trips);
      const plainFloor = summarize(plain.floor);
      ctx.log(
        `ipc: in a browser with no DevTools Network domain: windows p50 ${plainTrips.median.toFixed(2)}, p95 ${plainTrips.p95.toFixed(2)} ms; ` +
          `a call the bridge answers itself p50 ${plainFloor.median.toFixed(2)}, p95 ${plainFloor.p95.toFixed(2)} ms`,
      );
      const fromNode = await nodeSocketLoop(big.app.url, big.app.accountId, inputs);
      const nodeTrips = summarize(fromNode.trips);
      const nodeFloor = summarize(fromNode.floor);
      ctx.log(
        `ipc: the same windows on a raw socket p50 ${rawTrips.median.toFixed(2)}, p95 ${rawTrips.p95.toFixed(2)} ms; ` +
          `from Node p50 ${nodeTrips.median.toFixed(2)}, p95 ${nodeTrips.p95.toFixed(2)} ms ` +
          `(a call the bridge answers itself p50 ${nodeFloor.median.toFixed(2)}, p95 ${nodeFloor.p95.toFixed(2)} ms)`,
      );
      const readerTrips = (await big.core.call<{ ms: number[] }>('readerTrips', { inputs })).ms;
      const hops = hopSamples(trips, taken.bridge, taken.core);
      if (process.env.TRIAGE_BENCH_HOPS_DUMP)
        (await import('node:fs')).writeFileSync(
          process.env.TRIAGE_BENCH_HOPS_DUMP,
          JSON.stringify({ trips, ...taken }),
        );
      ctx.log(
        `ipc: p50 ${ours.median.toFixed(2)} ms, p95 ${ours.p95.toFixed(2)} ms, p99 ${ours.p99.toFixed(2)} ms; ` +
          `bridge adds p50 ${added.median.toFixed(2)}, p95 ${added.p95.toFixed(2)}, p99 ${added.p99.toFixed(2)} ms; ` +
          `bare p95 ${bare.p95.toFixed(2)} ms`,
      );
      const hopFigures: Record<string, Measured> = {
        'ipc.hop.socket.p95': fig(
          summarize(raw.floor),
          "a raw socket beside the app's own, asking for a function the bridge does not have",
        ),
        'ipc.hop.plainBrowser.p95': fig(
          plainTrips,
          `on a raw socket in a Chromium of its own driven by Runtime.evaluate alone: Playwright turns on the Network domain, which copies every frame received to it (the same loop under Playwright p50 ${rawTrips.median.toFixed(2)} ms); a call the bridge answers itself p50 ${plainFloor.median.toFixed(2)} ms`,
        ),
        'ipc.hop.fromNode.p95': fig(
          nodeTrips,
          `the whole round trip with no browser: what the page's own round trip (p50 ${rawTrips.median.toFixed(2)} ms on a socket of its own) has beyond it is the browser's; a call the bridge answers itself from there p50 ${nodeFloor.median.toFixed(2)} ms`,
        ),
        'ipc.hop.pageRead.p95': fig(
          summarize(raw.parse),
          'the same windows asked on that socket; the page parsing the answer',
        ),
        'ipc.hop.readerTrip.p95': fig(
          summarize(readerTrips),
          'the same windows asked of the reader by the router, one at a time',
        ),
        'ipc.hop.read.p95': fig(
          summarize(core),
          'the read functions on a connection of their own, as the reader thread runs them',
        ),
      };
      if (typeof hops === 'string') ctx.log(`ipc hops: not matched (${hops})`);
      else {
        const by = `${hops.answeredBy.reader} of ${trips.length} windows answered by the reader thread, ${hops.answeredBy.core} by the core's`;
        hopFigures['ipc.hop.page.p95'] = fig(
          summarize(hops.page),
          "each window's round trip in the page less the bridge's call into the core's process",
        );
        hopFigures['ipc.hop.bridgeCore.p95'] = fig(
          summarize(hops.bridgeCore),
          "the bridge's call less the core process's time for it",
        );
        hopFigures['ipc.hop.toThread.p95'] = fig(
          summarize(hops.toThread),
          `the core process's time less the answering thread's own; ${by}`,
        );
        hopFigures['ipc.hop.thread.p95'] = fig(
          summarize(hops.thread),
          `from the call's arrival on the thread to its answer posted; ${by}`,
        );
      }
      for (const [key] of HOPS) {
        const h = hopFigures[key];
        if (h?.samples)
          ctx.log(
            `ipc ${key.replace('ipc.hop.', '').replace('.p95', '')}: p50 ${h.samples.median.toFixed(2)}, p95 ${h.samples.p95.toFixed(2)} ms`,
          );
      }
      return {
        'ipc.window.p95': {
          value: ours.p95,
          bare: plainTrips.p95,
          samples: ours,
          note: `${inputs.length} windows (same mix as the window figure), timed in the page around window.triage.invoke; p50 ${ours.median.toFixed(2)}, p99 ${ours.p99.toFixed(2)} ms; the limit is the same windows asked on a socket of the page's own in a Chromium only Runtime.evaluate drives (p50 ${plainTrips.median.toFixed(2)} ms); settings.get over the bridge p95 ${bare.p95.toFixed(2)} ms`,
        },
        'ipc.overhead.p95': {
          value: added.p95,
          bare: bare.p95,
          samples: added,
          note: `each round trip less the core's own read time for the same window (its read functions on a connection of their own, as its reader thread runs them); p50 ${added.median.toFixed(2)}, p99 ${added.p99.toFixed(2)} ms`,
        },
        ...hopFigures,
      };
    } finally {
      await browser.close();
    }
  },
};
