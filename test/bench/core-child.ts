// The core in its own process, so its RSS is the core's alone: one account service (store, sync,
// handlers) over a sandbox, driven by the bench through lib/child.ts. Handler timings are taken
// here, next to the handlers, so they hold no IPC cost; the bridge figure adds that separately.
import Database from 'better-sqlite3';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { openAccount, type AccountService } from '../../electron/core/account';
import type { AccountChannel } from '../../electron/contract';
import { rssMB, serve } from './lib/child';

export const ACCOUNT_ID = 'bench';
let service: AccountService | null = null;
let dir = '';

/** The account's SQLite file, wherever the store keeps it inside the account folder. */
function findDbFile(root: string): string {
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

async function syncNow(): Promise<number> {
  if (!service) throw new Error('no account is open');
  const start = performance.now();
  await service.syncNow();
  return performance.now() - start;
}

serve({
  async syncFull(p: { baseUrl: string; apiKey: string; dir: string }) {
    dir = p.dir;
    service = openAccount(
      { id: ACCOUNT_ID, baseUrl: p.baseUrl, workspaceId: null, dir: p.dir, getApiKey: async () => p.apiKey },
      () => undefined,
    );
    const ms = await syncNow();
    return { ms, rssMB: rssMB() };
  },
  async syncAgain() {
    return { ms: await syncNow(), rssMB: rssMB() };
  },
  rss() {
    return rssMB();
  },
  /** Calls one handler with each input in turn; answers each call's milliseconds. */
  async timeHandler(p: { channel: AccountChannel; inputs: Record<string, unknown>[] }) {
    if (!service) throw new Error('no account is open');
    const handler = service.handlers[p.channel] as (input: unknown) => Promise<unknown>;
    const out: number[] = [];
    let sizes = 0;
    for (const input of p.inputs) {
      const start = performance.now();
      const r = await handler({ accountId: ACCOUNT_ID, ...input });
      out.push(performance.now() - start);
      sizes += JSON.stringify(r).length;
    }
    return { ms: out, bytes: sizes };
  },
  /** Runs a statement on its own read-only connection to the account's file, once per params. */
  bareSql(p: { sql: string; params: unknown[][] }) {
    const db = new Database(findDbFile(dir), { readonly: true });
    try {
      const stmt = db.prepare(p.sql);
      const out: number[] = [];
      for (const params of p.params) {
        const start = performance.now();
        stmt.all(...params);
        out.push(performance.now() - start);
      }
      return out;
    } finally {
      db.close();
    }
  },
  /** Row counts of the synced store (what the figures were measured on). */
  counts() {
    const db = new Database(findDbFile(dir), { readonly: true });
    try {
      const n = (t: string) => db.prepare(`SELECT count(*) FROM ${t}`).pluck().get() as number;
      return { threads: n('threads'), messages: n('messages'), leads: n('leads') };
    } finally {
      db.close();
    }
  },
});

process.on('SIGTERM', () => {
  void (service?.stop() ?? Promise.resolve()).finally(() => process.exit(0));
});
