// The one request/reply helper for every port the app talks over: the core's process (a
// MessagePort in Electron, a child's IPC channel beside the web bridge), the reader thread, and
// the browser's call socket. It is birpc (tiny, no dependencies, the same in Node and a browser,
// typed calls and events), with what every port here needs: no time limit (a call lasts as long
// as its work, a sync or a person answering a dialog), only the functions given are callable (a
// message naming `constructor` or `__proto__` finds nothing), and a malformed message is dropped.
import { createBirpc, type BirpcReturn } from 'birpc';
import { PackedJson } from './packed';

export type Rpc<Remote extends object, Local extends object = object> = BirpcReturn<Remote, Local>;

export interface RpcPort {
  post(message: unknown): void;
  listen(listener: (message: unknown) => void): void;
  /** Ports that carry text (a WebSocket) write and read each message as JSON; the others carry
   *  it as it is (structured clone). */
  text?: boolean;
}

/** A message as JSON text; an answer that is a packed text (PackedJson) goes in as the JSON it is. */
function toText(message: unknown): string {
  const m = message as { t?: unknown; i?: unknown; r?: unknown };
  if (m.t === 's' && m.r instanceof PackedJson) return `{"t":"s","i":${JSON.stringify(m.i)},"r":${m.r.text}}`;
  return JSON.stringify(message);
}

/** What birpc reads back when a message is not one of its own: an answer to no call, ignored. */
const IGNORED = { t: 's', i: '' };

function wellFormed(message: unknown): unknown {
  if (!message || typeof message !== 'object') return IGNORED;
  const m = message as { t?: unknown; i?: unknown; m?: unknown; a?: unknown };
  if (m.t === 'q') {
    const ok =
      typeof m.m === 'string' && Array.isArray(m.a) && (m.i === undefined || typeof m.i === 'string');
    return ok ? message : IGNORED;
  }
  return m.t === 's' && typeof m.i === 'string' ? message : IGNORED;
}

/** Serves `local` on `port` and returns the other side's functions; `events` are the remote
 *  functions called without waiting for an answer. */
export function createRpc<Remote extends object, Local extends object = object>(
  local: Local,
  port: RpcPort,
  events: (keyof Remote)[] = [],
): Rpc<Remote, Local> {
  return createBirpc<Remote, Local>(local, {
    post: (message) => port.post(message),
    on: (listener) => port.listen(listener),
    ...(port.text ? { serialize: toText } : {}),
    deserialize: (data: unknown) => {
      if (!port.text) return wellFormed(data);
      try {
        return typeof data === 'string' ? wellFormed(JSON.parse(data)) : IGNORED;
      } catch {
        return IGNORED;
      }
    },
    eventNames: events,
    timeout: -1,
    resolver: (name, fn) => (Object.prototype.hasOwnProperty.call(local, name) ? fn : undefined),
    // Sending an answer failed (the other side went away mid-call): nothing is left to tell. A call
    // whose message cannot be sent rejects, so its caller decides.
    onGeneralError: (_error, functionName) => functionName !== undefined,
  });
}
