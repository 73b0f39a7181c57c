// Each hop of a list window's round trip, from what the page, the bridge and the core's process
// timed (../hops/stamps.ts): the page's round trips and the bridge's calls pair up in order (one
// call at a time); the core process's spans and its threads' own times are matched to them by
// falling inside them.
import type { Hops, Span } from '../hops/stamps';

const inside = (outer: Span, s: { start: number }): boolean => s.start >= outer.start && s.start <= outer.end;
const len = (s: { start: number; end: number }): number => s.end - s.start;

export interface HopSamples {
  /** Page ↔ bridge for the window: the socket both ways and both ends' JSON. */
  page: number[];
  /** Bridge ↔ core process: its IPC channel both ways. */
  bridgeCore: number[];
  /** The router to the thread that answered and back, less that thread's own time. */
  toThread: number[];
  /** The answering thread's own time (validation, the read, the answer's copy and packing). */
  thread: number[];
  /** How many windows each thread answered. */
  answeredBy: { core: number; reader: number };
}

export function hopSamples(trips: number[], bridge: Span[], core: Hops): HopSamples | string {
  if (bridge.length !== trips.length)
    return `the bridge timed ${bridge.length} windows for the page's ${trips.length}`;
  const router = core.router.filter((s) => s.channel === 'threads.list');
  const out: HopSamples = {
    page: [],
    bridgeCore: [],
    toThread: [],
    thread: [],
    answeredBy: { core: 0, reader: 0 },
  };
  bridge.forEach((b, i) => {
    const r = router.find((s) => inside(b, s));
    // The core's thread's own time by the id of the router's call to it; the reader's by time.
    const trip = r && core.coreTrips.find((t) => inside(r, t));
    const own =
      r &&
      (trip
        ? core.own.find((o) => o.who === 'core' && o.id === trip.id)
        : core.own.find((o) => o.who === 'reader' && inside(r, o)));
    out.page.push(trips[i]! - len(b));
    if (!r || !own) return;
    out.bridgeCore.push(len(b) - len(r));
    out.toThread.push(len(r) - len(own));
    out.thread.push(len(own));
    out.answeredBy[own.who]++;
  });
  return out;
}

/** In the page: a raw socket to the bridge beside the app's own; answers, per call, the round
 *  trip of a call the bridge answers itself (a function it does not have), and for each window
 *  its round trip on this socket and the page's time to read its answer (the JSON, the rows
 *  unpacked, as client.ts does). */
export function socketLoop(inputs: unknown[]): string {
  return `(async () => {
    const token = sessionStorage.getItem('outreach-triage.token');
    const ws = new WebSocket(location.origin.replace(/^http/, 'ws') + '/socket?token=' + encodeURIComponent(token));
    await new Promise((ok, fail) => { ws.onopen = ok; ws.onerror = fail; });
    let waiting = null;
    ws.onmessage = (m) => { const at = performance.now(); waiting(m.data, at); };
    const ask = (msg) => new Promise((done) => { waiting = (data, at) => done({ data, at }); ws.send(JSON.stringify(msg)); });
    const accounts = (await window.triage.invoke('accounts.list', {})).value;
    const accountId = accounts[0] && accounts[0].id;
    const inputs = ${JSON.stringify(inputs)};
    const unpack = (v) => v && v.$rows ? v.$rows.v.map((vals) => { const r = {}; v.$rows.k.forEach((k, i) => (r[k] = vals[i])); return r; }) : v;
    const floor = [];
    const parse = [];
    const trips = [];
    for (let k = 0; k < inputs.length; k++) {
      const t = performance.now();
      const { at } = await ask({ t: 'q', i: 'f' + k, m: 'bench.none', a: [] });
      floor.push(at - t);
    }
    for (let k = 0; k < inputs.length; k++) {
      const asked = performance.now();
      const { data } = await ask({ t: 'q', i: 'w' + k, m: 'invoke', a: ['threads.list', { accountId, ...inputs[k] }] });
      const t = performance.now();
      const answer = JSON.parse(data);
      // The packed answer as a string in the message, or written into it as JSON.
      const envelope = typeof answer.r === 'string' ? JSON.parse(answer.r) : answer.r;
      if (envelope.ok) for (const key of Object.keys(envelope.value)) envelope.value[key] = unpack(envelope.value[key]);
      parse.push(performance.now() - t);
      trips.push(performance.now() - asked);
    }
    ws.close();
    return { floor, parse, trips };
  })()`;
}

/** The same socket from Node (the bench's process, not a browser): each window's round trip and
 *  a call the bridge answers itself, to tell the browser's share of the page's hop. */
export async function nodeSocketLoop(
  url: string,
  accountId: string,
  inputs: Record<string, unknown>[],
): Promise<{ floor: number[]; trips: number[] }> {
  const { WebSocket } = await import('ws');
  const origin = new URL(url).origin;
  const token = /token=([^&]+)/.exec(new URL(url).hash)?.[1] ?? '';
  const ws = new WebSocket(`${origin.replace(/^http/, 'ws')}/socket?token=${token}`, { origin });
  await new Promise((ok, fail) => {
    ws.once('open', ok);
    ws.once('error', fail);
  });
  let waiting: () => void = () => undefined;
  ws.on('message', () => waiting());
  const ask = (m: unknown): Promise<number> =>
    new Promise((done) => {
      const t = performance.now();
      waiting = () => done(performance.now() - t);
      ws.send(JSON.stringify(m));
    });
  const floor: number[] = [];
  const trips: number[] = [];
  for (let k = 0; k < inputs.length; k++)
    floor.push(await ask({ t: 'q', i: `f${k}`, m: 'bench.none', a: [] }));
  for (let k = 0; k < inputs.length; k++)
    trips.push(
      await ask({ t: 'q', i: `w${k}`, m: 'invoke', a: ['threads.list', { accountId, ...inputs[k] }] }),
    );
  ws.close();
  return { floor, trips };
}
