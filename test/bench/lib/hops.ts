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
 *  trip of a call the bridge answers itself (a function it does not have), and the page's time
 *  to read each window's answer (both JSON layers and the rows unpacked, as client.ts does). */
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
    for (let k = 0; k < inputs.length; k++) {
      const t = performance.now();
      const { at } = await ask({ t: 'q', i: 'f' + k, m: 'bench.none', a: [] });
      floor.push(at - t);
    }
    for (let k = 0; k < inputs.length; k++) {
      const { data } = await ask({ t: 'q', i: 'w' + k, m: 'invoke', a: ['threads.list', { accountId, ...inputs[k] }] });
      const t = performance.now();
      const envelope = JSON.parse(JSON.parse(data).r);
      if (envelope.ok) for (const key of Object.keys(envelope.value)) envelope.value[key] = unpack(envelope.value[key]);
      parse.push(performance.now() - t);
    }
    ws.close();
    return { floor, parse };
  })()`;
}
