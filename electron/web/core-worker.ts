// The web bridge's core: a worker thread that hosts the app behind the port it was given (and
// starts the reader thread beside it), so the bridge's own event loop (HTTP, WebSocket, events)
// never waits on a SQLite write, and list reads never wait on a sync commit.
import { workerData, type MessagePort } from 'node:worker_threads';
import { hostCore } from '../core/host';
import { startReader } from '../core/reader-client';
import { tsWorker } from './core-thread';

const port = (workerData as { port: MessagePort }).port;
void hostCore(
  {
    post: (message) => port.postMessage(message),
    listen: (listener) => port.on('message', listener),
    close: () => port.close(),
  },
  (nativeBinding) =>
    startReader((readerPort) =>
      tsWorker(new URL('../core/reader-worker.ts', import.meta.url), { port: readerPort, nativeBinding }, [
        readerPort,
      ]),
    ),
);
