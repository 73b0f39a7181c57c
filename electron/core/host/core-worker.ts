// Entry of the core's thread (see serve.ts): served on the port it was given; ends once the core
// has closed.
import { workerData, type MessagePort } from 'node:worker_threads';
import { serveCore } from './serve';

const data = workerData as { port: MessagePort };
void serveCore({
  post: (message) => data.port.postMessage(message),
  listen: (listener) => data.port.on('message', listener),
  close: () => data.port.close(),
});
