// A damaged store heals itself: the file is moved aside (never deleted), the changes still waiting
// in its outbox are carried into a fresh store, and a file from a newer app is left alone.
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  rmSync,
  statSync,
  truncateSync,
  writeSync,
  closeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { FutureSchemaError } from '../../electron/core/store/db';
import { MIGRATIONS } from '../../electron/core/store/migrations/index';
import { openStore } from '../../electron/core/store/index';
import { checkFile, heal } from '../../electron/core/store/heal';

const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), 'store-heal-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const hex = (n: number) => n.toString(16).padStart(24, '0');
const thread = (i: number) => ({
  _id: hex(i),
  prospectId: hex(100_000 + i),
  campaignId: 'c'.repeat(24),
  emailAccountId: 'e'.repeat(24),
  status: 'open',
  prospect: { email: `p${i}@acme.test`, firstName: `First${i}`, lastName: 'Lovelace', company: 'Acme' },
  lastMessageAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
  createdAt: '2026-01-01T00:00:00.000Z',
});

/** A store with `threads` synced threads and `changes` verdicts waiting in the outbox (one done). */
function filled(file: string, threads: number, changes: number): void {
  const s = openStore(file);
  for (let i = 0; i < threads; i += 500)
    s.tx(() =>
      s.threads.upsertMany(Array.from({ length: Math.min(500, threads - i) }, (_, k) => thread(i + k))),
    );
  for (let i = 0; i < changes; i++)
    s.outbox.add(
      'thread_status',
      hex(i),
      { threadId: hex(i), status: 'interested', previous: 'open' },
      `Verdict ${i}`,
    );
  const done = s.outbox.add(
    'thread_status',
    hex(changes),
    { threadId: hex(changes), status: 'interested', previous: 'open' },
    'Sent',
  );
  s.db.prepare(`UPDATE outbox SET state = 'done' WHERE id = ?`).run(done);
  s.close();
}

function overwrite(file: string, offset: number, length: number): void {
  const fd = openSync(file, 'r+');
  writeSync(fd, Buffer.alloc(length, 0x5a), 0, length, offset);
  closeSync(fd);
}

const broken = (dir: string) => (existsSync(join(dir, 'broken')) ? readdirSync(join(dir, 'broken')) : []);
const waiting = (file: string) =>
  openStore(file)
    .outbox.list()
    .filter((e) => e.state === 'pending')
    .map((e) => e.summary);

