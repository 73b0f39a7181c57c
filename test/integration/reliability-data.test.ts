// A database written by an older version of the app migrates forward with nothing lost. One
// fixture per schema version lives in test/fixtures/db/ (made by generate.ts beside them, from the
// migrations of that version); each is opened with today's migrations and compared row by row.
import Database from 'better-sqlite3';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openAccount } from '../../electron/core/account/service';
import { storeFile } from '../../electron/core/account/context';
import { openDatabase } from '../../electron/core/store/db';
import { MIGRATIONS } from '../../electron/core/store/migrations/index';
import { htmlSnippetToText } from '../../electron/core/store/migrations/005_plain_text_snippets';
import { fixturePath } from '../fixtures/db/generate';

type Row = Record<string, unknown>;
interface TableSnapshot {
  key: string[];
  rows: Row[];
}

const LATEST = Math.max(...MIGRATIONS.map((m) => m.version));
const work = mkdtempSync(join(tmpdir(), 'triage-data-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/**
 * Deliberate changes a migration makes to old rows (a renamed column, a dropped table), keyed
 * by table: the version that makes it and the row as it must look afterwards; a
 * migration that does must say so here, or this test reports the change as data lost.
 */
const RESHAPED: Record<string, { by: number; to: (old: Row) => Row | null }> = {
  // Version 5: HTML snippets become plain text with the same placeholders.
  snippets: {
    by: 5,
    to: (old) =>
      typeof old.body === 'string' && old.body.includes('<')
        ? { ...old, body: htmlSnippetToText(old.body) }
        : old,
  },
  // Version 11: a snooze that has ended is forgotten (an out-of-office thread's is kept when it was
  // the absence the rep accepted, which depends on its verdict's row: not compared then).
  threads: {
    by: 11,
    to: (old) => {
      const ended = typeof old.snoozed_until === 'string' && old.snoozed_until <= new Date().toISOString();
      if (!ended) return old;
      if (old.status !== 'out_of_office') return { ...old, snoozed_until: null };
      const { snoozed_until: _unsure, ...rest } = old;
      return rest;
    },
  },
  // Version 7: e-mail account changes have no single target.
  outbox: {
    by: 7,
    to: (old) => (old.kind === 'email_accounts' ? { ...old, target_id: null } : old),
  },
};

function ordinaryTables(db: Database.Database): string[] {
  return (
    db
      .prepare(`SELECT name, sql FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)
      .all() as { name: string; sql: string }[]
  )
    .filter((t) => !/CREATE VIRTUAL TABLE/i.test(t.sql) && !/_fts(_|$)/.test(t.name))
    .map((t) => t.name);
}

function snapshot(db: Database.Database): Map<string, TableSnapshot> {
  const out = new Map<string, TableSnapshot>();
  for (const table of ordinaryTables(db)) {
    const cols = db.pragma(`table_info(${table})`) as { name: string; pk: number }[];
    const key = cols
      .filter((c) => c.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((c) => c.name);
    out.set(table, {
      key: key.length > 0 ? key : ['rowid'],
      rows: db.prepare(`SELECT rowid AS rowid, * FROM ${table}`).all() as Row[],
    });
  }
  return out;
}

const keyOf = (row: Row, key: string[]): string => JSON.stringify(key.map((k) => row[k]));

describe('data: older databases migrate forward with nothing lost', () => {
  it('has a fixture database for every schema version', () => {
    const missing = MIGRATIONS.map((m) => m.version).filter((v) => !existsSync(fixturePath(v)));
    // Add one with: npx tsx test/fixtures/db/generate.ts
    expect(missing).toEqual([]);
  });

  for (const m of MIGRATIONS) {
    it(`v${m.version} → v${LATEST}: every row kept, integrity ok, search works`, () => {
      const file = join(work, `v${m.version}.sqlite`);
      copyFileSync(fixturePath(m.version), file);

      const old = new Database(file, { readonly: true });
      expect(old.pragma('user_version', { simple: true })).toBe(m.version);
      const before = snapshot(old);
      old.close();

      const db = openDatabase(file);
      try {
        expect(db.pragma('user_version', { simple: true })).toBe(LATEST);
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
        expect(db.pragma('foreign_key_check')).toEqual([]);
        const after = snapshot(db);

        let compared = 0;
        const lost: string[] = [];
        for (const [table, snap] of before) {
          // A reshape applies to files older than the migration that makes it.
          const reshape = (RESHAPED[table]?.by ?? 0) > m.version ? RESHAPED[table]!.to : undefined;
          const now = after.get(table);
          if (!now && !reshape) {
            lost.push(`table ${table} (${snap.rows.length} rows)`);
            continue;
          }
          const byKey = new Map((now?.rows ?? []).map((r) => [keyOf(r, snap.key), r]));
          for (const oldRow of snap.rows) {
            const expected = reshape ? reshape(oldRow) : oldRow;
            if (expected === null) continue;
            const found = byKey.get(keyOf(expected, snap.key));
            if (!found) {
              lost.push(`${table} ${keyOf(expected, snap.key)}`);
              continue;
            }
            for (const [col, value] of Object.entries(expected)) {
              if (col === 'rowid' && snap.key[0] !== 'rowid') continue;
              if (found[col] !== value) lost.push(`${table} ${keyOf(expected, snap.key)} .${col}`);
            }
            compared++;
          }
        }
        expect(lost).toEqual([]);
        expect(compared).toBeGreaterThan(100);

        // The full-text indexes answer for old rows: every old lead is found by its e-mail.
        const leads = before.get('leads')?.rows ?? [];
        const hasLeadIndex =
          (
            db.prepare(`SELECT count(*) AS n FROM sqlite_schema WHERE name = 'leads_fts'`).get() as {
              n: number;
            }
          ).n > 0;
        if (hasLeadIndex) {
          const find = db.prepare(`SELECT rowid FROM leads_fts WHERE leads_fts MATCH ?`);
          let found = 0;
          for (const lead of leads) {
            const rowids = (
              find.all(`email:"${String(lead.email).replace(/"/g, '""')}"`) as { rowid: number }[]
            ).map((r) => r.rowid);
            if (rowids.includes(lead.rid as number)) found++;
          }
          expect(found).toBe(leads.length);
        }

        console.log(
          `reliability data: v${m.version} → v${LATEST}: ${compared} rows in ${before.size} tables kept, ${lost.length} lost, ${leads.length} leads found by search`,
        );
      } finally {
        db.close();
      }

      // Opening again is a no-op: the version stays and nothing moves.
      const again = openDatabase(file);
      expect(again.pragma('user_version', { simple: true })).toBe(LATEST);
      again.close();
    });
  }

  for (const m of MIGRATIONS) {
    it(`v${m.version}: the app opens the old file offline and shows every thread, message, lead and waiting change`, async () => {
      const old = new Database(fixturePath(m.version), { readonly: true });
      const count = (sql: string): number => (old.prepare(sql).get() as { n: number }).n;
      const threads = count('SELECT count(*) AS n FROM threads');
      const outbox = count('SELECT count(*) AS n FROM outbox');
      const perThread = old
        .prepare('SELECT thread_id AS id, count(*) AS n FROM messages GROUP BY thread_id')
        .all() as { id: string; n: number }[];
      const lead = old.prepare('SELECT id, email FROM leads LIMIT 1').get() as { id: string; email: string };
      old.close();

      const dir = join(work, `app-v${m.version}`);
      mkdirSync(dir, { recursive: true });
      copyFileSync(fixturePath(m.version), storeFile(dir, null));
      // The fixtures' leads are no thread's prospect: make one the prospect of a thread, so the
      // app has a reason to show it (the lead panel, the palette's people).
      const copy = new Database(storeFile(dir, null));
      const thread = copy.prepare('SELECT id FROM threads ORDER BY id LIMIT 1').pluck().get() as string;
      copy.prepare('UPDATE threads SET prospect_id = ? WHERE id = ?').run(lead.id, thread);
      copy.close();
      // No service at this address: the app must read everything from the old file alone.
      const account = openAccount(
        { id: 'old', baseUrl: 'http://127.0.0.1:9/v1', workspaceId: null, dir, getApiKey: async () => null },
        () => undefined,
      );
      const a = { accountId: 'old' };
      try {
        const list = await account.handlers['threads.list']({ ...a, view: 'all', offset: 0, limit: 500 });
        expect(list.total).toBe(threads);
        let messages = 0;
        for (const t of perThread) {
          const detail = await account.handlers['threads.get']({ ...a, threadId: t.id });
          expect(detail).not.toBeNull();
          const fromServer = detail!.messages.filter((msg) => msg.outboxId === null);
          expect(fromServer).toHaveLength(t.n);
          messages += fromServer.length;
        }
        expect((await account.handlers['threads.get']({ ...a, threadId: thread }))?.lead?.email).toBe(
          lead.email,
        );
        const found = await account.handlers.search({ ...a, query: lead.email, limit: 20 });
        expect(found.leads.find((l) => l.id === lead.id)?.newestThreadId).toBe(thread);
        const waiting = await account.handlers['outbox.list'](a);
        expect(waiting).toHaveLength(outbox);
        console.log(
          `reliability data: the app reads v${m.version}: ${list.total} threads, ${messages} messages, ${waiting.length} waiting changes`,
        );
      } finally {
        await account.stop();
      }
    });
  }
});
