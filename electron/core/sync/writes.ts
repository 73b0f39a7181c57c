// What a pull writes, each kind in one transaction: a group of thread pages, a group of lead pages,
// a batch of fetched threads' messages. The pull writes them on the writer's thread when it has
// one (host/writer.ts, a connection of its own), so the core's thread fetches and parses the next
// pages meanwhile, or here; both run these same functions, so both write the same rows.
import type { ApiLead, ApiMessage, ApiThread } from '../api/schemas';
import type { ThreadMessages } from '../store/repos/messages';
import type { Store } from '../store/index';

export interface FetchedMessages {
  id: string;
  /** The thread's lastMessageAt when its messages were asked for: the watermark they satisfy. */
  at: string;
  /** null: the service no longer has the thread. */
  messages: ApiMessage[] | null;
}

/** Writes one page of threads; its changed ids, and whether it held anything new or moved. Inside
 *  a group's transaction the page joins it (store.tx), so the store keeps whole pages only. The
 *  rep's changes still waiting (or confirmed after `since`) are laid over what the page says. */
export function writeThreadPage(
  store: Store,
  threads: ApiThread[],
  since: string | undefined,
): { changed: string[]; moved: boolean } {
  return store.tx(() => {
    const { changed, moved } = store.threads.upsertMany(threads);
    store.outbox.overlay(
      'threads',
      threads.map((t) => t._id),
      since,
    );
    return { changed, moved: moved.length > 0 };
  });
}

/** Each write answers what it wrote, never undefined: a thread's null means it could not write. */
export const WRITES = {
  /** Whole pages of threads in one transaction; the threads that changed. */
  threads(store: Store, input: { pages: ApiThread[][]; since?: string | undefined }): { changed: string[] } {
    const changed: string[] = [];
    store.tx(() => {
      for (const page of input.pages) changed.push(...writeThreadPage(store, page, input.since).changed);
    });
    return { changed };
  },
  /** Whole pages of leads in one transaction. */
  leads(store: Store, input: { pages: ApiLead[][] }): { leads: number } {
    let leads = 0;
    store.tx(() => {
      for (const page of input.pages) {
        store.leads.upsertMany(page);
        leads += page.length;
      }
    });
    return { leads };
  },
  /** Every fetched thread's messages in one transaction; the threads that got an inbound message
   *  they did not have (after the first sync). A thread's watermark (messages_for) moves only
   *  here, with its messages, so a crash loses at most a batch of fetches, never consistency. */
  messages(
    store: Store,
    input: { batch: FetchedMessages[]; initialDone: boolean },
  ): { newReplies: string[] } {
    const newReplies: string[] = [];
    store.tx(() => {
      // Threads gone from the service first, then every other thread's messages together (one
      // statement for all their rows: messages.ts).
      const gone = new Set<string>();
      const listed: ThreadMessages[] = [];
      for (const f of input.batch) {
        if (f.messages === null) {
          store.threads.delete(f.id);
          gone.add(f.id);
        } else if (store.threads.exists(f.id))
          listed.push({ threadId: f.id, messages: f.messages, messagesFor: f.at });
      }
      const items = listed.filter((t) => !gone.has(t.threadId));
      store.messages.replaceMany(items).forEach(({ newInbound }, i) => {
        if (newInbound.length > 0 && input.initialDone) {
          const id = items[i]!.threadId;
          store.threads.markUnread([id]);
          newReplies.push(id);
        }
      });
    });
    return { newReplies };
  },
};

export type WriteKind = keyof typeof WRITES;
export type WriteInput<K extends WriteKind> = Parameters<(typeof WRITES)[K]>[1];
export type WriteOutput<K extends WriteKind> = ReturnType<(typeof WRITES)[K]>;

/** Writes on a thread of its own (host/writer-client.ts). */
export interface BatchWriter {
  /** Writes into the store file, in one transaction. Answers null when the thread cannot (it
   *  failed to start or ended): the pull writes it itself then. Rejects with the store's own
   *  failure (a full disk, say), which stops the pull as it would on the core's thread. */
  write<K extends WriteKind>(file: string, kind: K, input: WriteInput<K>): Promise<WriteOutput<K> | null>;
  /** Closes the thread's connection to the file: the pull is over (the file may be closed, moved
   *  or deleted next). */
  release(file: string): Promise<void>;
  close(): Promise<void>;
}

/** Writes on the pull's writer's thread when it has one and that thread answers; else here, at
 *  once (before this returns, so a write with no thread lands in the same turn as before). */
export async function writeVia<K extends WriteKind>(
  writer: BatchWriter | undefined,
  store: Store,
  kind: K,
  input: WriteInput<K>,
): Promise<WriteOutput<K>> {
  const here = (): WriteOutput<K> =>
    (WRITES[kind] as (s: Store, i: WriteInput<K>) => WriteOutput<K>)(store, input);
  if (!writer) return here();
  return (await writer.write(store.file, kind, input)) ?? here();
}
