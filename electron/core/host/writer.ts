// The writer's thread: writes a pull's groups of pages and message batches into the account's file
// over a connection of its own, so the core's thread fetches and parses the next pages meanwhile
// (the writes, full-text indexes included, were about half of the core's thread during a full
// sync). Each is written by the same function as on the core's thread (sync/writes.ts). SQLite
// lets one connection write at a time; the core's own writes wait their turn (busy_timeout), as
// they waited for the pull's writes on the core's thread before.
import type { MessagePort } from 'node:worker_threads';
import { createRpc } from '../../shared/rpc';
import { joinStore, type Store } from '../store/index';
import { WRITES, type WriteKind } from '../sync/writes';

/** A write's answer: what it wrote, or the store's failure (its code kept: a full disk is said as
 *  one on the core's side). An Error's own fields do not survive the trip between threads. */
export type WriteAnswer =
  { ok: true; written: unknown } | { ok: false; message: string; code: string | null };

/** What the writer's thread answers (writer-client.ts). */
export interface WriterFunctions {
  write(file: string, kind: WriteKind, input: unknown): WriteAnswer;
  /** Closes this thread's connection to the file, if it has one. */
  release(file: string): void;
}

export function serveWriter(port: MessagePort, nativeBinding?: string): void {
  const stores = new Map<string, Store>();
  const functions: WriterFunctions = {
    write(file, kind, input) {
      try {
        if (!Object.prototype.hasOwnProperty.call(WRITES, kind))
          throw new Error(`no write "${String(kind)}"`);
        let store = stores.get(file);
        if (!store) {
          store = joinStore(file, nativeBinding ? { nativeBinding } : {});
          stores.set(file, store);
        }
        const run = WRITES[kind] as (s: Store, i: unknown) => unknown;
        return { ok: true, written: run(store, input) };
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
