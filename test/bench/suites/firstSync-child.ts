// The service of the first-sync and slow-service suites, in its own process: the sandbox with its
// default rate limit (50 requests/s), as a new account meets the real service, optionally slowed
// by injected latency. It also reads a thread's status straight from the service's own data, so a
// change is timed to the moment the service holds it. Started by suites/firstSync.ts and
// suites/slowService.ts.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { startSandbox, type Sandbox } from '../../../electron/sandbox/index';
import { serve } from '../lib/child';
import type { SandboxInfo, SandboxSize } from '../lib/fixtures';

const POLL_MS = 5;
let sandbox: Sandbox | null = null;
let data: Database.Database | null = null;

serve({
  async start(p: { size: SandboxSize; dir: string; faults?: string }): Promise<SandboxInfo> {
    const start = performance.now();
    sandbox = await startSandbox({
      port: 0,
      seed: 20_261_124,
      threads: p.size.threads,
      leads: p.size.leads,
      campaigns: Math.max(8, Math.round(p.size.threads / 1000)),
      dataDir: p.dir,
      faults: p.faults ?? null,
    });
    data = new Database(join(p.dir, 'sandbox.sqlite'), { readonly: true });
    return { baseUrl: sandbox.url, apiKey: sandbox.apiKey, seedSeconds: (performance.now() - start) / 1000 };
  },
  /** Waits until the service holds `status` for thread `id`; answers when it saw it, in ms since
   *  the epoch (performance.timeOrigin-based, comparable across processes), or null past the wait. */
  async statusReached(p: { id: string; status: string; timeoutMs: number }): Promise<number | null> {
    const read = data!.prepare('SELECT status FROM threads WHERE id = ?').pluck();
    const end = performance.now() + p.timeoutMs;
    while (performance.now() < end) {
      if (read.get(p.id) === p.status) return performance.timeOrigin + performance.now();
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
    return null;
  },
  stats: () => sandbox!.stats(),
});

process.on('SIGTERM', () => {
  data?.close();
  void (sandbox?.close() ?? Promise.resolve()).finally(() => process.exit(0));
});
