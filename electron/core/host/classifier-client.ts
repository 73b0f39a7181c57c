// The core's side of the classifier's thread (classifier.ts). The thread runs only while passes
// send it work: it starts with the first batch (a batch waits for its start) and ends once idle,
// so a core with nothing to read holds no second isolate. Whenever it cannot answer (it failed to
// start, ended, or threw) a batch answers null and the pass reads those replies itself: slower
// during a sync, never a suggestion lost.
import { MessageChannel, type MessagePort, type Worker } from 'node:worker_threads';
import { createRpc, type Rpc } from '../../shared/rpc';
import type { Classifier } from '../suggest/stored';
import type { ClassifierFunctions } from './classifier';

/** A thread idle this long ends (the next batch starts another). */
export const CLASSIFIER_IDLE_MS = 10_000;

interface Running {
  worker: Worker;
  rpc: Rpc<ClassifierFunctions>;
  /** Each account's model version this thread was sent. */
  sent: Map<string, string>;
  answered: boolean;
}

export function startClassifier(
  spawn: (port: MessagePort) => Worker,
  idleMs = CLASSIFIER_IDLE_MS,
): Classifier {
  let running: Running | null = null;
  let closed = false;
  /** A thread that failed before its first answer will fail again: the pass reads in place. */
  let unusable = false;
  let inFlight = 0;
  let idle: ReturnType<typeof setTimeout> | null = null;

  const end = async (r: Running | null): Promise<void> => {
    if (!r) return;
    if (running === r) running = null;
    r.rpc.$close();
    await r.worker.terminate().catch(() => undefined);
  };
  const launch = (): Running | null => {
    try {
      const { port1, port2 } = new MessageChannel();
      const worker = spawn(port2);
      const rpc = createRpc<ClassifierFunctions>(
        {},
        { post: (m) => port1.postMessage(m), listen: (l) => port1.on('message', l) },
      );
      const r: Running = { worker, rpc, sent: new Map(), answered: false };
      const lost = (): void => {
        if (!r.answered) unusable = true;
        void end(r);
      };
      worker.on('error', lost);
      worker.on('exit', lost);
      // Never keeps the process alive on its own.
      worker.unref();
      return r;
    } catch {
      unusable = true;
      return null;
    }
  };

  return {
    async classify(replies, learned) {
      if (closed || unusable) return null;
      if (idle) clearTimeout(idle);
      idle = null;
      const r = (running ??= launch());
      if (!r) return null;
      inFlight++;
      try {
        const fresh = r.sent.get(learned.account) !== learned.version;
        const ref = {
          account: learned.account,
          version: learned.version,
          ...(fresh ? { model: learned.model } : {}),
        };
        r.sent.set(learned.account, learned.version);
        const out = await r.rpc.classify(replies, ref);
        r.answered = true;
        return out;
      } catch {
        void end(r);
        return null;
      } finally {
        inFlight--;
        if (inFlight === 0 && running === r && !closed)
          idle = setTimeout(() => {
            idle = null;
            if (inFlight === 0) void end(running);
          }, idleMs);
        idle?.unref?.();
      }
    },
    async close() {
      closed = true;
      if (idle) clearTimeout(idle);
      await end(running);
    },
  };
}
