// What the bridge answers on a call socket (calls travel through ../shared/rpc.ts as JSON).

export interface SocketFunctions {
  /** One contract call; the answer as the core packed it (../shared/packed.ts). */
  invoke(channel: unknown, payload: unknown): Promise<string>;
}
