// The core's thread as its process's main thread sees it (router.ts): a worker given one end of a
// channel, served there by serve.ts (core-worker.ts is its entry).
import { MessageChannel, type MessagePort, type ResourceLimits, type Worker } from 'node:worker_threads';
import type { CoreThread } from './router';

/** A small young generation: a pull allocates fast, and V8 kept the young space it grew (and the
 *  old space its survivors filled) long after. With 4 MB the core's process settled at 207-224
 *  instead of 330 MB after a sync of 20,000 threads (the bench's small scale), the sync no slower. */
export const CORE_THREAD_LIMITS: ResourceLimits = { maxYoungGenerationSizeMb: 4 };

/** Starts the core's thread with `spawn` (a worker given its port); see router.ts. */
export function startCoreThread(spawn: (port: MessagePort) => Worker, onLost: () => void): CoreThread {
  const { port1, port2 } = new MessageChannel();
  const worker = spawn(port2);
  let stopping = false;
  const lost = (): void => {
    if (!stopping) onLost();
  };
  worker.on('error', lost);
  worker.on('exit', lost);
  return {
    port: {
      post: (message) => port1.postMessage(message),
      listen: (listener) => port1.on('message', listener),
      close: () => port1.close(),
    },
    async stop() {
      stopping = true;
      port1.close();
      await worker.terminate();
    },
  };
}
