// shell: the process that answers the window while the core runs a full sync (the sync suite's
// sandbox, 20,000 threads at full scale). The core runs off that process (a child process behind
// the web bridge, as a utilityProcess behind Electron's main), so its event loop should stay free,
// and a 100-row window asked for by the window should come back within a frame. Bare limits: the
// same measures on the same process once the sync is over and nothing else runs.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import WebSocket from 'ws';
import { createRpc } from '../../../electron/shared/rpc';
import { unpackReceived } from '../../../electron/shared/packed';
import type { SocketFunctions } from '../../../electron/web/wire';
import { startChild } from '../lib/child';
import { percentile, summarize } from '../lib/stats';
import type { Suite } from '../lib/suite';

interface Delay {
  max: number;
  p99: number;
  mean: number;
  samples: number;
}

/** The bench's process as the window: calls on one WebSocket, as the browser client makes them. */
async function windowClient(origin: string, token: string) {
  const ws = new WebSocket(`${origin.replace(/^http/, 'ws')}/socket?token=${encodeURIComponent(token)}`, {
    origin,
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const calls = createRpc<SocketFunctions>(
    {},
    {
      post: (text) => ws.send(text as string),
      listen: (listener) => ws.on('message', (data: Buffer) => listener(data.toString('utf8'))),
      text: true,
    },
  );
  return {
    /** Milliseconds from sending a 100-row window call to having its answer. */
    async window(accountId: string, offset: number): Promise<number> {
      const start = performance.now();
      const envelope = unpackReceived(
        await calls.invoke('threads.list', { accountId, view: 'all', offset, limit: 100 }),
      );
      const ms = performance.now() - start;
      if (!envelope.ok) throw new Error(`threads.list: ${envelope.error.message}`);
      return ms;
    },
    close: () => ws.close(),
  };
}

export const shellSuite: Suite = {
  name: 'shell',
  specs: [
    {
      key: 'shell.loopDelay.max',
      label: 'shell: event-loop delay of the answering process during a full sync, max',
      unit: 'ms',
      target: null,
      bareLabel: 'the same process, idle',
      ratio: 'value/bare',
    },
    {
      key: 'shell.loopDelay.p99',
      label: 'shell: event-loop delay of the answering process during a full sync, p99',
      unit: 'ms',
      target: { on: 'ratio', op: '<=', bound: 1.5 },
      bareLabel: 'the same process, idle',
      ratio: 'value/bare',
    },
    {
      key: 'shell.window.p99',
      label: 'shell: 100-row window round trip during a full sync, p99',
      unit: 'ms',
      target: { on: 'ratio', op: '<=', bound: 1.5 },
      bareLabel: 'the same round trip once the sync is over',
      ratio: 'value/bare',
    },
  ],
  async run(ctx) {
    const sb = await ctx.fixtures.sandbox('sync', ctx.scale.sync);
    const child = await startChild('shell-child.ts');
    try {
      const { origin, token } = await child.call<{ origin: string; token: string }>('start', {
        dataDir: join(ctx.tmp, 'shell-app'),
        keychainService: `Outreach Triage bench ${randomBytes(6).toString('hex')}`,
        rendererDir: join(ctx.root, 'out', 'renderer'),
      });
      const client = await windowClient(origin, token);
      try {
        await child.call('watchStart');
        const accountId = await child.call<string>('addAccount', { baseUrl: sb.baseUrl, apiKey: sb.apiKey });
        let syncing = true;
        const synced = child.call('waitSynced').finally(() => (syncing = false));
        // A failed window leaves the wait behind: its end (the child stopped) is not a second failure.
        synced.catch(() => undefined);
        const during: number[] = [];
        // The window scrolls through what has arrived so far, one call after another.
        while (syncing) during.push(await client.window(accountId, (during.length * 37) % 1000));
        await synced;
        const busy = await child.call<Delay>('watchStop');
        ctx.log(
          `shell: during the sync: loop delay max ${busy.max.toFixed(1)} ms, p99 ${busy.p99.toFixed(1)} ms; ` +
            `${during.length} windows, p99 ${percentile(
              [...during].sort((a, b) => a - b),
              99,
            ).toFixed(1)} ms`,
        );

        await child.call('watchStart');
        const idle: number[] = [];
        for (let i = 0; i < Math.max(100, Math.min(during.length, 1000)); i++) {
          idle.push(await client.window(accountId, (i * 37) % 1000));
        }
        const calm = await child.call<Delay>('watchStop');
        const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
        const note = `${busy.samples} loop samples during the sync, ${calm.samples} idle; the core in a child process behind the web bridge`;
        return {
          'shell.loopDelay.max': { value: busy.max, bare: calm.max, note },
          'shell.loopDelay.p99': { value: busy.p99, bare: calm.p99, note },
          'shell.window.p99': {
            value: percentile(sorted(during), 99),
            bare: percentile(sorted(idle), 99),
            samples: summarize(during),
            note: `${during.length} windows during the sync, ${idle.length} after; offsets 0-999, 100 rows, one call at a time over the WebSocket`,
          },
        };
      } finally {
        client.close();
      }
    } finally {
      await child.call('stop').catch(() => undefined);
      await child.stop();
    }
  },
};
