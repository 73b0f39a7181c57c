// Entry of the classifier's thread (see classifier.ts): served on the port it was given.
import { workerData, type MessagePort } from 'node:worker_threads';
import { runInBackground } from './background';
import { serveClassifier } from './classifier';

runInBackground();
serveClassifier((workerData as { port: MessagePort }).port);
