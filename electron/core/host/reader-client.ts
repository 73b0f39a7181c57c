// The core thread's side of the reader thread (reader.ts): sends it list reads with the file to
// read, and answers null whenever it cannot (not started, gone), so the core answers instead.
import { MessageChannel, type MessagePort, type Worker } from 'node:worker_threads';
import { createRpc } from '../../shared/rpc';
import type { ReaderFunctions } from './reader';

type Reads = Pick<ReaderFunctions, 'read' | 'readUnified' | 'readText' | 'readUnifiedText'>;

/** The reader's reads (reader.ts says what each answers), each null whenever the core must answer. */
export type ReaderClient = {
  [K in keyof Reads]: (...args: Parameters<Reads[K]>) => Promise<Awaited<ReturnType<Reads[K]>> | null>;
} & {
  /** Closes every connection (before an account's file is removed or switched); reopened on use. */
  forget(): Promise<void>;
  /** The quick check of a file on the reader's thread; undefined when the reader is gone. */
  check(file: string): Promise<string | null | undefined>;
  close(): Promise<void>;
};

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
  /** One of the reads, answered null once the reader is gone or if it fails. */
  const guarded =
    <K extends keyof Reads>(name: K) =>
    (...args: Parameters<Reads[K]>): Promise<Awaited<ReturnType<Reads[K]>> | null> => {
      if (reader.$closed) return Promise.resolve(null);
      return reader.$call(name, ...args).catch(() => null);
    };
  return {
    read: guarded('read'),
    readUnified: guarded('readUnified'),
    readText: guarded('readText'),
    readUnifiedText: guarded('readUnifiedText'),
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
