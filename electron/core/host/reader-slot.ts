// The reader thread (reader.ts) runs only while it has work: an account's sync, whose list reads
// it answers, or a store's full check. Otherwise every read goes to the core's thread, so an idle
// reader would hold its isolate, its modules and its connections' page caches for nothing (about
// a fifth of the core process's memory behind the web bridge); the next sync starts it again.
import type { ReaderClient } from './reader-client';

export interface ReaderSlot {
  /** The running reader, or null (none is held, or it could not start). */
  current(): ReaderClient | null;
  /** Keeps the reader running, started now if none runs, until the answer is called. */
  hold(): () => void;
  /** Ends the reader and starts none after. */
  close(): Promise<void>;
}

/** A slot that starts readers with `start` (null: never, reads then stay on the core's thread). */
export function readerSlot(start: (() => ReaderClient) | null): ReaderSlot {
  let reader: ReaderClient | null = null;
  let holds = 0;
  let closed = false;
  return {
    current: () => reader,
    hold() {
      if (closed || !start) return () => undefined;
      holds++;
      if (!reader) {
        try {
          reader = start();
        } catch {
          reader = null; // Reads then stay on the core's thread: slower during a sync, never wrong.
        }
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        holds--;
        if (holds > 0 || !reader) return;
        // Reads still in flight answer null there, and the core's thread answers them.
        const ending = reader;
        reader = null;
        void ending.close().catch(() => undefined);
      };
    },
    async close() {
      closed = true;
      const ending = reader;
      reader = null;
      await ending?.close();
    },
  };
}
