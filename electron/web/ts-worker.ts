// A worker thread running a TypeScript entry: a worker's execArgv cannot carry a module loader,
// so the worker registers tsx itself first (as `npm run web` runs the bridge through tsx). Its
// require hooks, not its ESM hooks: on Node 20 a thread that registers ESM hooks starts a hooks
// thread of its own, an isolate that held about 20 MB of the core's process per worker; the
// require hooks compile in the worker itself (ESM-only packages still load, through require).
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker, type ResourceLimits, type TransferListItem } from 'node:worker_threads';

const tsx = createRequire(import.meta.url).resolve('tsx/cjs/api');

/** The code a worker runs to load `entry` (a TypeScript file) through tsx. */
export function tsBoot(entry: URL): string {
  return `require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(fileURLToPath(entry))});`;
}

export function tsWorker(
  entry: URL,
  workerData: unknown,
  transferList: TransferListItem[],
  resourceLimits?: ResourceLimits,
): Worker {
  return new Worker(tsBoot(entry), {
    eval: true,
    workerData,
    transferList,
    ...(resourceLimits ? { resourceLimits } : {}),
  });
}
