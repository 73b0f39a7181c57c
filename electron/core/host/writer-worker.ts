// Entry of the writer's thread (see writer.ts): served on the port it was given.
import { workerData, type MessagePort } from 'node:worker_threads';
import { serveWriter } from './writer';

const data = workerData as { port: MessagePort; nativeBinding?: string };
serveWriter(data.port, data.nativeBinding);
