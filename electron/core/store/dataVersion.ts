// Cheap "has anything a read cache depends on been written since?" versions, with no hook in the
// write code. Temporary triggers (this connection only, never stored in the file) call into JS
// and bump a counter when a thread is added or removed, or one of the columns lists are filtered,
// ordered or searched by changes, or a campaign is renamed (its name is searched); a second
// counter follows the unread flag, which only the counts read. Writes to anything else (sync
// state, messages, leads, the outbox) leave the caches alone. data_version moves when another
// connection commits, which the triggers cannot see.
import type { Db } from './db';

export interface DataVersions {
  /** Moves when list membership, order or name search may have changed. */
  lists(): string;
  /** Moves when lists() does or an unread flag changed. */
  counts(): string;
}

const LIST_COLUMNS = `status, snoozed_until, last_message_at, campaign_id, email_account_id, id,
  prospect_first, prospect_last, prospect_email, company, waiting_since, suggested`;

const shared = new WeakMap<Db, DataVersions>();

export function dataVersions(db: Db): DataVersions {
  const known = shared.get(db);
  if (known) return known;
  let lists = 0;
  let unread = 0;
  db.function('triage_lists_changed', { varargs: false, directOnly: false }, () => {
    lists++;
    return null;
  });
  db.function('triage_unread_changed', { varargs: false, directOnly: false }, () => {
    unread++;
    return null;
  });
  db.exec(`
    CREATE TEMP TRIGGER IF NOT EXISTS triage_threads_ins AFTER INSERT ON main.threads
      BEGIN SELECT triage_lists_changed(); END;
    CREATE TEMP TRIGGER IF NOT EXISTS triage_threads_del AFTER DELETE ON main.threads
      BEGIN SELECT triage_lists_changed(); END;
    CREATE TEMP TRIGGER IF NOT EXISTS triage_threads_upd AFTER UPDATE OF ${LIST_COLUMNS} ON main.threads
      BEGIN SELECT triage_lists_changed(); END;
    CREATE TEMP TRIGGER IF NOT EXISTS triage_threads_unread AFTER UPDATE OF unread ON main.threads
      BEGIN SELECT triage_unread_changed(); END;
    CREATE TEMP TRIGGER IF NOT EXISTS triage_campaigns_ins AFTER INSERT ON main.campaigns
      BEGIN SELECT triage_lists_changed(); END;
    CREATE TEMP TRIGGER IF NOT EXISTS triage_campaigns_upd AFTER UPDATE OF name ON main.campaigns
      BEGIN SELECT triage_lists_changed(); END;
  `);
  const other = db.prepare(`SELECT data_version FROM pragma_data_version()`).pluck();
  const versions: DataVersions = {
    lists: () => `${other.get() as number}:${lists}`,
    counts: () => `${other.get() as number}:${lists}:${unread}`,
  };
  shared.set(db, versions);
  return versions;
}
