// The web bridge's core: a worker thread that hosts the app behind the port it was given, so the
// bridge's own event loop (HTTP, WebSocket, events) never waits on a SQLite write.
import { workerData, type MessagePort } from 'node:worker_threads';
import { hostCore } from '../core/host';

const port = (workerData as { port: MessagePort }).port;
void hostCore({
  post: (message) => port.postMessage(message),
  listen: (listener) => port.on('message', listener),
  close: () => port.close(),
});
