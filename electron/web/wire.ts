// What the page and the bridge say to each other beside the contract: how a page names itself,
// what the bridge answers on a call socket (calls travel through ../shared/rpc.ts as JSON).
import type { PackedJson } from '../shared/packed';

export interface SocketFunctions {
  /** One contract call; the answer as the core packed it (../shared/packed.ts), written into the
   *  socket's message as JSON: the page reads it with unpackReceived. */
  invoke(channel: unknown, payload: unknown): Promise<PackedJson>;
}

/** The header (on /rpc) and query parameter (on /socket and /events) that name a page (page-events.ts). */
export const PAGE_HEADER = 'x-triage-page';
export const PAGE_PARAM = 'page';
