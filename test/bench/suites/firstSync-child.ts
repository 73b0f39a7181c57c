// The first-sync suite's service, in its own process: the sandbox with its default rate limit
// (50 requests/s), as a new account meets the real service. Started by suites/firstSync.ts.
import { startSandbox, type Sandbox } from '../../../electron/sandbox/index';
import { serve } from '../lib/child';
import type { SandboxInfo, SandboxSize } from '../lib/fixtures';

let sandbox: Sandbox | null = null;

serve({
  async start(p: { size: SandboxSize; dir: string }): Promise<SandboxInfo> {
    const start = performance.now();
    sandbox = await startSandbox({
      port: 0,
      seed: 20_261_124,
      threads: p.size.threads,
      leads: p.size.leads,
      campaigns: Math.max(8, Math.round(p.size.threads / 1000)),
      dataDir: p.dir,
    });
    return { baseUrl: sandbox.url, apiKey: sandbox.apiKey, seedSeconds: (performance.now() - start) / 1000 };
  },
});

process.on('SIGTERM', () => {
  void (sandbox?.close() ?? Promise.resolve()).finally(() => process.exit(0));
});
