// The web bridge's core: a child process that hosts the app behind its IPC channel. Its main
// thread only routes (core/host/router.ts): the app runs on the core's thread and list reads of a
// syncing account go to the reader thread, so neither the bridge's event loop (HTTP, WebSocket,
// events) nor a list read ever waits on a sync's work.
import type { Serializable } from 'node:child_process';
import { CORE_THREAD_LIMITS, startCoreThread } from '../core/host/core-thread';
import { startReader } from '../core/host/reader-client';
import { hostCore } from '../core/host/router';
import { tsWorker } from './ts-worker';

const send = (message: unknown): void => {
  if (process.connected) process.send?.(message as Serializable);
};
// The bridge closed the channel (after the core closed its stores) or went away: nothing is left
// to answer. Exiting here, not when hostCore resolves, lets the last message leave first.
process.on('disconnect', () => process.exit(0));
void hostCore(
  {
    post: send,
    listen: (listener) => process.on('message', listener),
    close: () => {
      if (process.connected) process.disconnect();
    },
  },
  {
    startCore: (onLost) =>
      startCoreThread(
        (port) =>
          tsWorker(
            new URL('../core/host/core-worker.ts', import.meta.url),
            { port },
            [port],
            CORE_THREAD_LIMITS,
          ),
        onLost,
      ),
    startReader: (nativeBinding) =>
      startReader((port) =>
        tsWorker(new URL('../core/host/reader-worker.ts', import.meta.url), { port, nativeBinding }, [port]),
      ),
  },
);
