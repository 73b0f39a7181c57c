// Starts the core in a worker thread and connects to it over a MessageChannel: the web bridge's
// twin of Electron's utilityProcess. The worker runs TypeScript through tsx, as `npm run web` does.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { MessageChannel, Worker } from 'node:worker_threads';
import { connectCore, type CoreClient } from '../core/remote';
import type { CoreStart } from '../core/wire';

const entry = new URL('./core-worker.ts', import.meta.url).href;
// The ESM build of tsx's API (require.resolve finds its CommonJS twin; the folder is the same).
const tsx = pathToFileURL(
  createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/index\.cjs$/, 'index.mjs'),
).href;
// A worker's execArgv cannot carry a module loader, so the worker registers tsx itself first.
const boot = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); })`;

export function startCoreThread(options: CoreStart): CoreClient {
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(boot, { eval: true, workerData: { port: port2 }, transferList: [port2] });
  const client = connectCore({
    post: (message) => port1.postMessage(message),
    listen: (listener) => port1.on('message', listener),
    close: () => port1.close(),
  });
  worker.on('error', (error) => client.lost(`The app's core failed: ${error.message}`));
  worker.on('exit', () => client.lost('The app stopped answering.'));
  port1.postMessage({ type: 'start', options });
  const close = client.close.bind(client);
  return {
    ...client,
    async close() {
      await close();
      await worker.terminate();
    },
  };
}
