// A batch of fetched threads' messages written in one transaction: the messages pass writes it on
// the core's thread, or on the writer's thread (host/writer.ts) over a connection of its own, with
// the same function, so both write the same rows.
import type { ApiMessage } from '../api/schemas';
import type { Store } from '../store/index';

export interface FetchedMessages {
  id: string;
  /** The thread's lastMessageAt when its messages were asked for: the watermark they satisfy. */
  at: string;
  /** null: the service no longer has the thread. */
  messages: ApiMessage[] | null;
}

/** What a batch changed that the pass reports. */
export interface BatchWritten {
  /** Threads that got an inbound message they did not have (only after the first sync). */
  newReplies: string[];
}

/** Writes every fetched thread in one transaction. A thread's watermark (messages_for) moves only
 *  here, with its messages, so a crash loses at most a batch of fetches, never consistency. */
export function writeMessageBatch(
  store: Store,
  batch: readonly FetchedMessages[],
  initialDone: boolean,
): BatchWritten {
  const newReplies: string[] = [];
  store.tx(() => {
    for (const f of batch) {
      if (f.messages === null) {
        store.threads.delete(f.id); // the thread is gone from the service
        continue;
      }
      if (!store.threads.exists(f.id)) continue;
      const { newInbound } = store.messages.replaceForThread(f.id, f.messages, f.at);
      if (newInbound.length > 0 && initialDone) {
        store.threads.markUnread([f.id]);
        newReplies.push(f.id);
      }
    }
  });
  return { newReplies };
}

/** Writes batches on a thread of its own (host/writer-client.ts), so the core's thread fetches and
 *  parses the next threads' messages meanwhile. */
export interface BatchWriter {
  /** Writes the batch into the store file, in one transaction. Answers null when the thread
   *  cannot (it failed to start or ended): the pass writes the batch itself then. Rejects with the
   *  store's own failure (a full disk, say), which stops the pass as it would on the core's thread. */
  messages(file: string, batch: FetchedMessages[], initialDone: boolean): Promise<BatchWritten | null>;
  /** Closes the thread's connection to the file: the pass is over (the file may be closed, moved
   *  or deleted next). */
  release(file: string): Promise<void>;
  close(): Promise<void>;
}
