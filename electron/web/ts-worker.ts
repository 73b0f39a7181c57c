// A worker thread running a TypeScript entry: a worker's execArgv cannot carry a module loader,
// so the worker registers tsx itself first (as `npm run web` runs the bridge through tsx).
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type ResourceLimits, type TransferListItem } from 'node:worker_threads';

// The ESM build of tsx's API (require.resolve finds its CommonJS twin; the folder is the same).
const tsx = pathToFileURL(
  createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/index\.cjs$/, 'index.mjs'),
).href;

export function tsWorker(
  entry: URL,
  workerData: unknown,
  transferList: TransferListItem[],
  resourceLimits?: ResourceLimits,
): Worker {
  const boot = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(boot, {
    eval: true,
    workerData,
    transferList,
    ...(resourceLimits ? { resourceLimits } : {}),
  });
}
