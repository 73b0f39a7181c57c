// The writer's thread: writes a sync's message batches into the account's file over a connection
// of its own, so the core's thread fetches and parses the next threads' messages meanwhile (the
// batches' writes, full-text index included, were about a third of the core's thread during a
// full sync). The batch is written by the same function as on the core's thread
// (sync/messageBatch.ts). SQLite lets one connection write at a time; the core's own writes wait
// their turn (busy_timeout), as they waited for the batch on the core's thread before.
import type { MessagePort } from 'node:worker_threads';
import { createRpc } from '../../shared/rpc';
import { joinStore, type Store } from '../store/index';
import { writeMessageBatch, type BatchWritten, type FetchedMessages } from '../sync/messageBatch';

/** A batch's answer: what it wrote, or the store's failure (its code kept: a full disk is said as
 *  one on the core's side). An Error's own fields do not survive the trip between threads. */
export type WriteAnswer =
  { ok: true; written: BatchWritten } | { ok: false; message: string; code: string | null };

/** What the writer's thread answers (writer-client.ts). */
export interface WriterFunctions {
  messages(file: string, batch: FetchedMessages[], initialDone: boolean): WriteAnswer;
  /** Closes this thread's connection to the file, if it has one. */
  release(file: string): void;
}

export function serveWriter(port: MessagePort, nativeBinding?: string): void {
  const stores = new Map<string, Store>();
  const functions: WriterFunctions = {
    messages(file, batch, initialDone) {
      try {
        let store = stores.get(file);
        if (!store) {
          store = joinStore(file, nativeBinding ? { nativeBinding } : {});
          stores.set(file, store);
        }
        return { ok: true, written: writeMessageBatch(store, batch, initialDone) };
      } catch (err) {
        const code = (err as { code?: unknown } | null)?.code;
        return {
          ok: false,
          message: err instanceof Error ? err.message : String(err),
          code: typeof code === 'string' ? code : null,
        };
      }
    },
    release(file) {
      stores.get(file)?.close();
      stores.delete(file);
    },
  };
  createRpc(functions, { post: (m) => port.postMessage(m), listen: (l) => port.on('message', l) });
}
