// The core's process: Electron's utilityProcess runs this file. The first message from main
// carries the MessagePort the core is served on; the core closes when main asks, then this
// process exits. The reader thread (reader.js, built beside this file) answers list reads while
// the core's thread commits a sync. No `electron` import: the parent port is on `process` here.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { hostCore } from '../core/host/serve';
import { startReader } from '../core/host/reader-client';

const here = fileURLToPath(new URL('.', import.meta.url));

process.parentPort.once('message', (event) => {
  const port = event.ports[0];
  if (!port) return void process.exit(1);
  port.start();
  void hostCore(
    {
      post: (message) => port.postMessage(message),
      listen: (listener) => port.on('message', (e) => listener(e.data)),
      close: () => port.close(),
    },
    (nativeBinding) =>
      startReader(
        (readerPort) =>
          new Worker(join(here, 'reader.js'), {
            workerData: { port: readerPort, nativeBinding },
            transferList: [readerPort],
          }),
      ),
  ).then(() => process.exit(0));
});
