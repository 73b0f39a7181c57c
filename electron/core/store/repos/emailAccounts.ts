// Email accounts (sending mailboxes) with their signatures and tags.
import type { EmailAccount } from '../../../shared/contract';
import type { ApiEmailAccount } from '../../api/schemas';
import type { Db } from '../db';
import { parseJson } from '../util';
import { LIVE_SQL } from '../../outbox/live';

interface EmailAccountDbRow {
  id: string;
  email: string;
  name: string;
  signature: string;
  tags: string;
  status: string;
  daily_limit: number | null;
  pending: number;
}

export function createEmailAccountsRepo(db: Db) {
  const upsert = db.prepare(`
    INSERT INTO email_accounts (id, email, name, signature, tags, status, daily_limit, created_at, raw)
    VALUES (@id, @email, @name, @signature, @tags, @status, @dailyLimit, @createdAt, @raw)
    ON CONFLICT (id) DO UPDATE SET email = excluded.email, name = excluded.name, signature = excluded.signature,
      tags = excluded.tags, status = excluded.status, daily_limit = excluded.daily_limit, created_at = excluded.created_at,
      raw = excluded.raw`);
  return {
    upsertMany(list: ApiEmailAccount[]): void {
      for (const a of list) {
        upsert.run({
          id: a._id,
          email: a.email,
          name: a.name,
          signature: a.signature,
          tags: JSON.stringify(a.tags),
          status: a.status,
          dailyLimit: a.dailyLimit,
          createdAt: a.createdAt,
          raw: JSON.stringify(a),
        });
      }
    },
    retainOnly(ids: Set<string>): void {
      for (const id of db.prepare(`SELECT id FROM email_accounts`).pluck().all() as string[]) {
        if (!ids.has(id)) db.prepare(`DELETE FROM email_accounts WHERE id = ?`).run(id);
      }
    },
    list(): EmailAccount[] {
      const rows = db
        .prepare(
          `SELECT a.*, EXISTS (SELECT 1 FROM outbox o WHERE o.kind = 'email_accounts' AND o.state IN ${LIVE_SQL} AND EXISTS
             (SELECT 1 FROM json_each(json_extract(o.payload, '$.emailAccountIds')) WHERE value = a.id)) AS pending
           FROM email_accounts a ORDER BY a.email`,
        )
        .all() as EmailAccountDbRow[];
      return rows.map((r) => ({
        id: r.id,
        email: r.email,
        name: r.name,
        signature: r.signature,
        tags: parseJson<string[]>(r.tags, []),
        status: r.status,
        dailyLimit: r.daily_limit,
        pending: r.pending === 1,
      }));
    },
  };
}
export type EmailAccountsRepo = ReturnType<typeof createEmailAccountsRepo>;
