// The core's side of the classifier's thread (classifier.ts), a helper thread (helper-thread.ts):
// it runs only while passes send it work. Whenever it cannot answer a batch answers null and the
// pass reads those replies itself: slower during a sync, never a suggestion lost.
import type { MessagePort, Worker } from 'node:worker_threads';
import type { Classifier } from '../suggest/stored';
import type { ClassifierFunctions } from './classifier';
import { HELPER_IDLE_MS, helperThread } from './helper-thread';

export function startClassifier(spawn: (port: MessagePort) => Worker, idleMs = HELPER_IDLE_MS): Classifier {
  // Each account's model version the running thread was sent.
  const thread = helperThread<ClassifierFunctions, Map<string, string>>(spawn, () => new Map(), idleMs);
  return {
    classify: (replies, learned) =>
      thread.run((rpc, sent) => {
        const fresh = sent.get(learned.account) !== learned.version;
        const ref = {
          account: learned.account,
          version: learned.version,
          ...(fresh ? { model: learned.model } : {}),
        };
        sent.set(learned.account, learned.version);
        return rpc.classify(replies, ref);
      }),
    close: () => thread.close(),
  };
}
