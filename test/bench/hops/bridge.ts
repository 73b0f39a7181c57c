// The bench's hop timing on the web bridge's side (see stamps.ts): each list window the bridge
// sends into the core's process, and the calls that take what the core's process recorded.
import type { WebBridge } from '../../../electron/web/bridge';
import { now, READER_TRIPS, TAKE_HOPS, type Hops, type Span } from './stamps';

/** The bridge's calls of a list window into the core's process: sent to answered. */
let bridgeSpans: Span[] = [];

/** Times each list window the bridge sends to the core's process (the page's calls go through
 *  app.dispatchText, looked up at each call). */
export function timeBridgeCalls(b: WebBridge): void {
  const send = b.app.dispatchText;
  b.app.dispatchText = async (channel, payload) => {
    const start = now();
    try {
      return await send(channel, payload);
    } finally {
      if (channel === 'threads.list') bridgeSpans.push({ start, end: now() });
    }
  };
}

/** The bench child's methods over the bridge of `open()`, for the account's `where()`. */
export function hopMethods(open: () => WebBridge | null, where: () => { file: string; accountId: string }) {
  const bridge = (): WebBridge => {
    const b = open();
    if (!b) throw new Error('the app is not open');
    return b;
  };
  return {
    /** What each hop of the list windows since the last take took: the bridge's calls into the
     *  core's process, and what that process and its threads timed (core-child.ts here). */
    async takeHops(): Promise<{ bridge: Span[]; core: Hops }> {
      const core = await bridge().app.dispatch(TAKE_HOPS, {});
      if (!core.ok) throw new Error(core.error.message);
      const taken = bridgeSpans;
      bridgeSpans = [];
      return { bridge: taken, core: core.value as Hops };
    },
    /** The reader thread's round trip from the core process's router for each window, asked there. */
    async readerTrips(p: { inputs: Record<string, unknown>[] }): Promise<{ ms: number[] }> {
      const { file, accountId } = where();
      const inputs = p.inputs.map((i) => ({ accountId, ...i }));
      const e = await bridge().app.dispatch(READER_TRIPS, { file, inputs });
      if (!e.ok) throw new Error(e.error.message);
      return { ms: e.value as number[] };
    },
  };
}
