// The core's read side: a worker thread with its own SQLite connection to each account's file, so
// the window's list reads answer while the core's thread commits a sync page (WAL lets a reader
// read while a writer commits). It answers only pure reads, through the same dispatcher (the same
// validation and error shapes); the read caches follow the writer's commits through
// data_version. The writer opens and migrates each file first; this side never writes.
import Database from 'better-sqlite3';
import type { MessagePort } from 'node:worker_threads';
import type { Envelope, Handlers } from '../../shared/contract';
import { READS, type ReadChannel } from '../reads';
import { createThreadsRepo } from '../store/repos/threads';
import { createDispatcher, type Dispatch } from './dispatch';

export type ToReader =
  | { type: 'read'; id: number; file: string; channel: string; payload: unknown }
  | { type: 'forget'; id: number };
export type FromReader =
  { type: 'result'; id: number; envelope: Envelope<unknown> } | { type: 'forgotten'; id: number };

export function serveReads(port: MessagePort, nativeBinding?: string): void {
  const open = new Map<string, { db: Database.Database; dispatch: Dispatch }>();
  /** The dispatcher over one file's connection, opened on first use. */
  const dispatcherFor = (file: string): Dispatch => {
    const known = open.get(file);
    if (known) return known.dispatch;
    const db = new Database(file, { fileMustExist: true, ...(nativeBinding ? { nativeBinding } : {}) });
    db.pragma('busy_timeout = 5000');
    db.pragma('cache_size = -32768');
    const threads = createThreadsRepo(db);
    // The same reads as an account's handlers (../reads.ts), on this thread's connection.
    const reads: Pick<Handlers, ReadChannel> = {
      'threads.list': async (q) => READS['threads.list'](threads, q),
      'threads.counts': async () => READS['threads.counts'](threads),
    };
    const dispatch = createDispatcher(reads as Handlers);
    open.set(file, { db, dispatch });
    return dispatch;
  };

  port.on('message', (message: ToReader) => {
    if (message.type === 'forget') {
      for (const c of open.values()) c.db.close();
      open.clear();
      port.postMessage({ type: 'forgotten', id: message.id } satisfies FromReader);
      return;
    }
    let answer: Promise<Envelope<unknown>>;
    try {
      answer = dispatcherFor(message.file)(message.channel, message.payload);
    } catch {
      // The file cannot be opened here: the core's own thread answers instead.
      answer = Promise.resolve({ ok: false, error: { kind: 'internal', message: 'unreadable' } });
    }
    void answer.then((envelope) =>
      port.postMessage({ type: 'result', id: message.id, envelope } satisfies FromReader),
    );
  });
}
