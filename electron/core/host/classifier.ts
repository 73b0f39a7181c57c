// The classifier's thread: reads replies into suggested verdicts for the core's thread, so a
// suggestion pass during a sync costs the core's thread only its reads and writes (a reply's
// classification was most of the pass, and the sync keeps the core's thread busy). Pure work, no
// store: the replies come with the call, the suggestions go back in order.
import type { MessagePort } from 'node:worker_threads';
import type { ThreadSuggestion } from '../../shared/contract';
import { createRpc } from '../../shared/rpc';
import type { Learned } from '../suggest/index';
import { toSuggestion, type StoredReply } from '../suggest/stored';

/** Which rep's model a batch is read with: `model` comes along when this thread may not hold that
 *  version yet (the client remembers what it sent). */
export interface LearnedRef {
  account: string;
  version: string;
  model?: Learned;
}

/** What the classifier's thread answers (classifier-client.ts). */
export interface ClassifierFunctions {
  /** Each reply's suggestion, in order; throws when the model named is not held here. */
  classify(replies: StoredReply[], learned: LearnedRef): (ThreadSuggestion | null)[];
}

export function serveClassifier(port: MessagePort): void {
  /** Each account's latest model, as the client last sent it. */
  const models = new Map<string, { version: string; model: Learned }>();
  const functions: ClassifierFunctions = {
    classify(replies, learned) {
      if (learned.model) models.set(learned.account, { version: learned.version, model: learned.model });
      const held = models.get(learned.account);
      if (!held || held.version !== learned.version) throw new Error('that model is not held here');
      return replies.map((r) => toSuggestion(r, held.model));
    },
  };
  createRpc(functions, { post: (m) => port.postMessage(m), listen: (l) => port.on('message', l) });
}
