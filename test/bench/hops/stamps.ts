// The bench's hop timing, shared by the core process's timed entry (core-child.ts here) and its
// threads' timed twins: times are performance.timeOrigin + performance.now(), comparable across
// the threads and processes of one machine. Workers send theirs on a broadcast channel, after
// their answer has left, so the stamping never delays the answer it times.
import { BroadcastChannel } from 'node:worker_threads';

export const HOPS_CHANNEL = 'triage-bench-hops';
/** The contract-shaped call the timed entry answers itself with what it recorded. */
export const TAKE_HOPS = 'bench.hops';
/** Times the reader thread's round trip for given windows, whichever thread the router picks. */
export const READER_TRIPS = 'bench.readerTrips';

export const now = (): number => performance.timeOrigin + performance.now();

/** One call as a thread saw it: from its request arriving to its answer posted. */
export interface Own {
  who: 'core' | 'reader';
  /** The call's id on the thread's port (what the router's span of it carries). */
  id: string;
  start: number;
  end: number;
}

/** A span timed on the core process's main thread. */
export interface Span {
  start: number;
  end: number;
  channel?: string;
  id?: string;
}

export interface Hops {
  /** Calls from the bridge: arrival on the core process to the answer posted back. */
  router: Span[];
  /** The router's calls to the core's thread: posted to answered. */
  coreTrips: Span[];
  /** The router's reads on the reader thread: asked to answered. */
  readerTrips: Span[];
  /** Each thread's own time for a call. */
  own: Own[];
}

interface RpcMessage {
  t?: unknown;
  i?: unknown;
  m?: unknown;
  a?: unknown;
}

export const asRpc = (m: unknown): RpcMessage => (m && typeof m === 'object' ? (m as RpcMessage) : {});

/** A worker's port with its calls timed: each request from arrival to its answer posted. */
export function timedPort(
  who: Own['who'],
  port: { postMessage(m: unknown): void; on(e: 'message', l: (m: unknown) => void): unknown },
) {
  const out = new BroadcastChannel(HOPS_CHANNEL);
  out.unref();
  const started = new Map<string, number>();
  return {
    postMessage(message: unknown): void {
      // Its end is the answer ready to post: the copy on its way is the hop's, as is any wait for
      // this thread to run again after it (on 2 busy cores, sometimes longer than the hop itself).
      const m = asRpc(message);
      const start = m.t === 's' && typeof m.i === 'string' ? started.get(m.i) : undefined;
      const end = now();
      port.postMessage(message);
      if (start !== undefined) {
        started.delete(m.i as string);
        out.postMessage({ who, id: m.i as string, start, end } satisfies Own);
      }
    },
    on(event: 'message', listener: (m: unknown) => void): void {
      port.on(event, (message: unknown) => {
        const m = asRpc(message);
        if (m.t === 'q' && typeof m.i === 'string') started.set(m.i, now());
        listener(message);
      });
    },
  };
}
