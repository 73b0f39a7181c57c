// Entry of a searcher's thread (see searcher.ts): served on the port it was given.
import { workerData, type MessagePort } from 'node:worker_threads';
import { serveSearcher } from './searcher';

const data = workerData as { port: MessagePort; nativeBinding?: string };
serveSearcher(data.port, data.nativeBinding);
