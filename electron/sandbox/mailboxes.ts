// The service's e-mail accounts (mailboxes) and their tags.
import type { Db } from './db';
import { notFound } from './errors';
import { pageOf } from './pages';
import { accountRecord, tagRecord, type AccountRow, type TagRow } from './records';

export function accountExists(db: Db, team: string, id: string): boolean {
  return db.prepare('SELECT 1 FROM email_accounts WHERE team_id = ? AND id = ?').get(team, id) !== undefined;
}

export function listAccounts(db: Db, team: string, page: number, limit: number) {
  return pageOf<AccountRow, ReturnType<typeof accountRecord>>(
    db,
    'SELECT COUNT(*) AS n FROM email_accounts WHERE team_id = ?',
    'SELECT * FROM email_accounts WHERE team_id = ? ORDER BY created_at, id LIMIT ? OFFSET ?',
    [team],
    page,
    limit,
    accountRecord,
  );
}

/** All listed accounts or none: every id is checked before anything is written. */
export function updateAccounts(
  db: Db,
  team: string,
  accountIds: string[],
  signature: string | undefined,
  tags: string[] | undefined,
): void {
  const missing = accountIds.filter((id) => !accountExists(db, team, id));
  if (missing.length) throw notFound('email account', missing[0]);
  if (tags) {
    const unknown = tags.filter(
      (id) =>
        db.prepare('SELECT 1 FROM email_account_tags WHERE team_id = ? AND id = ?').get(team, id) ===
        undefined,
    );
    if (unknown.length) throw notFound('email account tag', unknown[0]);
  }
  const setSig = db.prepare('UPDATE email_accounts SET signature = ? WHERE id = ?');
  const setTags = db.prepare('UPDATE email_accounts SET tags = ? WHERE id = ?');
  db.transaction(() => {
    for (const id of accountIds) {
      if (signature !== undefined) setSig.run(signature, id);
      if (tags) setTags.run(JSON.stringify([...new Set(tags)]), id);
    }
  })();
}

export function listTags(db: Db, team: string, page: number, limit: number) {
  return pageOf<TagRow, ReturnType<typeof tagRecord>>(
    db,
    'SELECT COUNT(*) AS n FROM email_account_tags WHERE team_id = ?',
    'SELECT id, name, color FROM email_account_tags WHERE team_id = ? ORDER BY created_at, id LIMIT ? OFFSET ?',
    [team],
    page,
    limit,
    tagRecord,
  );
}