describe('a damaged store heals at open', () => {
  it('a sound file opens as it is, with nothing moved', () => {
    const dir = tmp();
    const file = join(dir, 'data-default.sqlite');
    filled(file, 50, 3);
    const s = openStore(file);
    expect(s.healed).toBeNull();
    expect(s.threads.count()).toBe(50);
    s.close();
    expect(broken(dir)).toEqual([]);
  });

  it('a header overwritten: moved aside into broken/, the waiting verdicts read from a rebuilt header and kept', () => {
    const dir = tmp();
    const file = join(dir, 'data-default.sqlite');
    filled(file, 2000, 7);
    overwrite(file, 0, 100);
    const s = openStore(file);
    expect(s.healed).not.toBeNull();
    expect(s.healed!.reason).toMatch(/no longer a database/);
    expect(s.healed!.movedTo).toContain(join(dir, 'broken'));
    expect(existsSync(s.healed!.movedTo)).toBe(true);
    expect(s.healed!.saved).toBe(7);
    expect(s.healed!.lost).toBe(0);
    // A fresh store: the synced copy comes back with the next full sync; the outbox kept its order.
    expect(s.threads.count()).toBe(0);
    expect(s.outbox.list().map((e) => e.summary)).toEqual(
      Array.from({ length: 7 }, (_, i) => `Verdict ${i}`),
    );
    expect(s.db.pragma('quick_check', { simple: true })).toBe('ok');
    s.close();
    expect(waiting(file)).toHaveLength(7);
  });

  it('a page in the middle damaged: the check finds it, every waiting change is carried', () => {
    const dir = tmp();
    const file = join(dir, 'data-default.sqlite');
    filled(file, 3000, 5);
    const pages = statSync(file).size / 4096;
    overwrite(file, Math.floor(pages / 2) * 4096, 4096);
    const s = openStore(file);
    expect(s.healed?.reason).toBeTruthy();
    expect(s.healed!.saved).toBe(5);
    expect(broken(dir).some((f) => f.startsWith('data-default.') && f.endsWith('.sqlite'))).toBe(true);
    expect(s.db.pragma('integrity_check', { simple: true })).toBe('ok');
    s.close();
  });

  it('the outbox table itself damaged: the rows still readable are kept and the rest counted as lost', () => {
    const dir = tmp();
    const file = join(dir, 'data-default.sqlite');
    filled(file, 10, 400); // several outbox pages
    const db = new Database(file, { readonly: true });
    const root = db
      .prepare(`SELECT rootpage FROM sqlite_master WHERE name = 'outbox'`)
      .pluck()
      .get() as number;
    // A leaf of the outbox's b-tree: the first page after the root that holds outbox rows.
    const leaves = db
      .prepare(`SELECT pageno FROM dbstat WHERE name = 'outbox' AND pagetype = 'leaf' ORDER BY pageno`)
      .pluck()
      .all() as number[];
    db.close();
    expect(leaves.length).toBeGreaterThan(2);
    expect(root).toBeGreaterThan(0);
    overwrite(file, (leaves[1]! - 1) * 4096, 4096);
    const s = openStore(file);
    expect(s.healed).not.toBeNull();
    expect(s.healed!.saved).toBeGreaterThan(0);
    expect(s.healed!.saved).toBeLessThan(400);
    // Each of the 400 waiting changes is either carried or counted as lost: none vanishes unsaid.
    expect(s.healed!.lost).toBeGreaterThan(0);
    expect(s.healed!.saved + s.healed!.lost!).toBe(400);
    s.close();
  });

  it('a truncated WAL: what was fully written survives, the file checks ok and nothing is moved', () => {
    const dir = tmp();
    const file = join(dir, 'data-default.sqlite');
    filled(file, 100, 0);
    const s = openStore(file);
    s.db.pragma('wal_autocheckpoint = 0');
    for (let i = 0; i < 20; i++)
      s.outbox.add(
        'thread_status',
        hex(i),
        { threadId: hex(i), status: 'interested', previous: 'open' },
        `Verdict ${i}`,
      );
    // Copy the files as a crash leaves them (the WAL not checkpointed), then cut the WAL short.
    const crash = join(dir, 'crash.sqlite');
    copyFileSync(file, crash);
    copyFileSync(file + '-wal', crash + '-wal');
    s.close();
    const walSize = statSync(crash + '-wal').size;
    truncateSync(crash + '-wal', Math.floor(walSize * 0.6));
    const after = openStore(crash);
    expect(after.healed).toBeNull();
    expect(after.db.pragma('integrity_check', { simple: true })).toBe('ok');
    const kept = after.outbox.list().map((e) => e.summary);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(20);
    expect(kept).toEqual(Array.from({ length: kept.length }, (_, i) => `Verdict ${i}`));
    after.close();
    expect(broken(dir)).toEqual([]);
  });

  it('a file from a newer app version is refused and left exactly where it was', () => {
    const dir = tmp();
    const file = join(dir, 'data-default.sqlite');
    filled(file, 10, 2);
    const db = new Database(file);
    db.pragma(`user_version = ${MIGRATIONS.at(-1)!.version + 5}`);
    db.close();
    expect(() => openStore(file)).toThrow(FutureSchemaError);
    expect(broken(dir)).toEqual([]);
    expect(existsSync(file)).toBe(true);
  });

  it('a migration that fails half-way on the file’s own data: moved aside, the waiting changes carried', () => {
    const dir = tmp();
    const file = join(dir, 'data-default.sqlite');
    filled(file, 10, 3);
    // A next version whose step cannot apply to this file's rows (its data breaks a new rule).
    const next = {
      version: MIGRATIONS.at(-1)!.version + 1,
      up(db: Database.Database) {
        db.exec(`CREATE TABLE checks (n INTEGER NOT NULL)`);
        db.exec(`INSERT INTO checks SELECT NULL FROM threads`);
      },
    };
    const s = openStore(file, { migrations: [...MIGRATIONS, next] });
    expect(s.healed?.reason).toMatch(/NOT NULL|check/i);
    expect(s.healed!.saved).toBe(3);
    expect(s.db.pragma('user_version', { simple: true })).toBe(next.version);
    s.close();
  });

  it('a deferred check: the store opens at once, the check off the thread finds the damage, and healing keeps the outbox', () => {
    const dir = tmp();
    const file = join(dir, 'data-default.sqlite');
    filled(file, 3000, 4);
    const pages = statSync(file).size / 4096;
    overwrite(file, Math.floor(pages * 0.7) * 4096, 4096);
    const s = openStore(file, { check: 'deferred' });
    expect(s.healed).toBeNull();
    const problem = checkFile(file);
    expect(problem).toMatch(/check found/);
    s.close();
    const { db, healed } = heal(file, new Error(problem!));
    expect(healed.saved).toBe(4);
    expect(db.prepare(`SELECT count(*) FROM outbox`).pluck().get()).toBe(4);
    db.close();
    expect(checkFile(file)).toBeNull();
  });
});

describe('the rep’s local marks through a heal', () => {
  it('carry drafts and snoozes into the fresh store, landing as each thread comes back, also through a second heal before they did', () => {
    const file = join(tmp(), 'marks.sqlite');
    const s = openStore(file);
    s.tx(() => s.threads.upsertMany([thread(1), thread(2), thread(3)]));
    const until = new Date(Date.now() + 86_400_000).toISOString();
    s.threads.snooze([hex(1)], until);
    s.local.saveDraft(hex(2), '<p>Half a thought</p>');
    s.close();
    overwrite(file, 0, 100);
    // Healed at open, and again (the header overwritten once more) before any thread came back.
    const first = openStore(file);
    expect(first.healed?.marks).toEqual({ drafts: 1, snoozes: 1, unread: 0, verdicts: 0 });
    expect(first.threads.count()).toBe(0);
    first.close();
    overwrite(file, 0, 100);
    const second = openStore(file);
    expect(second.healed?.marks).toEqual({ drafts: 1, snoozes: 1, unread: 0, verdicts: 0 });
    // The pull writes the threads again: each mark lands on its thread.
    second.tx(() => second.threads.upsertMany([thread(1), thread(2), thread(3)]));
    expect(second.threads.get(hex(1))?.snoozedUntil).toBe(until);
    expect(second.local.draft(hex(2))).toBe('<p>Half a thought</p>');
    expect(second.threads.get(hex(3))?.snoozedUntil).toBeNull();
    second.close();
  });
});
