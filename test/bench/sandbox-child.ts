// The sandbox service in its own process, as a remote service would be: the core's event loop
// and the service's never share a thread. Started by lib/fixtures.ts.
import { startSandbox, type Sandbox } from '../../electron/sandbox/index';
import { serve } from './lib/child';
import type { SandboxInfo, SandboxSize } from './lib/fixtures';

const SEED = 20_261_123;
let sandbox: Sandbox | null = null;

serve({
  async start(p: { size: SandboxSize; dir: string }): Promise<SandboxInfo> {
    const start = performance.now();
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
});

process.on('SIGTERM', () => {
  void (sandbox?.close() ?? Promise.resolve()).finally(() => process.exit(0));
});
