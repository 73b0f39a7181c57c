// A searcher's thread: All inboxes' search box reads each workspace's store over a connection of
// its own, so the stores are searched at once, one per core, instead of one after another on the
// core's thread (a search is a few full-text lookups per store; five stores were five in a row).
// Pure reads with the same repos as the core (store/repos), on files the core opened and migrated;
// this side never writes.
import Database from 'better-sqlite3';
import type { MessagePort } from 'node:worker_threads';
import type { LeadMatch, ThreadRow } from '../../shared/contract';
import { createRpc } from '../../shared/rpc';
import { createLeadsRepo, type LeadsRepo } from '../store/repos/leads';
import { createThreadsRepo, type ThreadsRepo } from '../store/repos/threads';

/** A store to search: its file, and which opening of it (a Rebuild or a workspace switch puts
 *  another file at the same path: a connection to the one before is closed and reopened). */
export interface SearchStore {
  file: string;
  opening: number;
}

/** One store's matches, as the core's thread would have read them (unified/reads.ts). */
export interface StoreMatches {
  threads: ThreadRow[];
  leads: LeadMatch[];
}

/** What a searcher's thread answers (searcher-client.ts). */
export interface SearcherFunctions {
  /** Each store's matches in the order given; throws if one cannot be read here. */
  search(stores: SearchStore[], query: string, limit: number): StoreMatches[];
  /** Closes every connection (before a file is removed or replaced); reopened on use. */
  forget(): void;
}

interface Open {
  opening: number;
  db: Database.Database;
  threads: ThreadsRepo;
  leads: LeadsRepo;
}

export function serveSearcher(port: MessagePort, nativeBinding?: string): void {
  const open = new Map<string, Open>();
  const opened = ({ file, opening }: SearchStore): Open => {
    const known = open.get(file);
    if (known?.opening === opening) return known;
    known?.db.close();
    open.delete(file);
    const db = new Database(file, { fileMustExist: true, ...(nativeBinding ? { nativeBinding } : {}) });
    db.pragma('busy_timeout = 5000');
    const o: Open = { opening, db, threads: createThreadsRepo(db), leads: createLeadsRepo(db) };
    open.set(file, o);
    return o;
  };
  const functions: SearcherFunctions = {
    search: (stores, query, limit) =>
      stores.map((store) => {
        const o = opened(store);
        return { threads: o.threads.search(query, limit), leads: o.leads.top(query, limit) };
      }),
    forget() {
      for (const o of open.values()) o.db.close();
      open.clear();
    },
  };
  createRpc(functions, { post: (m) => port.postMessage(m), listen: (l) => port.on('message', l) });
}
