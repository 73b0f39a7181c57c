// The core thread's side of the reader thread (reader.ts): sends it list reads with the file to
// read, and answers null whenever it cannot (not started, gone), so the core answers instead.
import { MessageChannel, type MessagePort, type Worker } from 'node:worker_threads';
import type { Envelope } from '../../shared/contract';
import type { FromReader, ToReader } from './reader';

export interface ReaderClient {
  read(file: string, channel: string, payload: unknown): Promise<Envelope<unknown> | null>;
  /** Closes every connection (before an account's file is removed or switched); reopened on use. */
  forget(): Promise<void>;
  close(): Promise<void>;
}

/** Starts the reader with `spawn` (a worker given its port); see serve.ts for who spawns it how. */
export function startReader(spawn: (port: MessagePort) => Worker): ReaderClient {
  const { port1, port2 } = new MessageChannel();
  const worker = spawn(port2);
  let alive = true;
  let next = 1;
  const waiting = new Map<number, (envelope: Envelope<unknown> | null) => void>();
  const gone = (): void => {
    alive = false;
    for (const resolve of waiting.values()) resolve(null);
    waiting.clear();
  };
  worker.on('error', gone);
  worker.on('exit', gone);
  port1.on('message', (message: FromReader) => {
    waiting.get(message.id)?.(message.type === 'result' ? message.envelope : null);
    waiting.delete(message.id);
  });
  const ask = (message: ToReader): Promise<Envelope<unknown> | null> =>
    new Promise((resolve) => {
      if (!alive) return resolve(null);
      waiting.set(message.id, resolve);
      port1.postMessage(message);
    });
  return {
    read: (file, channel, payload) => ask({ type: 'read', id: next++, file, channel, payload }),
    forget: async () => void (await ask({ type: 'forget', id: next++ })),
    async close() {
      gone();
      port1.close();
      await worker.terminate();
    },
  };
}
