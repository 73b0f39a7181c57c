// The demo workspace: the built-in sandbox, run in this process on a free loopback port, its
// SQLite in `<dataDir>/demo-service/` so what the person did in the demo is still there after a
// restart, and its Demo account (made once, brought back on a new port at each start). Small by
// default: a demo to try the app, not a benchmark.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Account } from '../../shared/contract';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox/index';
import type { Keychain } from './keychain';
import { newAccountId, type Registry } from './registry';

export type DemoSandbox = Sandbox;
export type DemoOptions = Partial<SandboxOptions>;

export const DEMO_DEFAULTS: DemoOptions = { seed: 20_261_121, threads: 1_500, leads: 2_000, campaigns: 12 };

export interface DemoDeps {
  dataDir: string;
  registry: Registry;
  keychain: Keychain;
  /** Notes a new key as a secret, so logs and messages never show it. */
  secret(key: string): void;
  openService(account: Account): void;
  isOpen(accountId: string): boolean;
  closeService(accountId: string): Promise<void>;
  accountsChanged(): void;
  nativeBinding?: string;
  options?: DemoOptions;
}

export interface Demo {
  /** Starts the demo and adds its account, or answers the running one. */
  create(): Promise<Account>;
  /** A later start: the demo's service comes back from its folder on a new port. */
  restart(account: Account): Promise<Account>;
  sandbox(): DemoSandbox | null;
  /** The demo's key (kept beside its data, not in the keychain). */
  key(): string | null;
  /** Stops the service; `forget` also deletes its data (the Demo account was removed). */
  close(forget?: boolean): Promise<void>;
}

export function demoLifecycle(deps: DemoDeps): Demo {
  const dir = join(deps.dataDir, 'demo-service');
  let running: DemoSandbox | null = null;
  /** Whether this process has brought the service back already (once, for every demo account). */
  let restarted = false;
  // The demo's key opens only the service this app runs on loopback, so it is no secret worth the
  // keychain: it lives beside the demo's data, and the demo opens on a machine with no keychain.
  const keyFile = join(dir, 'key');
  const newKey = (): string => {
    const key = `demo_${randomBytes(24).toString('hex')}`;
    deps.secret(key);
    return key;
  };
  const saveKey = (key: string): void => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(keyFile, key, { mode: 0o600 });
  };
  const readKey = (): string | null => {
    try {
      const key = readFileSync(keyFile, 'utf8').trim();
      if (!key) return null;
      deps.secret(key);
      return key;
    } catch {
      return null;
    }
  };
  const run = async (apiKey: string): Promise<DemoSandbox> => {
    running = await startSandbox({
      ...DEMO_DEFAULTS,
      ...deps.options,
      port: 0,
      apiKey,
      dataDir: dir,
      ...(deps.nativeBinding ? { nativeBinding: deps.nativeBinding } : {}),
    });
    return running;
  };
  const close = async (forget = false): Promise<void> => {
    await running?.close().catch(() => undefined);
    running = null;
    restarted = false;
    if (forget) rmSync(dir, { recursive: true, force: true });
  };

  const demo: Demo = {
    async create() {
      const existing = deps.registry.list().find((a) => a.isDemo);
      if (existing && running && deps.isOpen(existing.id)) return existing;
      if (existing) return demo.restart(existing);
      const id = newAccountId();
      const apiKey = newKey();
      rmSync(dir, { recursive: true, force: true });
      saveKey(apiKey);
      try {
        const sandbox = await run(apiKey);
        const team = sandbox.teams[0] ?? null;
        const account: Account = {
          id,
          label: 'Demo',
          baseUrl: sandbox.url,
          workspaceId: team?.id ?? null,
          workspaceName: team?.name ?? null,
          isDemo: true,
          state: 'ok',
          stateMessage: null,
          createdAt: new Date().toISOString(),
        };
        deps.registry.add(account);
        deps.openService(account);
        deps.accountsChanged();
        return account;
      } catch (error) {
        await close(true);
        throw error;
      }
    },
    async restart(account) {
      // Before, the demo's key was in the keychain: it moves beside the demo's data.
      let apiKey = readKey() ?? (await deps.keychain.get(account.id).catch(() => null));
      if (!apiKey) apiKey = newKey(); // lost: a new key for the same demo data
      deps.secret(apiKey);
      saveKey(apiKey);
      await deps.keychain.delete(account.id).catch(() => false);
      await deps.closeService(account.id);
      // Several demo workspaces share one service: the first brings it back, the others join it.
      let sandbox = running;
      if (!sandbox || !restarted) {
        await close();
        sandbox = await run(apiKey);
      }
      restarted = true;
      const updated = deps.registry.update(account.id, {
        baseUrl: sandbox.url,
        state: 'ok',
        stateMessage: null,
      });
      deps.openService(updated);
      deps.accountsChanged();
      return updated;
    },
    sandbox: () => running,
    key: readKey,
    close,
  };
  return demo;
}
