// The demo workspace's service: the built-in sandbox, run in this process on a free loopback port,
// its SQLite in `<dataDir>/demo-service/` so what the person did in the demo is still there after
// a restart. Small by default: a demo to try the app, not a benchmark.
import { startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox/index';

export type DemoSandbox = Sandbox;
export type DemoOptions = Partial<SandboxOptions>;

export const DEMO_DEFAULTS: DemoOptions = { seed: 20_261_121, threads: 1_500, leads: 2_000, campaigns: 12 };

export function startDemoService(opts: {
  dir: string;
  apiKey: string;
  nativeBinding?: string;
  options: DemoOptions;
}): Promise<DemoSandbox> {
  return startSandbox({
    ...DEMO_DEFAULTS,
    ...opts.options,
    port: 0,
    apiKey: opts.apiKey,
    dataDir: opts.dir,
    ...(opts.nativeBinding ? { nativeBinding: opts.nativeBinding } : {}),
  });
}
