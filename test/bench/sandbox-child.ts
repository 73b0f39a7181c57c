// The sandbox service in its own process, as a remote service would be: the core's event loop
// and the service's never share a thread. Started by lib/fixtures.ts.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { decodeKind } from '../../electron/sandbox/bodies';
import { startSandbox, type Sandbox } from '../../electron/sandbox/index';
import { serve } from './lib/child';
import type { SandboxInfo, SandboxSize } from './lib/fixtures';

const SEED = 20_261_123;
let sandbox: Sandbox | null = null;
let dataDir = '';

serve({
  async start(p: { size: SandboxSize; dir: string }): Promise<SandboxInfo> {
    const start = performance.now();
    dataDir = p.dir;
    sandbox = await startSandbox({
      port: 0,
      seed: SEED,
      threads: p.size.threads,
      leads: p.size.leads,
      campaigns: Math.max(8, Math.round(p.size.threads / 1000)),
      dataDir: p.dir,
      // A benchmark measures the app, not the sandbox's simulated rate limit.
      rateLimit: false,
    });
    return { baseUrl: sandbox.url, apiKey: sandbox.apiKey, seedSeconds: (performance.now() - start) / 1000 };
  },
  /** What each thread's newest reply truly says (the intent its body was written from): the
   *  answer key the suggestions are scored against. */
  truth(): [string, string][] {
    const db = new Database(join(dataDir, 'sandbox.sqlite'), { readonly: true });
    try {
      const rows = db
        .prepare(
          `SELECT m.thread_id AS t, m.body_kind AS k FROM messages m
           WHERE m.direction = 'inbound' AND m.rowid = (SELECT m2.rowid FROM messages m2
             WHERE m2.thread_id = m.thread_id AND m2.direction = 'inbound' ORDER BY m2.sent_at DESC, m2.id DESC LIMIT 1)`,
        )
        .all() as { t: string; k: number }[];
      return rows.map((r) => [r.t, decodeKind(r.k).intent]);
    } finally {
      db.close();
    }
  },
});

process.on('SIGTERM', () => {
  void (sandbox?.close() ?? Promise.resolve()).finally(() => process.exit(0));
});
