// Reads of the account's SQLite file on a connection of their own, read-only, for the core child:
// seeded samples of real rows (from which the bench builds its queries), row counts, and bare SQL
// timings (the floor the handlers are compared with).
import Database from 'better-sqlite3';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { below, rng } from './rng';

export interface StoreSample {
  people: Record<string, string>[];
  subjects: string[];
  leads: Record<string, string>[];
  campaignIds: string[];
  emailAccountIds: string[];
  statuses: string[];
  threads: number;
}

/** The account's SQLite file, wherever the store keeps it inside the account folder. */
export function findDbFile(root: string): string {
  const stack = [root];
  while (stack.length) {
    const d = stack.pop()!;
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) stack.push(p);
      else if (/\.(sqlite|sqlite3|db)$/.test(name)) return p;
    }
  }
  throw new Error(`no SQLite file under ${root}`);
}

function readOnly<T>(dir: string, fn: (db: Database.Database) => T): T {
  const db = new Database(findDbFile(dir), { readonly: true });
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

/** Runs a statement once per params; answers each run's milliseconds. */
export function timeBareSql(dir: string, sql: string, params: unknown[][]): number[] {
  return readOnly(dir, (db) => {
    const stmt = db.prepare(sql);
    const out: number[] = [];
    for (const p of params) {
      const start = performance.now();
      stmt.all(...p);
      out.push(performance.now() - start);
    }
    return out;
  });
}

/** Raw rows picked at seeded offsets. */
export function sampleStore(dir: string, n: number, seed: number): StoreSample {
  return readOnly(dir, (db) => {
    const r = rng(seed);
    const count = (t: string) => db.prepare(`SELECT count(*) FROM ${t}`).pluck().get() as number;
    const at = (sql: string, total: number) => {
      const stmt = db.prepare(`${sql} LIMIT 1 OFFSET ?`);
      return Array.from({ length: n }, () => stmt.get(below(r, total)) as Record<string, string>);
    };
    const threads = count('threads');
    return {
      people: at(
        'SELECT prospect_first AS first, prospect_last AS last, company, prospect_email AS email FROM threads',
        threads,
      ),
      subjects: at('SELECT subject FROM messages', count('messages')).map((m) => m.subject ?? ''),
      leads: at('SELECT title, industry, location, company FROM leads', count('leads')),
      campaignIds: db.prepare('SELECT DISTINCT campaign_id FROM threads').pluck().all() as string[],
      emailAccountIds: db.prepare('SELECT DISTINCT email_account_id FROM threads').pluck().all() as string[],
      statuses: db.prepare('SELECT DISTINCT status FROM threads').pluck().all() as string[],
      threads,
    };
  });
}

/** Row counts of the synced store. */
export function storeCounts(dir: string): { threads: number; messages: number; leads: number } {
  return readOnly(dir, (db) => {
    const n = (t: string) => db.prepare(`SELECT count(*) FROM ${t}`).pluck().get() as number;
    return { threads: n('threads'), messages: n('messages'), leads: n('leads') };
  });
}
