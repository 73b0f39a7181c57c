// One account's service: its context (store, client, state, events), its sync engine and the
// handlers behind every account channel. Reads answer from SQLite, online or not; actions go to
// the local tables and the outbox at once, and the engine pushes them soon after.
import { rmSync } from 'node:fs';
import type { AccountHandlers } from '../../shared/contract';
import { createContext, type AccountConfig, type Emit } from './context';
import { createEngine } from './engine';
import { accountHandlers } from './handlers/index';

export interface AccountService {
  readonly handlers: AccountHandlers;
  start(): void;
  syncNow(): Promise<void>;
  setWorkspace(workspaceId: string | null): Promise<void>;
  resume(): void;
  stop(): Promise<void>;
  destroy(): Promise<void>;
  /** The SQLite file while the store is open (and migrated), for the reader thread; else null. */
  openFile(): string | null;
}

export function openAccount(config: AccountConfig, emit: Emit): AccountService {
  const ctx = createContext(config, emit);
  const engine = createEngine(ctx);
  let started = false;

  async function stop(): Promise<void> {
    started = false;
    await engine.stop();
    ctx.closeStore();
  }
  function start(): void {
    started = true;
    engine.start();
  }

  return {
    handlers: accountHandlers(ctx, engine),
    openFile: ctx.openFile,
    start,
    syncNow: engine.syncNow,
    async setWorkspace(ws) {
      const wasStarted = started;
      await stop();
      ctx.useWorkspace(ws);
      if (ctx.accountState() === 'forbidden') ctx.setAccountState('ok', null);
      if (wasStarted) start();
      ctx.changed(['threads', 'campaigns', 'leads', 'emailAccounts', 'outbox']);
    },
    resume() {
      ctx.forgetKey();
      ctx.setAccountState('ok', null);
      if (started) void engine.syncNow();
    },
    stop,
    async destroy() {
      await stop();
      rmSync(config.dir, { recursive: true, force: true });
    },
  };
}
