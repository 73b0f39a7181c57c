// Opens an account's SQLite file: WAL, foreign keys, synchronous=NORMAL, and the migrations,
// each applied in one transaction that also sets user_version.
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { MIGRATIONS, type Migration } from './migrations/index';

export type Db = Database.Database;

export class FutureSchemaError extends Error {
  constructor(found: number, known: number) {
    super(
      `This data file was written by a newer version of Outreach Triage (schema ${found}; this version knows up to ${known}). Update the app to open it.`,
    );
    this.name = 'FutureSchemaError';
  }
}

export function migrate(db: Db, migrations: Migration[] = MIGRATIONS): number {
  const latest = migrations.reduce((max, m) => Math.max(max, m.version), 0);
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > latest) throw new FutureSchemaError(current, latest);
  for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
    if (m.version <= current) continue;
    db.transaction(() => {
      m.up(db);
      db.pragma(`user_version = ${m.version}`);
    })();
  }
  return latest;
}

export function openDatabase(
  file: string,
  opts: { nativeBinding?: string; migrations?: Migration[] } = {},
): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file, opts.nativeBinding ? { nativeBinding: opts.nativeBinding } : {});
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('synchronous = NORMAL');
    db.pragma('busy_timeout = 5000');
    // 32 MB of page cache (the default is 2 MB): at 100,000 threads the leaves a page of writes
    // touches at random (the id and prospect indexes, about 8 MB together) and the tails of the
    // grouped indexes stay cached, so a commit writes pages without first reading them back.
    // It is a ceiling, filled only as pages are read; more bought nothing measurable.
    db.pragma('cache_size = -32768');
    db.pragma('temp_store = MEMORY');
    // Checkpoint every 64 MB of WAL instead of 4 MB. Sync commits a page at a time, each
    // appending its dirty pages; a checkpoint copies each page once however many commits rewrote
    // it, then fsyncs. At 4 MB a full thread pass checkpointed every two or three pages and spent
    // much of its time waiting on fsync (40,000 threads took about twice as long as at 64 MB).
    // The WAL file is kept at up to the same size, so it is not cut and regrown each cycle.
    db.pragma('wal_autocheckpoint = 16384');
    db.pragma('journal_size_limit = 67108864');
    migrate(db, opts.migrations);
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}

/** The page cache (KiB) of each account's store when `open` stores are open: they share 64 MB. One
 *  account keeps the full 32 MB its sync writes best with; several (All inboxes) each get their
 *  part, never under 8 MB. */
export function cacheShare(open: number): number {
  return Math.max(8 * 1024, Math.min(32 * 1024, Math.floor((64 * 1024) / Math.max(1, open))));
}
