// The core's process: Electron's utilityProcess runs this file. The first message from main
// carries the MessagePort the core is served on; the core closes when main asks, then this
// process exits. No `electron` import: the parent port is a property of `process` here.
import { hostCore } from '../core/host';

process.parentPort.once('message', (event) => {
  const port = event.ports[0];
  if (!port) return void process.exit(1);
  port.start();
  void hostCore({
    post: (message) => port.postMessage(message),
    listen: (listener) => port.on('message', (e) => listener(e.data)),
    close: () => port.close(),
  }).then(() => process.exit(0));
});
