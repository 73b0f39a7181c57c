// The core thread's side of the reader thread (reader.ts): sends it list reads with the file to
// read, and answers null whenever it cannot (not started, gone), so the core answers instead.
import { MessageChannel, type MessagePort, type Worker } from 'node:worker_threads';
import type { Envelope } from '../../shared/contract';
import { createRpc } from '../../shared/rpc';
import type { ReaderFunctions } from './reader';

export interface ReaderClient {
  read(file: string, channel: string, payload: unknown): Promise<Envelope<unknown> | null>;
  readUnified(
    files: readonly { accountId: string; file: string }[],
    channel: string,
    payload: unknown,
  ): Promise<Envelope<unknown> | null>;
  /** The same reads answered as the text a browser page gets; null whenever the core must answer. */
  readText(file: string, channel: string, payload: unknown): Promise<string | null>;
  readUnifiedText(
    files: readonly { accountId: string; file: string }[],
    channel: string,
    payload: unknown,
  ): Promise<string | null>;
  /** Closes every connection (before an account's file is removed or switched); reopened on use. */
  forget(): Promise<void>;
  /** The quick check of a file on the reader's thread; undefined when the reader is gone. */
  check(file: string): Promise<string | null | undefined>;
  close(): Promise<void>;
}

/** Starts the reader with `spawn` (a worker given its port); see serve.ts for who spawns it how. */
export function startReader(spawn: (port: MessagePort) => Worker): ReaderClient {
  const { port1, port2 } = new MessageChannel();
  const worker = spawn(port2);
  const reader = createRpc<ReaderFunctions>(
    {},
    { post: (message) => port1.postMessage(message), listen: (listener) => port1.on('message', listener) },
  );
  const gone = (): void => reader.$close();
  worker.on('error', gone);
  worker.on('exit', gone);
  return {
    read: (file, channel, payload) =>
      reader.$closed ? Promise.resolve(null) : reader.read(file, channel, payload).catch(() => null),
    readUnified: (files, channel, payload) =>
      reader.$closed ? Promise.resolve(null) : reader.readUnified(files, channel, payload).catch(() => null),
    readText: (file, channel, payload) =>
      reader.$closed ? Promise.resolve(null) : reader.readText(file, channel, payload).catch(() => null),
    readUnifiedText: (files, channel, payload) =>
      reader.$closed
        ? Promise.resolve(null)
        : reader.readUnifiedText(files, channel, payload).catch(() => null),
    forget: async () => {
      if (!reader.$closed) await reader.forget().catch(() => undefined);
    },
    check: (file) =>
      reader.$closed ? Promise.resolve(undefined) : reader.check(file).catch(() => undefined),
    async close() {
      gone();
      port1.close();
      await worker.terminate();
    },
  };
}
