// The reader thread with its calls timed (see stamps.ts): the app's entry (reader-worker.ts) otherwise.
import { workerData, type MessagePort } from 'node:worker_threads';
import { serveReads } from '../../../electron/core/host/reader';
import { timedPort } from './stamps';

const data = workerData as { port: MessagePort; nativeBinding?: string };
serveReads(timedPort('reader', data.port) as unknown as MessagePort, data.nativeBinding);
