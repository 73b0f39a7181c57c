// The core's side of the writer's thread (writer.ts), a helper thread (helper-thread.ts): it runs
// only while a pull writes, so an idle core holds no second connection. Whenever it cannot answer
// a write answers null and the pull writes it on the core's thread: slower, nothing lost (the
// write's transaction either committed whole or not at all).
import type { MessagePort, Worker } from 'node:worker_threads';
import type { BatchWriter, WriteOutput } from '../sync/writes';
import { HELPER_IDLE_MS, helperThread } from './helper-thread';
import type { WriterFunctions } from './writer';

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

export function startWriter(spawn: (port: MessagePort) => Worker, idleMs = HELPER_IDLE_MS): BatchWriter {
  const thread = helperThread<WriterFunctions>(spawn, () => null, idleMs);
  return {
    async write(file, kind, input) {
      const answer = await thread.run((rpc) => rpc.write(file, kind, input));
      if (answer === null) return null;
      if (!answer.ok) throw new WriteFailed(answer.message, answer.code);
      return answer.written as WriteOutput<typeof kind>;
    },
    async release(file) {
      await thread.run((rpc) => rpc.release(file), false);
    },
    close: () => thread.close(),
  };
}
