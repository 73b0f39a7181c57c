// The core's process: Electron's utilityProcess runs this file. The first message from main
// carries the MessagePort the core is served on; the core closes when main asks, then this
// process exits. This thread only routes (core/host/router.ts): the app runs on the core's thread
// (coreThread.js), the reader thread (reader.js) answers list reads while a sync runs, the
// classifier's thread (classifier.js, started by the core's thread) reads replies for
// suggestions, the writer's thread (writer.js, started by it too) writes a sync's message
// batches, and the searchers' threads (searcher.js, started by it too) search All inboxes' stores
// side by side, all built beside this file. No `electron` import: the parent port is on `process` here.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { CORE_THREAD_LIMITS, startCoreThread } from '../core/host/core-thread';
import { startReader } from '../core/host/reader-client';
import { hostCore } from '../core/host/router';

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
    {
      startCore: (onLost) =>
        startCoreThread(
          (corePort) =>
            new Worker(join(here, 'coreThread.js'), {
              workerData: { port: corePort },
              transferList: [corePort],
              resourceLimits: CORE_THREAD_LIMITS,
            }),
          onLost,
        ),
      startReader: (nativeBinding) =>
        startReader(
          (readerPort) =>
            new Worker(join(here, 'reader.js'), {
              workerData: { port: readerPort, nativeBinding },
              transferList: [readerPort],
            }),
        ),
      classifier: { file: join(here, 'classifier.js') },
      writer: { file: join(here, 'writer.js') },
      searcher: { file: join(here, 'searcher.js') },
    },
  ).then(() => process.exit(0));
});
