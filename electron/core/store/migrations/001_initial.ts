// Version 1: the synced resources (server columns + raw JSON), the local-only state, the outbox,
// sync state, and FTS5 indexes kept in step by triggers.
import type { Database } from 'better-sqlite3';

export const version = 1;

export function up(db: Database): void {
  db.exec(`
    CREATE TABLE teams (id TEXT PRIMARY KEY, name TEXT NOT NULL, raw TEXT NOT NULL);

    CREATE TABLE campaigns (
      id TEXT PRIMARY KEY, name TEXT NOT NULL, status TEXT NOT NULL,
      created_at TEXT NOT NULL, updated_at TEXT, raw TEXT NOT NULL
    );

    CREATE TABLE email_accounts (
      id TEXT PRIMARY KEY, email TEXT NOT NULL, name TEXT NOT NULL, signature TEXT NOT NULL,
      tags TEXT NOT NULL, status TEXT NOT NULL, daily_limit INTEGER, created_at TEXT NOT NULL, raw TEXT NOT NULL
    );

    CREATE TABLE tags (id TEXT PRIMARY KEY, name TEXT NOT NULL, color TEXT NOT NULL, raw TEXT NOT NULL);

    -- status: what the person sees (the server's, with pending local changes over it);
    -- server_status: the server's last word, compared with its totals to detect changes.
    -- subject/snippet/message_count: of the LAST message, so the list never joins messages.
    -- messages_for: the lastMessageAt whose messages we hold; when it differs, fetch them.
    CREATE TABLE threads (
      rid INTEGER PRIMARY KEY,
      id TEXT NOT NULL UNIQUE,
      status TEXT NOT NULL,
      server_status TEXT NOT NULL,
      prospect_id TEXT NOT NULL,
      prospect_email TEXT NOT NULL,
      prospect_first TEXT NOT NULL,
      prospect_last TEXT NOT NULL,
      company TEXT NOT NULL,
      campaign_id TEXT NOT NULL,
      email_account_id TEXT NOT NULL,
      last_message_at TEXT NOT NULL,
      created_at TEXT NOT NULL,
      subject TEXT,
      snippet TEXT,
      message_count INTEGER NOT NULL DEFAULT 0,
      messages_for TEXT,
      unread INTEGER NOT NULL DEFAULT 0,
      snoozed_until TEXT,
      raw TEXT NOT NULL
    );
    CREATE INDEX threads_by_time ON threads (last_message_at DESC, id DESC, snoozed_until);
    CREATE INDEX threads_by_status ON threads (status, last_message_at DESC, id DESC, snoozed_until);
    CREATE INDEX threads_by_campaign ON threads (campaign_id, last_message_at DESC, id DESC, status, snoozed_until);
    CREATE INDEX threads_by_email_account ON threads (email_account_id, last_message_at DESC, id DESC, status, snoozed_until);
    CREATE INDEX threads_by_prospect ON threads (prospect_id, last_message_at DESC);
    CREATE INDEX threads_by_server_status ON threads (server_status);
    CREATE INDEX threads_snoozed ON threads (snoozed_until) WHERE snoozed_until IS NOT NULL;
    CREATE INDEX threads_unread ON threads (unread) WHERE unread = 1;
    CREATE INDEX threads_stale_messages ON threads (id) WHERE messages_for IS NOT last_message_at;

    -- raw keeps the server JSON without bodyHtml/bodyText (they are in their columns).
    CREATE TABLE messages (
      rid INTEGER PRIMARY KEY,
      id TEXT NOT NULL UNIQUE,
      thread_id TEXT NOT NULL REFERENCES threads (id) ON DELETE CASCADE,
      direction TEXT NOT NULL,
      from_email TEXT NOT NULL,
      from_name TEXT NOT NULL,
      to_json TEXT NOT NULL,
      subject TEXT NOT NULL,
      body_html TEXT NOT NULL,
      body_text TEXT NOT NULL,
      email_account_id TEXT,
      sent_at TEXT NOT NULL,
      raw TEXT NOT NULL
    );
    CREATE INDEX messages_by_thread ON messages (thread_id, sent_at, id);

    CREATE TABLE leads (
      rid INTEGER PRIMARY KEY,
      id TEXT NOT NULL UNIQUE,
      email TEXT NOT NULL, first_name TEXT NOT NULL, last_name TEXT NOT NULL, company TEXT NOT NULL,
      title TEXT NOT NULL, phone TEXT NOT NULL, linkedin_url TEXT NOT NULL, website TEXT NOT NULL,
      location TEXT NOT NULL, industry TEXT NOT NULL, custom_fields TEXT NOT NULL, lead_list_id TEXT,
      status TEXT NOT NULL, created_at TEXT NOT NULL, raw TEXT NOT NULL
    );
    CREATE INDEX leads_by_created ON leads (created_at DESC, id DESC);

    -- Every local change waiting for the service, pushed in id order.
    CREATE TABLE outbox (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      kind TEXT NOT NULL,
      state TEXT NOT NULL,
      target_id TEXT,
      payload TEXT NOT NULL,
      summary TEXT NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0,
      last_error TEXT,
      not_before TEXT,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    );
    CREATE INDEX outbox_by_target ON outbox (target_id);
    CREATE INDEX outbox_by_state ON outbox (state);

    CREATE TABLE sync_state (key TEXT PRIMARY KEY, value TEXT NOT NULL);

    -- Local only.
    CREATE TABLE drafts (
      thread_id TEXT PRIMARY KEY REFERENCES threads (id) ON DELETE CASCADE,
      body_html TEXT NOT NULL, updated_at TEXT NOT NULL
    );
    CREATE TABLE snippets (id TEXT PRIMARY KEY, name TEXT NOT NULL, body TEXT NOT NULL, position INTEGER NOT NULL);
    INSERT INTO snippets (id, name, body, position) VALUES
      ('thanks', 'Thanks', '<p>Hi {{firstName}},</p><p>Thanks for getting back to me.</p>', 1),
      ('meeting', 'Book a meeting', '<p>Hi {{firstName}},</p><p>Great to hear. Would a 20-minute call this week suit you? Here is my calendar: {{calendarLink}}</p>', 2),
      ('later', 'Follow up later', '<p>Hi {{firstName}},</p><p>Understood. I will check back with {{company}} next quarter.</p>', 3),
      ('wrong_person', 'Wrong person', '<p>Hi {{firstName}},</p><p>Sorry to bother you. Who at {{company}} would be the right person to talk to?</p>', 4),
      ('not_interested', 'Not interested', '<p>Hi {{firstName}},</p><p>Thanks for letting me know. I will not reach out again.</p>', 5);

    -- Full-text search. Contentless (the text lives in the tables), kept in step by triggers.
    CREATE VIRTUAL TABLE threads_fts USING fts5 (name, email, company, campaign, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2');
    CREATE VIRTUAL TABLE messages_fts USING fts5 (subject, body, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2');
    CREATE VIRTUAL TABLE leads_fts USING fts5 (name, email, company, title, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2');

    CREATE TRIGGER threads_fts_insert AFTER INSERT ON threads BEGIN
      INSERT INTO threads_fts (rowid, name, email, company, campaign) VALUES (new.rid,
        new.prospect_first || ' ' || new.prospect_last, new.prospect_email, new.company,
        coalesce((SELECT name FROM campaigns WHERE id = new.campaign_id), ''));
    END;
    CREATE TRIGGER threads_fts_update AFTER UPDATE OF prospect_first, prospect_last, prospect_email, company, campaign_id ON threads
    WHEN old.prospect_first IS NOT new.prospect_first OR old.prospect_last IS NOT new.prospect_last
      OR old.prospect_email IS NOT new.prospect_email OR old.company IS NOT new.company OR old.campaign_id IS NOT new.campaign_id
    BEGIN
      DELETE FROM threads_fts WHERE rowid = old.rid;
      INSERT INTO threads_fts (rowid, name, email, company, campaign) VALUES (new.rid,
        new.prospect_first || ' ' || new.prospect_last, new.prospect_email, new.company,
        coalesce((SELECT name FROM campaigns WHERE id = new.campaign_id), ''));
    END;
    CREATE TRIGGER threads_fts_delete AFTER DELETE ON threads BEGIN
      DELETE FROM threads_fts WHERE rowid = old.rid;
    END;
    CREATE TRIGGER campaigns_fts_rename AFTER UPDATE OF name ON campaigns WHEN old.name IS NOT new.name BEGIN
      DELETE FROM threads_fts WHERE rowid IN (SELECT rid FROM threads WHERE campaign_id = new.id);
      INSERT INTO threads_fts (rowid, name, email, company, campaign)
        SELECT rid, prospect_first || ' ' || prospect_last, prospect_email, company, new.name FROM threads WHERE campaign_id = new.id;
    END;
    CREATE TRIGGER campaigns_fts_insert AFTER INSERT ON campaigns BEGIN
      DELETE FROM threads_fts WHERE rowid IN (SELECT rid FROM threads WHERE campaign_id = new.id);
      INSERT INTO threads_fts (rowid, name, email, company, campaign)
        SELECT rid, prospect_first || ' ' || prospect_last, prospect_email, company, new.name FROM threads WHERE campaign_id = new.id;
    END;

    CREATE TRIGGER messages_fts_insert AFTER INSERT ON messages BEGIN
      INSERT INTO messages_fts (rowid, subject, body) VALUES (new.rid, new.subject, new.body_text);
    END;
    CREATE TRIGGER messages_fts_update AFTER UPDATE OF subject, body_text ON messages
    WHEN old.subject IS NOT new.subject OR old.body_text IS NOT new.body_text BEGIN
      DELETE FROM messages_fts WHERE rowid = old.rid;
      INSERT INTO messages_fts (rowid, subject, body) VALUES (new.rid, new.subject, new.body_text);
    END;
    CREATE TRIGGER messages_fts_delete AFTER DELETE ON messages BEGIN
      DELETE FROM messages_fts WHERE rowid = old.rid;
    END;

    CREATE TRIGGER leads_fts_insert AFTER INSERT ON leads BEGIN
      INSERT INTO leads_fts (rowid, name, email, company, title) VALUES (new.rid, new.first_name || ' ' || new.last_name, new.email, new.company, new.title);
    END;
    CREATE TRIGGER leads_fts_update AFTER UPDATE OF first_name, last_name, email, company, title ON leads
    WHEN old.first_name IS NOT new.first_name OR old.last_name IS NOT new.last_name OR old.email IS NOT new.email
      OR old.company IS NOT new.company OR old.title IS NOT new.title BEGIN
      DELETE FROM leads_fts WHERE rowid = old.rid;
      INSERT INTO leads_fts (rowid, name, email, company, title) VALUES (new.rid, new.first_name || ' ' || new.last_name, new.email, new.company, new.title);
    END;
    CREATE TRIGGER leads_fts_delete AFTER DELETE ON leads BEGIN
      DELETE FROM leads_fts WHERE rowid = old.rid;
    END;
  `);
}
