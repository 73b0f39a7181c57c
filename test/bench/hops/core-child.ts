// The web bridge's core process as the app runs it (electron/web/core-child-parts.ts), with each
// hop of a call timed for the bench's IPC figures: on this process's main thread (the router) a
// call from its arrival to its answer, and the router's round trips to the core's thread and to
// the reader thread; the threads run their timed twins (core-worker.ts, reader-worker.ts here),
// which send their own time for each call. Two calls shaped like contract calls are answered
// here: TAKE_HOPS hands over (and forgets) what was recorded, READER_TRIPS times the reader's
// round trip for given windows. The app's own entry carries none of this.
import { BroadcastChannel } from 'node:worker_threads';
import { hostCore } from '../../../electron/core/host/router';
import type { ReaderClient } from '../../../electron/core/host/reader-client';
import type { CorePort } from '../../../electron/core/host/wire';
import { childPort, childRouterOptions } from '../../../electron/web/core-child-parts';
import { asRpc, HOPS_CHANNEL, now, READER_TRIPS, TAKE_HOPS, type Hops, type Own, type Span } from './stamps';

process.on('disconnect', () => process.exit(0));

let hops: Hops = { router: [], coreTrips: [], readerTrips: [], own: [] };
const fromThreads = new BroadcastChannel(HOPS_CHANNEL);
fromThreads.unref();
fromThreads.onmessage = (event) => void hops.own.push((event as { data: Own }).data);

let reader: ReaderClient | null = null;

/** Requests (by id) still waiting for their answer, with when they came and their channel; each
 *  answered one goes to the record `into` picks (the current one, whenever it ends). */
function spans(into: (h: Hops) => Span[]) {
  const open = new Map<unknown, Span>();
  return {
    start(m: ReturnType<typeof asRpc>, channel?: string): void {
      if (m.t === 'q' && typeof m.i === 'string')
        open.set(m.i, { start: now(), end: 0, id: m.i, ...(channel ? { channel } : {}) });
    },
    end(m: ReturnType<typeof asRpc>): void {
      const s = m.t === 's' ? open.get(m.i) : undefined;
      if (!s) return;
      open.delete(m.i);
      s.end = now();
      into(hops).push(s);
    },
  };
}

const channelOf = (m: ReturnType<typeof asRpc>): string | undefined =>
  (m.m === 'invoke' || m.m === 'invokeText') && Array.isArray(m.a) && typeof m.a[0] === 'string'
    ? m.a[0]
    : undefined;

/** The bench's own calls, answered here: what was recorded, or the reader's round trips. */
async function benchCall(channel: string, payload: unknown): Promise<unknown> {
  if (channel === TAKE_HOPS) {
    const taken = hops;
    hops = { router: [], coreTrips: [], readerTrips: [], own: [] };
    return taken;
  }
  const { file, inputs } = payload as { file: string; inputs: unknown[] };
  const ms: number[] = [];
  for (const input of inputs) {
    const start = performance.now();
    await reader?.readText(file, 'threads.list', input);
    ms.push(performance.now() - start);
  }
  return ms;
}

const shell = childPort();
const calls = spans((h) => h.router);
const routed: CorePort = {
  post(message) {
    calls.end(asRpc(message));
    shell.post(message);
  },
  listen(listener) {
    shell.listen((message) => {
      const m = asRpc(message);
      const channel = channelOf(m);
      if ((channel === TAKE_HOPS || channel === READER_TRIPS) && typeof m.i === 'string') {
        const id = m.i;
        void benchCall(channel, (m.a as unknown[])[1]).then((value) =>
          shell.post({
            t: 's',
            i: id,
            r: m.m === 'invokeText' ? JSON.stringify({ ok: true, value }) : { ok: true, value },
          }),
        );
        return;
      }
      calls.start(m, channel);
      listener(message);
    });
  },
  close: () => shell.close(),
};

const threads = childRouterOptions({
  core: new URL('./core-worker.ts', import.meta.url),
  reader: new URL('./reader-worker.ts', import.meta.url),
});
void hostCore(routed, {
  startCore(onLost, nativeBinding) {
    const thread = threads.startCore(onLost, nativeBinding);
    const trips = spans((h) => h.coreTrips);
    return {
      ...thread,
      port: {
        post(message) {
          trips.start(asRpc(message));
          thread.port.post(message);
        },
        listen(listener) {
          thread.port.listen((message) => {
            trips.end(asRpc(message));
            listener(message);
          });
        },
        close: () => thread.port.close(),
      },
    };
  },
  startReader(nativeBinding) {
    const client = threads.startReader(nativeBinding);
    reader = client;
    const timed =
      <A extends unknown[], R>(f: (...a: A) => Promise<R>) =>
      async (...a: A): Promise<R> => {
        const start = now();
        try {
          return await f(...a);
        } finally {
          hops.readerTrips.push({ start, end: now() });
        }
      };
    return {
      ...client,
      read: timed(client.read),
      readUnified: timed(client.readUnified),
      readText: timed(client.readText),
      readUnifiedText: timed(client.readUnifiedText),
    };
  },
  classifier: threads.classifier,
});
