// Version 4: the small full-text indexes (threads' names, emails, companies and campaigns; leads)
// also index every word's first 3 and 4 characters, so a prefix of that length typed in the search
// box ("Dav", "Blac") reads one posting list instead of merging those of every word it starts.
// Longer prefixes expand to few words; shorter words are matched whole (store/search.ts). The two
// indexes grow from about 19 to 42 MB at 100,000 threads and 200,000 leads. The message
// index is left as it is: bodies are matched by whole words, and a prefix index there would
// triple the postings written for every message.
// A contentless FTS5 table cannot change its options in place: both are rebuilt from their rows,
// with the same columns and text as the triggers of version 1 write (they keep working as before).
import type { Database } from 'better-sqlite3';

export const version = 4;

const OPTIONS = `content='', contentless_delete=1, prefix='3 4', tokenize='unicode61 remove_diacritics 2'`;

export function up(db: Database): void {
  db.exec(`
    DROP TABLE threads_fts;
    CREATE VIRTUAL TABLE threads_fts USING fts5 (name, email, company, campaign, ${OPTIONS});
    INSERT INTO threads_fts (rowid, name, email, company, campaign)
      SELECT t.rid, t.prospect_first || ' ' || t.prospect_last, t.prospect_email, t.company, coalesce(c.name, '')
      FROM threads t LEFT JOIN campaigns c ON c.id = t.campaign_id;

    DROP TABLE leads_fts;
    CREATE VIRTUAL TABLE leads_fts USING fts5 (name, email, company, title, ${OPTIONS});
    INSERT INTO leads_fts (rowid, name, email, company, title)
      SELECT rid, first_name || ' ' || last_name, email, company, title FROM leads;
  `);
}
