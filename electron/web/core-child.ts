// The web bridge's core: a child process that hosts the app behind its IPC channel (and starts
// the reader thread beside it), so the bridge's own event loop (HTTP, WebSocket, events) never
// waits on a SQLite write, and list reads never wait on a sync commit.
import type { Serializable } from 'node:child_process';
import { hostCore } from '../core/host/serve';
import { startReader } from '../core/host/reader-client';
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
  (nativeBinding) =>
    startReader((port) =>
      tsWorker(new URL('../core/host/reader-worker.ts', import.meta.url), { port, nativeBinding }, [port]),
    ),
);
