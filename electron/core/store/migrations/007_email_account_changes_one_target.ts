// Version 7: an e-mail account change may name several accounts, so its target is not one account
// but the set of them all (NULL): every such change is then ordered after the older ones and
// retires what it covers of them, whichever account each names first. Versions up to 6 stored the
// first account named, so two changes that began with different accounts never met (one could put
// an older signature back over a newer one).
import type { Database } from 'better-sqlite3';

export const version = 7;

export function up(db: Database): void {
  db.exec(`UPDATE outbox SET target_id = NULL WHERE kind = 'email_accounts'`);
}
