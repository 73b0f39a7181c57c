// Entry of the core's reader thread (see reader.ts): served on the port it was given.
import { workerData, type MessagePort } from 'node:worker_threads';
import { serveReads } from './reader';

const data = workerData as { port: MessagePort; nativeBinding?: string };
serveReads(data.port, data.nativeBinding);
