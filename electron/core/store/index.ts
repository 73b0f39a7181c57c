// The store of one account (and workspace): one SQLite file, its repositories and its outbox.
import { createOutbox } from '../outbox/lifecycle';
import { KINDS } from '../outbox/kinds/index';
import { openDatabase, type Db } from './db';
import { openChecked, type HealReport, type OpenOptions } from './heal';
import { createCampaignsRepo } from './repos/campaigns';
import { createEmailAccountsRepo } from './repos/emailAccounts';
import { createLeadsRepo } from './repos/leads';
import { createLocalRepo } from './repos/local';
import { createMessagesRepo } from './repos/messages';
import { createSuggestionsRepo } from './repos/suggestions';
import { createSyncStateRepo } from './repos/syncState';
import { createTagsRepo } from './repos/tags';
import { createTeamsRepo } from './repos/teams';
import { createThreadsRepo } from './repos/threads';

export function openStore(file: string, opts: OpenOptions = {}) {
  const { db, healed } = openChecked(file, opts);
  return storeOver(db, file, healed);
}

/** A second connection to a store the core already opened (and checked): the writer's thread
 *  writes through it. Never heals: a damaged file is the core's to replace. */
export function joinStore(file: string, opts: { nativeBinding?: string } = {}) {
  return storeOver(openDatabase(file, opts), file, null);
}

function storeOver(db: Db, file: string, healed: HealReport | null) {
  const threads = createThreadsRepo(db);
  return {
    db,
    file,
    /** Set when the file failed its check at open and was replaced by a fresh one. */
    healed,
    threads,
    messages: createMessagesRepo(db, threads),
    leads: createLeadsRepo(db),
    campaigns: createCampaignsRepo(db),
    emailAccounts: createEmailAccountsRepo(db),
    tags: createTagsRepo(db),
    teams: createTeamsRepo(db),
    outbox: createOutbox(db, KINDS),
    syncState: createSyncStateRepo(db),
    suggestions: createSuggestionsRepo(db),
    local: createLocalRepo(db),
    /** Runs fn in one transaction (never hold one across an HTTP call). Inside one already open,
     *  fn joins it: a failure rolls back the whole, which no caller goes on from. A savepoint per
     *  nested call made SQLite copy each page fn touched before changing it (a group of thread
     *  pages took half as long again to write). */
    tx<T>(fn: () => T): T {
      // IMMEDIATE: the write lock is taken at the start. A transaction that reads first and writes
      // later would otherwise fail (SQLITE_BUSY, no wait) when the writer's thread committed in
      // between; this way it waits its turn (busy_timeout) like any write.
      return db.inTransaction ? fn() : db.transaction(fn).immediate();
    },
    close(): void {
      if (db.open) db.close();
    },
  };
}

export type Store = ReturnType<typeof openStore>;
export type { Db, HealReport };
