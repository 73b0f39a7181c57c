// A helper thread of the core's (the classifier's, the writer's) that runs only while there is
// work: the first call starts it (the call waits for its start) and it ends once idle, so an idle
// core holds no extra isolate. Whenever it cannot answer (it failed to start, ended, or its call
// threw) a call answers null and the caller does the work itself. A thread that failed before its
// first answer would fail again: no other is started then.
import { MessageChannel, type MessagePort, type Worker } from 'node:worker_threads';
import { createRpc, type Rpc } from '../../shared/rpc';

/** A helper thread idle this long ends (the next call starts another). */
export const HELPER_IDLE_MS = 10_000;

export interface HelperThread<F extends object, S> {
  /** Runs `call` on the thread (started first unless `start` is false); null when it cannot
   *  answer. `state` is the running thread's own (a new thread starts with a fresh one). */
  run<T>(call: (rpc: Rpc<F>, state: S) => Promise<T>, start?: boolean): Promise<T | null>;
  close(): Promise<void>;
}

interface Running<F extends object, S> {
  worker: Worker;
  rpc: Rpc<F>;
  state: S;
  answered: boolean;
}

export function helperThread<F extends object, S = null>(
  spawn: (port: MessagePort) => Worker,
  state: () => S,
  idleMs = HELPER_IDLE_MS,
): HelperThread<F, S> {
  let running: Running<F, S> | null = null;
  let closed = false;
  let unusable = false;
  let inFlight = 0;
  let idle: ReturnType<typeof setTimeout> | null = null;

  const end = async (r: Running<F, S> | null): Promise<void> => {
    if (!r) return;
    if (running === r) running = null;
    r.rpc.$close();
    await r.worker.terminate().catch(() => undefined);
  };
  const launch = (): Running<F, S> | null => {
    try {
      const { port1, port2 } = new MessageChannel();
      const worker = spawn(port2);
      const rpc = createRpc<F>(
        {},
        { post: (m) => port1.postMessage(m), listen: (l) => port1.on('message', l) },
      );
      const r: Running<F, S> = { worker, rpc, state: state(), answered: false };
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
    async run(call, start = true) {
      if (closed || unusable || (!start && !running)) return null;
      if (idle) clearTimeout(idle);
      idle = null;
      const r = (running ??= launch());
      if (!r) return null;
      inFlight++;
      try {
        const out = await call(r.rpc, r.state);
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
