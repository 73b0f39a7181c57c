// What every part of a pull shares: its context (the client, the store, progress) and what it
// found (the scopes and threads that changed, new replies).
import type { ApiClient } from '../api/client';
import type { Logger } from '../log';
import type { Store } from '../store/index';
import type { BatchWriter } from './writes';

export type Progress = (phase: string, done: number, total: number) => void;

export interface PullResult {
  full: boolean;
  changedThreads: Set<string>;
  /** Threads with new inbound messages (after the first sync). */
  newReplies: Set<string>;
  scopes: Set<'threads' | 'campaigns' | 'leads' | 'emailAccounts'>;
}

export interface PullContext {
  client: ApiClient;
  store: Store;
  log: Logger;
  signal: AbortSignal;
  progress: Progress;
  /** When the pull began: a change the service confirmed after this is newer than the pages, so
   *  it is laid over them like a waiting one (pushes run beside pulls). */
  since?: string;
  /** The threads the person has in view now: the messages pass fetches those first. */
  inView?: () => readonly string[];
  /** Writes the messages pass's batches on a thread of its own; without it they are written here. */
  writer?: BatchWriter;
}
