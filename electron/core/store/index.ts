// The store of one account (and workspace): one SQLite file, its repositories and its outbox.
import { createOutbox } from '../outbox/lifecycle';
import { KINDS } from '../outbox/kinds/index';
import type { Db } from './db';
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
      return db.inTransaction ? fn() : db.transaction(fn)();
    },
    close(): void {
      if (db.open) db.close();
    },
  };
}

export type Store = ReturnType<typeof openStore>;
export type { Db, HealReport };
