import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { FutureSchemaError, openDatabase } from '../../electron/core/store/db';
import { MIGRATIONS } from '../../electron/core/store/migrations/index';
import { openStore } from '../../electron/core/store/index';
import { setThreadStatuses } from '../../electron/core/outbox/kinds/threadStatus';
import { updateEmailAccounts } from '../../electron/core/outbox/kinds/emailAccounts';
import { ftsQuery } from '../../electron/core/store/util';

const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), 'core-store-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const thread = (i: number, status = 'open') => ({
  _id: i.toString(16).padStart(24, '0'),
  prospectId: (1000 + i).toString(16).padStart(24, '0'),
  campaignId: 'c'.repeat(24),
  emailAccountId: 'e'.repeat(24),
  status,
  prospect: {
    email: `p${i}@acme.test`,
    firstName: `First${i}`,
    lastName: 'Lovelace',
    company: i % 2 ? 'Acme' : 'Globex',
  },
  lastMessageAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('migrations', () => {
  it('builds a fresh database at the latest version with WAL and foreign keys', () => {
    const db = openDatabase(join(tmp(), 'a.sqlite'));
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.at(-1)!.version);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    const tables = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).pluck().all();
    for (const t of [
      'teams',
      'campaigns',
      'email_accounts',
      'tags',
      'threads',
      'messages',
      'leads',
      'outbox',
      'sync_state',
      'drafts',
      'snippets',
    ])
      expect(tables).toContain(t);
    db.close();
  });

  it('refuses a database from the future with a clear error and leaves it untouched', () => {
    const file = join(tmp(), 'future.sqlite');
    const raw = new Database(file);
    raw.pragma('user_version = 999');
    raw.close();
    expect(() => openDatabase(file)).toThrow(FutureSchemaError);
    expect(() => openDatabase(file)).toThrow(/newer version/);
    const check = new Database(file);
    expect(check.pragma('user_version', { simple: true })).toBe(999);
    check.close();
  });

  it('applies a failing migration not at all (one transaction each)', () => {
    const file = join(tmp(), 'm.sqlite');
    const broken = [
      ...MIGRATIONS,
      { version: 99, up: (db: Database.Database) => db.exec(`CREATE TABLE x (a); SELECT * FROM nope;`) },
    ];
    expect(() => openDatabase(file, { migrations: broken })).toThrow();
    const db = new Database(file);
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.at(-1)!.version);
    expect(db.prepare(`SELECT count(*) FROM sqlite_master WHERE name = 'x'`).pluck().get()).toBe(0);
    db.close();
  });
});

