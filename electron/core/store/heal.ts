// Opens an account's SQLite file after checking it, and heals a damaged one. The file is a copy
// of the service plus the one thing only this device has, the outbox; so a file that fails its
// check is never deleted: it is moved aside into broken/ beside it (with its -wal and -shm), the
// outbox rows that can still be read are carried into a fresh store, and the next full sync fills
// the rest. A file from a newer app version is refused and left untouched.
import Database from 'better-sqlite3';
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { FutureSchemaError, openDatabase, type Db } from './db';
import type { Migration } from './migrations/index';
import { carryMarks, openToRead, readMarks, type CarriedMarks, type Mark } from './marks';

/** What happened to a damaged file, said to the rep in words by the window. */
export interface HealReport {
  /** Why the file could not be used, in words. */
  reason: string;
  /** Where the old file now lies (never deleted by the app). */
  movedTo: string;
  /** Changes still waiting for the service that were read from the old file and kept. */
  saved: number;
  /** Changes that could not be read; null when not even their number could be read. */
  lost: number | null;
  /** The rep's local marks read from the old file, which land on each thread as it is refilled. */
  marks: CarriedMarks;
  at: string;
}

export interface OpenOptions {
  nativeBinding?: string;
  migrations?: Migration[];
  /** 'quick' (the default) runs SQLite's quick_check before the store is used; 'deferred' checks
   *  only what opening and migrating touch, for a caller that runs `checkFile` off its thread
   *  (the check reads the whole file: seconds at 100,000 threads). */
  check?: 'quick' | 'deferred';
}

/** The outbox columns every schema version has had (copied by name into the fresh store). */
const OUTBOX_COLUMNS = [
  'id',
  'kind',
  'state',
  'target_id',
  'payload',
  'summary',
  'attempts',
  'last_error',
  'not_before',
  'created_at',
  'updated_at',
] as const;
/** States worth carrying: what still waits, or needs the rep (a 'sending' one is recovered later). */
const CARRIED_STATES = `('pending', 'sending', 'failed', 'uncertain')`;

type OutboxRow = Record<(typeof OUTBOX_COLUMNS)[number], unknown>;

/** Opens (creating and migrating) the file; a damaged one is healed and the report says how. */
export function openChecked(file: string, opts: OpenOptions = {}): { db: Db; healed: HealReport | null } {
  let problem: unknown;
  try {
    const db = openDatabase(file, opts);
    const check = opts.check === 'deferred' ? null : quickCheck(db);
    if (check === null) return { db, healed: null };
    db.close();
    problem = new Error(check);
  } catch (err) {
    if (err instanceof FutureSchemaError) throw err;
    if (!isDamage(err)) throw err;
    problem = err;
  }
  return heal(file, problem, opts);
}

/** Checks a file on a connection of its own (read-only): null when sound, else what is wrong. */
export function checkFile(file: string, nativeBinding?: string): string | null {
  const db = new Database(file, {
    readonly: true,
    fileMustExist: true,
    ...(nativeBinding ? { nativeBinding } : {}),
  });
  try {
    return quickCheck(db);
  } catch (err) {
    return describe(err);
  } finally {
    db.close();
  }
}

/** Moves a damaged file aside and opens a fresh one with the outbox rows still readable. The
 *  caller has closed its own connections to the file. */
export function heal(file: string, problem: unknown, opts: OpenOptions = {}): { db: Db; healed: HealReport } {
  const { outbox: salvage, marks } = readOld(file, opts);
  const movedTo = moveAside(file);
  const db = openDatabase(file, opts);
  const saved = carryOutbox(db, salvage.rows, salvage.top);
  return {
    db,
    healed: {
      reason: describe(problem),
      movedTo,
      saved,
      lost: salvage.lost,
      marks: carryMarks(db, marks),
      at: new Date().toISOString(),
    },
  };
}

/** null when the file is sound, else the first problem SQLite names. */
function quickCheck(db: Db): string | null {
  const rows = db.pragma('quick_check(1)') as { quick_check: string }[];
  const first = rows[0]?.quick_check ?? 'no answer from the check';
  return first === 'ok' ? null : `SQLite's check found: ${first}`;
}

/** Errors that mean the file itself is damaged (as opposed to a full disk or a missing folder). */
function isDamage(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string')
    return /^SQLITE_(CORRUPT|NOTADB|FORMAT|IOERR_SHORT_READ|ERROR|SCHEMA|MISMATCH|CONSTRAINT)/.test(code);
  // A migration that threw something other than a SQLite error failed half-way: the file's schema
  // is not one this version can use.
  return err instanceof Error && !(err as NodeJS.ErrnoException).errno;
}

function describe(err: unknown): string {
  if (typeof err === 'string') return err;
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'SQLITE_NOTADB') return 'The file is no longer a database (its header was overwritten).';
  if (typeof code === 'string' && code.startsWith('SQLITE_CORRUPT'))
    return 'Part of the file is damaged (SQLite reports it as malformed).';
  const message = err instanceof Error ? err.message : String(err);
  return message.startsWith("SQLite's check")
    ? message
    : `The file could not be opened: ${message.slice(0, 200)}`;
}

interface Salvage {
  rows: OutboxRow[];
  lost: number | null;
  /** The highest id the old outbox ever gave (0 when unknown): the fresh one gives only higher. */
  top: number;
}

/** What can still be read of a file: its outbox and the rep's marks, from the file itself or,
 *  when its header was overwritten, from a copy with a rebuilt header (the rest is often intact). */
