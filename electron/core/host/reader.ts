// The core's read side: a worker thread with its own SQLite connection to each account's file, so
// the window's list reads answer while the core's thread commits a sync page (WAL lets a reader
// read while a writer commits). It answers only pure reads, with the same read functions as the
// core (../reads.ts) through the same dispatcher (the same validation and error shapes); the read
// caches follow the writer's commits through data_version. The writer opens and migrates each
// file first; this side never writes.
import Database from 'better-sqlite3';
import type { MessagePort } from 'node:worker_threads';
import type { Envelope, Handlers } from '../../shared/contract';
import { packText } from '../../shared/packed';
import { createRpc } from '../../shared/rpc';
import { READS, type ReadChannel, type UnifiedChannel } from '../reads';
import { checkFile } from '../store/heal';
import { createLeadsRepo, type LeadsRepo } from '../store/repos/leads';
import { createThreadsRepo, type ThreadsRepo } from '../store/repos/threads';
import { createUnifiedReads, type UnifiedSource } from '../unified/reads';
import { createDispatcher, type Dispatch } from './dispatch';

/** What the reader thread answers the core's thread (reader-client.ts). */
export interface ReaderFunctions {
  read(file: string, channel: string, payload: unknown): Promise<Envelope<unknown>>;
  /** All inboxes' reads over these accounts' files (the same merge as the core's, unified/reads.ts). */
  readUnified(
    files: readonly { accountId: string; file: string }[],
    channel: string,
    payload: unknown,
  ): Promise<Envelope<unknown>>;
  /** The same answers as the text a browser page gets (../../shared/packed.ts), written here
   *  rather than copied as rows to the core's main thread and written there; null when the
   *  file cannot be read here, so the core's thread answers instead. */
  readText(file: string, channel: string, payload: unknown): Promise<string | null>;
  readUnifiedText(
    files: readonly { accountId: string; file: string }[],
    channel: string,
    payload: unknown,
  ): Promise<string | null>;
  /** Closes every connection (before an account's file is removed or switched); reopened on use. */
  forget(): void;
  /** SQLite's quick check of a file on a connection of its own (it reads the whole file, which
   *  takes seconds at 100,000 threads, so not on the core's thread): null when sound. */
  check(file: string): string | null;
}

export function serveReads(port: MessagePort, nativeBinding?: string): void {
  interface Open {
    db: Database.Database;
    dispatch: Dispatch;
    threads: ThreadsRepo;
    leads: LeadsRepo;
  }
  const open = new Map<string, Open>();
  /** One file's connection and repos, opened on first use. */
  const opened = (file: string): Open => {
    const known = open.get(file);
    if (known) return known;
    const db = new Database(file, { fileMustExist: true, ...(nativeBinding ? { nativeBinding } : {}) });
    db.pragma('busy_timeout = 5000');
    db.pragma('cache_size = -32768');
    const threads = createThreadsRepo(db);
    const reads: Pick<Handlers, ReadChannel> = {
      'threads.list': async (q) => READS['threads.list'](threads, q),
      'threads.counts': async () => READS['threads.counts'](threads),
    };
    const o: Open = {
      db,
      // The answer leaves this thread as it is made: its port or its text copies it once.
      dispatch: createDispatcher(reads as Handlers, { copy: false }),
      threads,
      leads: createLeadsRepo(db),
    };
    open.set(file, o);
    return o;
  };
  const unified = createUnifiedReads();
  const dispatchUnified = (files: readonly { accountId: string; file: string }[]): Dispatch => {
    const sources: UnifiedSource[] = files.map(({ accountId, file }) => ({ accountId, ...opened(file) }));
    const reads: Pick<Handlers, UnifiedChannel> = {
      'unified.list': async (q) => unified.list(sources, q),
      'unified.counts': async () => unified.counts(sources),
      'unified.search': async ({ query, limit }) => unified.search(sources, query, limit),
    };
    return createDispatcher(reads as Handlers, { copy: false });
  };
  const UNREADABLE: Envelope<unknown> = { ok: false, error: { kind: 'internal', message: 'unreadable' } };
  /** A read's envelope; one this thread cannot give is `internal`, which the core answers instead. */
  const answer = (
    dispatch: () => Dispatch,
    channel: string,
    payload: unknown,
  ): Promise<Envelope<unknown>> => {
    try {
      return dispatch()(channel, payload);
    } catch {
      // The file cannot be opened here: the core's own thread answers instead.
      return Promise.resolve(UNREADABLE);
    }
  };
  const asText = async (envelope: Promise<Envelope<unknown>>): Promise<string | null> => {
    const e = await envelope;
    return e.ok || e.error.kind !== 'internal' ? packText(e) : null;
  };

  const functions: ReaderFunctions = {
    read: (file, channel, payload) => answer(() => opened(file).dispatch, channel, payload),
    // The core names the files; which accounts a call narrows to was applied there.
    readUnified: (files, channel, payload) => answer(() => dispatchUnified(files), channel, payload),
    readText: (file, channel, payload) => asText(functions.read(file, channel, payload)),
    readUnifiedText: (files, channel, payload) => asText(functions.readUnified(files, channel, payload)),
    forget() {
      for (const c of open.values()) c.db.close();
      open.clear();
    },
    check: (file) => checkFile(file, nativeBinding),
  };
  createRpc(functions, {
    post: (message) => port.postMessage(message),
    listen: (listener) => port.on('message', listener),
  });
}
