// Version 2: narrow indexes for the counts (per status, campaign, email account), so counting
// 100,000 threads reads small indexes instead of the wide ones that serve the list windows.
import type { Database } from 'better-sqlite3';

export const version = 2;

export function up(db: Database): void {
  db.exec(`
    CREATE INDEX threads_count_status ON threads (status, snoozed_until);
    CREATE INDEX threads_count_campaign ON threads (campaign_id, status);
    CREATE INDEX threads_count_email_account ON threads (email_account_id);
  `);
}
