// The core's thread with its calls timed (see stamps.ts): the app's entry (core-worker.ts) otherwise.
import { workerData, type MessagePort } from 'node:worker_threads';
import { serveCore } from '../../../electron/core/host/serve';
import { timedPort } from './stamps';

const data = workerData as { port: MessagePort };
const port = timedPort('core', data.port);
void serveCore({
  post: (message) => port.postMessage(message),
  listen: (listener) => port.on('message', listener),
  close: () => data.port.close(),
});
