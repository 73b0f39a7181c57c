// The process that answers the window, as a laptop runs it: the web bridge forwarding to the core
// in its own process (Electron: main forwarding to the utilityProcess). It watches its own
// event-loop delay while the core runs a full sync; the bench's own process plays the window.
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import type { Account, Events } from '../../electron/shared/contract';
import { startWebBridge, type WebBridge } from '../../electron/web/bridge';
import { serve } from './lib/child';

let bridge: WebBridge | null = null;
let histogram: IntervalHistogram | null = null;
let synced: Promise<Events['sync.state']> | null = null;
let accountId: string | null = null;

function open(): WebBridge {
  if (!bridge) throw new Error('the bridge is not started');
  return bridge;
}

serve({
  async start(p: { dataDir: string; keychainService: string; rendererDir: string }) {
    bridge = await startWebBridge({ ...p, port: 0 });
    await bridge.app.ready();
    return { origin: bridge.origin, token: bridge.token };
  },
  /** Adds the account (its first, full sync starts at once); `synced` resolves when it ends. */
  async addAccount(p: { baseUrl: string; apiKey: string }) {
    const app = open().app;
    let done: (s: Events['sync.state']) => void = () => undefined;
    synced = new Promise((resolve) => (done = resolve));
    const seen: Events['sync.state'][] = [];
    app.on((name, payload) => {
      if (name !== 'sync.state') return;
      const s = payload as Events['sync.state'];
      if (s.running || !(s.lastSyncedAt || s.lastError)) return;
      if (accountId === null) seen.push(s);
      else if (s.accountId === accountId) done(s);
    });
    const added = await app.dispatch('accounts.add', {
      label: 'Bench',
      baseUrl: p.baseUrl,
      apiKey: p.apiKey,
    });
    if (!added.ok) throw new Error(`accounts.add: ${added.error.message}`);
    accountId = (added.value as Account).id;
    const early = seen.find((s) => s.accountId === accountId);
    if (early) done(early);
    return accountId;
  },
  async waitSynced() {
    if (!synced) throw new Error('no account was added');
    const s = await synced;
    if (s.lastError) throw new Error(`the sync failed: ${s.lastError}`);
    return true;
  },
  watchStart() {
    histogram = monitorEventLoopDelay({ resolution: 1 });
    histogram.enable();
    return true;
  },
  watchStop() {
    if (!histogram) throw new Error('not watching');
    histogram.disable();
    const ms = (ns: number): number => ns / 1e6;
    const out = {
      max: ms(histogram.max),
      p99: ms(histogram.percentile(99)),
      mean: ms(histogram.mean),
      samples: histogram.count,
    };
    histogram = null;
    return out;
  },
  async stop() {
    if (!bridge) return true;
    if (accountId) await bridge.app.dispatch('accounts.remove', { accountId });
    await bridge.close();
    bridge = null;
    return true;
  },
});