describe('store', () => {
  it('lists a window newest first with totals, and searches by prospect and company', () => {
    const s = openStore(join(tmp(), 's.sqlite'));
    s.tx(() =>
      s.threads.upsertMany(
        Array.from({ length: 30 }, (_, i) => thread(i + 1, i % 3 === 0 ? 'interested' : 'open')),
      ),
    );
    const w = s.threads.list({ view: 'inbox', offset: 5, limit: 5 });
    expect(w.total).toBe(20);
    expect(w.rows).toHaveLength(5);
    const times = w.rows.map((r) => r.lastMessageAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(s.threads.list({ view: 'status', status: 'interested', offset: 0, limit: 100 }).total).toBe(10);
    expect(s.threads.list({ view: 'all', search: 'globex', offset: 0, limit: 100 }).total).toBe(15);
    expect(
      s.threads.list({ view: 'all', search: 'first7 lovel', offset: 0, limit: 100 }).rows[0]!.prospectName,
    ).toBe('First7 Lovelace');
    expect(s.threads.counts().byStatus).toEqual({ open: 20, interested: 10 });
    s.close();
  });

  it('keeps a pending status over a fresh pull, and a newer status supersedes the older one', () => {
    const s = openStore(join(tmp(), 's.sqlite'));
    s.tx(() => s.threads.upsertMany([thread(1)]));
    const id = thread(1)._id;
    setThreadStatuses(s, [id], 'interested');
    setThreadStatuses(s, [id], 'meeting_booked');
    expect(s.outbox.list()).toHaveLength(1);
    s.tx(() => {
      s.threads.upsertMany([thread(1, 'open')]);
      s.outbox.overlay('threads', [id]);
    });
    expect(s.threads.get(id)!.status).toBe('meeting_booked');
    expect(s.threads.get(id)!.pending).toBe(true);
    // Going back (an undo) is a new intent too: it retires the waiting one and shows at once.
    setThreadStatuses(s, [id], 'open');
    expect(s.outbox.list().map((e) => e.payload)).toEqual([{ status: 'open' }]);
    expect(s.threads.get(id)!.status).toBe('open');
    s.close();
  });

  it('a newer signature for some accounts retires that part of an older failed change, keeping the rest', () => {
    const s = openStore(join(tmp(), 's.sqlite'));
    const [a, b] = ['a'.repeat(24), 'b'.repeat(24)];
    s.tx(() => s.outbox.add('email_accounts', null, { emailAccountIds: [a, b], signature: 'old' }, 'Old'));
    const older = s.outbox.list()[0]!;
    s.tx(() => {
      s.outbox.move(older.id, 'pending', 'sending');
      s.outbox.move(older.id, 'sending', 'failed', { lastError: 'Refused.' });
    });
    s.tx(() =>
      s.outbox.add('email_accounts', null, { emailAccountIds: [a], signature: 'new', tags: ['x'] }, 'New'),
    );
    // Retrying what is left can no longer put the old signature back on a.
    expect(s.outbox.list().map((e) => [e.state, e.payload])).toEqual([
      ['pending', { emailAccountIds: [a], signature: 'new', tags: ['x'] }],
      ['failed', { emailAccountIds: [b], signature: 'old' }],
    ]);
    expect(s.outbox.list()[1]!.lastError).toBe('Refused.');
    s.close();
  });

  it('a change refused after a newer one was queued while it was on the wire yields the part the newer one covers', () => {
    const s = openStore(join(tmp(), 's.sqlite'));
    const [a, b] = ['a'.repeat(24), 'b'.repeat(24)];
    s.tx(() => s.outbox.add('email_accounts', null, { emailAccountIds: [a, b], signature: 'old' }, 'Old'));
    const older = s.outbox.list()[0]!;
    s.outbox.move(older.id, 'pending', 'sending');
    s.tx(() => s.outbox.add('email_accounts', null, { emailAccountIds: [a], signature: 'new' }, 'New'));
    s.tx(() => {
      s.outbox.move(older.id, 'sending', 'failed', { lastError: 'Refused.' });
      s.outbox.yieldToNewer(older);
    });
    expect(s.outbox.list().map((e) => [e.state, e.payload])).toEqual([
      ['pending', { emailAccountIds: [a], signature: 'new' }],
      ['failed', { emailAccountIds: [b], signature: 'old' }],
    ]);
    s.close();
  });

  it('newer changes that together cover a change refused on the wire retire all of it', () => {
    const s = openStore(join(tmp(), 's.sqlite'));
    const [a, b] = ['a'.repeat(24), 'b'.repeat(24)];
    s.tx(() => s.outbox.add('email_accounts', null, { emailAccountIds: [a, b], signature: 'old' }, 'Old'));
    const older = s.outbox.list()[0]!;
    s.outbox.move(older.id, 'pending', 'sending');
    s.tx(() => s.outbox.add('email_accounts', null, { emailAccountIds: [a], signature: 'A' }, 'A'));
    s.tx(() => s.outbox.add('email_accounts', null, { emailAccountIds: [b], signature: 'B' }, 'B'));
    s.tx(() => {
      s.outbox.move(older.id, 'sending', 'failed', { lastError: 'Refused.' });
      s.outbox.yieldToNewer(older);
    });
    expect(s.outbox.list().map((e) => e.payload)).toEqual([
      { emailAccountIds: [a], signature: 'A' },
      { emailAccountIds: [b], signature: 'B' },
    ]);
    s.close();
  });

  it('e-mail account changes that start with different accounts still retire what a newer one covers', () => {
    const s = openStore(join(tmp(), 's.sqlite'));
    const [a, b, c] = ['a'.repeat(24), 'b'.repeat(24), 'c'.repeat(24)];
    // As the E-mail accounts view queues them: A+B, then C+B (found by the chaos suite, seed 84967453).
    updateEmailAccounts(s, { emailAccountIds: [a, b], signature: 'old' });
    updateEmailAccounts(s, { emailAccountIds: [c, b], signature: 'new' });
    expect(s.outbox.list().map((e) => e.payload)).toEqual([
      { emailAccountIds: [c, b], signature: 'new' },
      { emailAccountIds: [a], signature: 'old' },
    ]);
    // One at a time, oldest first: a change may name any account another one names.
    expect(s.outbox.pushable().map((e) => e.payload)).toEqual([
      { emailAccountIds: [c, b], signature: 'new' },
    ]);
    s.close();
  });

  it('makes search input safe for FTS5', () => {
    expect(ftsQuery('"); DROP TABLE x; --')).toBe('"DROP"* "TABLE"* "x"*');
    expect(ftsQuery('  ')).toBeNull();
  });
});
