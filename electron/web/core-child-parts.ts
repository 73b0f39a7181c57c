// What the web bridge's core process is made of (core-child.ts runs it): its channel to the bridge
// and how it starts the core's thread, the reader thread and the helper threads (the classifier's, the writer's). Apart from the entry so that the
// bench's own entry (test/bench/hops) can run the same process with its hops timed.
import type { Serializable } from 'node:child_process';
import { CORE_THREAD_LIMITS, startCoreThread } from '../core/host/core-thread';
import { startReader } from '../core/host/reader-client';
import type { RouterOptions } from '../core/host/router';
import type { CorePort } from '../core/host/wire';
import { tsBoot, tsWorker } from './ts-worker';

/** The child process's IPC channel to the bridge. */
export function childPort(): CorePort {
  return {
    post: (message) => {
      if (process.connected) process.send?.(message as Serializable);
    },
    listen: (listener) => process.on('message', listener),
    close: () => {
      if (process.connected) process.disconnect();
    },
  };
}

/** The classifier's thread's entry, loaded through tsx (the bench and the tests start it too). */
export const CLASSIFIER_ENTRY = new URL('../core/host/classifier-worker.ts', import.meta.url);
/** The writer's thread's entry, loaded through tsx (the bench and the tests start it too). */
export const WRITER_ENTRY = new URL('../core/host/writer-worker.ts', import.meta.url);
/** The searchers' threads' entry, loaded through tsx (the bench and the tests start it too). */
export const SEARCHER_ENTRY = new URL('../core/host/searcher-worker.ts', import.meta.url);

/** The threads' entries: the app's own unless a bench gives its timed twins. */
export interface ThreadEntries {
  core?: URL;
  reader?: URL;
}

export function childRouterOptions(entries: ThreadEntries = {}): Required<RouterOptions> {
  return {
    startCore: (onLost) =>
      startCoreThread(
        (port) =>
          tsWorker(
            entries.core ?? new URL('../core/host/core-worker.ts', import.meta.url),
            { port },
            [port],
            CORE_THREAD_LIMITS,
          ),
        onLost,
      ),
    startReader: (nativeBinding) =>
      startReader((port) =>
        tsWorker(
          entries.reader ?? new URL('../core/host/reader-worker.ts', import.meta.url),
          { port, nativeBinding },
          [port],
        ),
      ),
    classifier: { code: tsBoot(CLASSIFIER_ENTRY) },
    writer: { code: tsBoot(WRITER_ENTRY) },
    searcher: { code: tsBoot(SEARCHER_ENTRY) },
  };
}
