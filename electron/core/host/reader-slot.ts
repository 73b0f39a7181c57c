// The reader thread (reader.ts) runs only while it has work: an account's sync, whose list reads
// it answers, or a store's full check. Otherwise every read goes to the core's thread, so an idle
// reader would hold its isolate, its modules and its connections' page caches for nothing (about
// a fifth of the core process's memory behind the web bridge); the next sync starts it again.
import type { ReaderClient } from './reader-client';

export interface ReaderSlot {
  /** The reader once it has started answering, or null: a read never waits for its start (tenths
   *  of a second), the core's thread answers meanwhile as when no sync runs. */
  ready(): ReaderClient | null;
  /** The running reader, answering or still starting (a check or a forget may wait for it). */
  running(): ReaderClient | null;
  /** Keeps the reader running, started now if none runs, until the answer is called. */
  hold(): () => void;
  /** Ends the reader and starts none after. */
  close(): Promise<void>;
}

/** A slot that starts readers with `start` (null: never, reads then stay on the core's thread). */
export function readerSlot(start: (() => ReaderClient) | null): ReaderSlot {
  let reader: ReaderClient | null = null;
  let answering: ReaderClient | null = null;
  let holds = 0;
  let closed = false;
  const launch = (): void => {
    try {
      const started = start!();
      reader = started;
      // Its first answer (to a call that changes nothing) says its modules are loaded.
      void started.forget().then(() => {
        if (reader === started) answering = started;
      });
    } catch {
      reader = null; // Reads then stay on the core's thread: slower during a sync, never wrong.
    }
  };
  const end = (): ReaderClient | null => {
    const ending = reader;
    reader = answering = null;
    return ending;
  };
  return {
    ready: () => answering,
    running: () => reader,
    hold() {
      if (closed || !start) return () => undefined;
      holds++;
      if (!reader) launch();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        holds--;
        // Reads still in flight answer null there, and the core's thread answers them.
        if (holds === 0)
          void end()
            ?.close()
            .catch(() => undefined);
      };
    },
    async close() {
      closed = true;
      await end()?.close();
    },
  };
}
