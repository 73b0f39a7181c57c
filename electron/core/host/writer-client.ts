// The core's side of the writer's thread (writer.ts). Like the classifier's thread it runs only
// while there is work: it starts with a pull's first write and ends once idle, so an idle core
// holds no second connection. Whenever it cannot answer (it failed to start, ended, or its call
// failed) a write answers null and the pull writes it on the core's thread: slower, nothing lost
// (the write's transaction either committed whole or not at all).
import { MessageChannel, type MessagePort, type Worker } from 'node:worker_threads';
import { createRpc, type Rpc } from '../../shared/rpc';
import type { BatchWriter, WriteOutput } from '../sync/writes';
import type { WriterFunctions } from './writer';

/** A thread idle this long ends (the next batch starts another). */
export const WRITER_IDLE_MS = 10_000;

/** The store's failure as the core's thread would have thrown it: the message and SQLite's code. */
class WriteFailed extends Error {
  constructor(
    message: string,
    readonly code: string | null,
  ) {
    super(message);
    this.name = 'SqliteError';
  }
}

interface Running {
  worker: Worker;
  rpc: Rpc<WriterFunctions>;
  answered: boolean;
}

export function startWriter(spawn: (port: MessagePort) => Worker, idleMs = WRITER_IDLE_MS): BatchWriter {
  let running: Running | null = null;
  let closed = false;
  /** A thread that failed before its first answer will fail again: batches are written in place. */
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
      const rpc = createRpc<WriterFunctions>(
        {},
        { post: (m) => port1.postMessage(m), listen: (l) => port1.on('message', l) },
      );
      const r: Running = { worker, rpc, answered: false };
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
  /** Runs a call on the thread (started if need be); null when it cannot answer. */
  const onThread = async <T>(call: (r: Running) => Promise<T>, start: boolean): Promise<T | null> => {
    if (closed || unusable || (!start && !running)) return null;
    if (idle) clearTimeout(idle);
    idle = null;
    const r = (running ??= launch());
    if (!r) return null;
    inFlight++;
    try {
      const out = await call(r);
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
  };

  return {
    async write(file, kind, input) {
      const answer = await onThread((r) => r.rpc.write(file, kind, input), true);
      if (answer === null) return null;
      if (!answer.ok) throw new WriteFailed(answer.message, answer.code);
      return answer.written as WriteOutput<typeof kind>;
    },
    async release(file) {
      await onThread((r) => r.rpc.release(file), false);
    },
    async close() {
      closed = true;
      if (idle) clearTimeout(idle);
      await end(running);
    },
  };
}
