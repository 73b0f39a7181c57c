// The sandbox's SQLite database: schema, opening (file or memory), and the meta table that tells
// whether a kept database still matches the options it was generated with.
import Database from 'better-sqlite3';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

export type Db = Database.Database;

const FILE = 'sandbox.sqlite';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS teams (id TEXT PRIMARY KEY, name TEXT NOT NULL, position INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS api_keys (hash TEXT PRIMARY KEY, default_team TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS memberships (
  key_hash TEXT NOT NULL, team_id TEXT NOT NULL, position INTEGER NOT NULL, PRIMARY KEY (key_hash, team_id));
CREATE TABLE IF NOT EXISTS email_account_tags (
  id TEXT PRIMARY KEY, team_id TEXT NOT NULL, name TEXT NOT NULL, color TEXT NOT NULL, created_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS email_accounts (
  id TEXT PRIMARY KEY, team_id TEXT NOT NULL, email TEXT NOT NULL, name TEXT NOT NULL, signature TEXT NOT NULL,
  tags TEXT NOT NULL, status TEXT NOT NULL, daily_limit INTEGER NOT NULL, created_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS campaigns (
  id TEXT PRIMARY KEY, team_id TEXT NOT NULL, name TEXT NOT NULL, status TEXT NOT NULL, email_accounts TEXT NOT NULL,
  tags TEXT NOT NULL, daily_limit INTEGER NOT NULL, schedule TEXT NOT NULL, created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL, sent INTEGER NOT NULL, opened INTEGER NOT NULL, bounced INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS lead_lists (id TEXT PRIMARY KEY, team_id TEXT NOT NULL, name TEXT NOT NULL, created_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS leads (
  id TEXT NOT NULL, team_id TEXT NOT NULL, email TEXT NOT NULL, first_name TEXT NOT NULL, last_name TEXT NOT NULL,
  company TEXT NOT NULL, title TEXT NOT NULL, phone TEXT NOT NULL, linkedin_url TEXT NOT NULL, website TEXT NOT NULL,
  location TEXT NOT NULL, industry TEXT NOT NULL, custom_fields TEXT NOT NULL, lead_list_id TEXT NOT NULL,
  status TEXT NOT NULL, created_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS threads (
  id TEXT NOT NULL, team_id TEXT NOT NULL, prospect_id TEXT NOT NULL, campaign_id TEXT NOT NULL,
  email_account_id TEXT NOT NULL, status TEXT NOT NULL, last_message_at TEXT NOT NULL, created_at TEXT NOT NULL,
  subject TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS messages (
  id TEXT NOT NULL, team_id TEXT NOT NULL, thread_id TEXT NOT NULL, direction TEXT NOT NULL, subject TEXT NOT NULL,
  email_account_id TEXT NOT NULL, sent_at TEXT NOT NULL, body_kind INTEGER NOT NULL, body_seed INTEGER NOT NULL,
  body_html TEXT, body_text TEXT);
CREATE TABLE IF NOT EXISTS dnc (team_id TEXT NOT NULL, entry TEXT NOT NULL, created_at TEXT NOT NULL, PRIMARY KEY (team_id, entry));
`;

/**
 * Built after the bulk insert: sorting once beats inserting half a million ids in random order.
 * The big tables' unique id indexes live here too, instead of a PRIMARY KEY in the table.
 */
const INDEXES = `
CREATE UNIQUE INDEX IF NOT EXISTS leads_id ON leads (id);
CREATE UNIQUE INDEX IF NOT EXISTS threads_id ON threads (id);
CREATE UNIQUE INDEX IF NOT EXISTS messages_id ON messages (id);
CREATE INDEX IF NOT EXISTS threads_inbox ON threads (team_id, last_message_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS threads_status ON threads (team_id, status, last_message_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS threads_campaign ON threads (campaign_id, status);
CREATE INDEX IF NOT EXISTS messages_thread ON messages (thread_id, sent_at, id);
CREATE INDEX IF NOT EXISTS campaigns_order ON campaigns (team_id, created_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS leads_order ON leads (team_id, created_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS accounts_order ON email_accounts (team_id, created_at, id);
CREATE INDEX IF NOT EXISTS tags_order ON email_account_tags (team_id, created_at, id);
`;

export function openDb(dataDir: string | undefined, nativeBinding: string | undefined): Db {
  let file = ':memory:';
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    file = join(dataDir, FILE);
  }
  const db = new Database(file, nativeBinding ? { nativeBinding } : {});
  if (dataDir) db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(SCHEMA);
  return db;
}

export function createIndexes(db: Db): void {
  db.exec(INDEXES);
  // Sampled statistics: enough for the planner, a fraction of a full ANALYZE's time.
  db.pragma('analysis_limit = 1000');
  db.exec('ANALYZE');
}

export function getMeta(db: Db, key: string): string | undefined {
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
  return row?.value;
}

export function setMeta(db: Db, key: string, value: string): void {
  db.prepare(
    'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
  ).run(key, value);
}

/** Deletes the database file and its journal files. */
export function removeDb(dataDir: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal'])
    rmSync(join(dataDir, `${FILE}${suffix}`), { force: true });
}
