// The web bridge's core process: hosts the app on the IPC channel to the bridge (and starts the
// reader thread beside it), so the bridge's own event loop (HTTP, WebSocket, events) never waits
// on a SQLite write, and list reads never wait on a sync commit. Ends with the bridge.
import { hostCore } from '../core/host';
import { startReader } from '../core/reader-client';
import { tsWorker } from './ts-worker';

process.on('disconnect', () => process.exit(0));
void hostCore(
  {
    post: (message) => {
      if (process.connected) process.send?.(message);
    },
    listen: (listener) => process.on('message', listener),
    close: () => undefined,
  },
  (nativeBinding) =>
    startReader((readerPort) =>
      tsWorker(new URL('../core/reader-worker.ts', import.meta.url), { port: readerPort, nativeBinding }, [
        readerPort,
      ]),
    ),
).then(() => process.exit(0));