function readOld(file: string, opts: OpenOptions): { outbox: Salvage; marks: Mark[] } {
  const direct = { outbox: readOutboxOf(file, opts), marks: readMarks(file, opts) };
  if (direct.outbox.lost !== null) return direct;
  const dir = mkdtempSync(join(tmpdir(), 'triage-salvage-'));
  try {
    const copy = join(dir, 'copy.sqlite');
    for (const suffix of ['', '-wal'])
      if (existsSync(file + suffix)) copyFileSync(file + suffix, copy + suffix);
    if (!rebuildHeader(copy, opts)) return direct;
    return { outbox: readOutboxOf(copy, opts), marks: readMarks(copy, opts) };
  } catch {
    return direct;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Writes a plausible header over the copy's first 100 bytes: the one of an empty database of
 *  this app (same page size, WAL, UTF-8), with the page count the file's size implies. */
function rebuildHeader(copy: string, opts: OpenOptions): boolean {
  const size = statSync(copy).size;
  const pageSize = 4096; // SQLite's default, which the app never changes
  if (size < pageSize || size % pageSize !== 0) return false;
  const template = join(dirname(copy), 'template.sqlite');
  const t = new Database(template, opts.nativeBinding ? { nativeBinding: opts.nativeBinding } : {});
  t.pragma('journal_mode = WAL');
  t.exec('CREATE TABLE x (y)');
  t.close();
  const header = Buffer.alloc(100);
  const fd = openSync(template, 'r');
  try {
    readSync(fd, header, 0, 100, 0);
  } finally {
    closeSync(fd);
  }
  header.writeUInt32BE(size / pageSize, 28); // pages in the file
  header.writeUInt32BE(0, 32); // no freelist (its pages are then simply unused)
  header.writeUInt32BE(0, 36);
  header.writeUInt32BE(header.readUInt32BE(24), 92); // the page count above is valid
  const out = openSync(copy, 'r+');
  try {
    writeSync(out, header, 0, 100, 0);
  } finally {
    closeSync(out);
  }
  return true;
}

/** Reads the outbox rows still readable: all at once, else one row at a time by id. */
function readOutboxOf(file: string, opts: OpenOptions): Salvage {
  const db = openToRead(file, opts);
  if (!db) return { rows: [], lost: null, top: 0 };
  const columns = OUTBOX_COLUMNS.join(', ');
  try {
    let top = 0;
    try {
      top = readTopId(db);
    } catch {
      // unknown: the fresh outbox starts after the highest id it is given
    }
    try {
      const rows = db
        .prepare(`SELECT ${columns} FROM outbox WHERE state IN ${CARRIED_STATES} ORDER BY id`)
        .all() as OutboxRow[];
      return { rows, lost: 0, top };
    } catch {
      // Some page of the table is damaged: walk the ids one by one, from the highest id known.
    }
    if (top === 0) return { rows: [], lost: null, top };
    const one = db.prepare(`SELECT ${columns} FROM outbox WHERE id = ?`);
    const rows: OutboxRow[] = [];
    let lost = 0;
    for (let id = 1; id <= top; id++) {
      try {
        const row = one.get(id) as OutboxRow | undefined;
        if (row && /^(pending|sending|failed|uncertain)$/.test(String(row.state))) rows.push(row);
      } catch {
        lost++;
      }
    }
    return { rows, lost, top };
  } finally {
    db.close();
  }
}

function readTopId(db: Db): number {
  try {
    const seq = db.prepare(`SELECT seq FROM sqlite_sequence WHERE name = 'outbox'`).get() as
      { seq: number } | undefined;
    if (seq) return seq.seq;
  } catch {
    // sqlite_sequence itself may be on a damaged page; the table's own maximum may still read.
  }
  const max = db.prepare(`SELECT max(id) AS id FROM outbox`).get() as { id: number | null };
  return max.id ?? 0;
}

/** Moves the file and its -wal/-shm into broken/ beside it, the time in the name; returns the path. */
function moveAside(file: string): string {
  const folder = join(dirname(file), 'broken');
  mkdirSync(folder, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const target = join(folder, `${basename(file, '.sqlite')}.${stamp}.sqlite`);
  for (const suffix of ['', '-wal', '-shm', '-journal']) {
    if (existsSync(file + suffix)) renameSync(file + suffix, target + suffix);
  }
  return target;
}

/** Puts the carried rows into the fresh store's outbox under their old ids (so their order holds),
 *  and starts its ids after every id the old one gave: the window may still hold one (the undo of
 *  an accept names its do-not-contact entry), and must never reach a new change by it. */
function carryOutbox(db: Db, rows: OutboxRow[], top: number): number {
  const columns = OUTBOX_COLUMNS.join(', ');
  const insert = db.prepare(
    `INSERT OR IGNORE INTO outbox (${columns}) VALUES (${OUTBOX_COLUMNS.map((c) => '@' + c).join(', ')})`,
  );
  let saved = 0;
  db.transaction(() => {
    for (const row of rows) {
      if (typeof row.kind !== 'string' || typeof row.payload !== 'string') continue;
      saved += insert.run(row).changes;
    }
    db.prepare(`DELETE FROM sqlite_sequence WHERE name = 'outbox'`).run();
    db.prepare(
      `INSERT INTO sqlite_sequence (name, seq) VALUES ('outbox', max(?, (SELECT coalesce(max(id), 0) FROM outbox)))`,
    ).run(top);
  })();
  return saved;
}
