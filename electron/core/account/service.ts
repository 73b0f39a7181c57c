// One account's service: its context (store, client, state, events), its sync engine and the
// handlers behind every account channel. Reads answer from SQLite, online or not; actions go to
// the local tables and the outbox at once, and the engine pushes them soon after.
import { rmSync } from 'node:fs';
import type { AccountHandlers } from '../../shared/contract';
import { createContext, storeFile, type AccountConfig, type Emit } from './context';
import { checkHere, healNotice, replaceDamaged } from './storeHealth';
import { createEngine } from './engine';
import { accountHandlers } from './handlers/index';
import type { LeadsRepo } from '../store/repos/leads';
import type { ThreadsRepo } from '../store/repos/threads';

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
  /** Opens the store again after it could not be (Retry), or replaces it with a fresh one filled
   *  from the service (Rebuild; the old file is moved aside, its waiting changes carried). */
  repair(action: 'retry' | 'rebuild'): Promise<void>;
  /** Reads the replies waiting for a suggestion soon (suggestions were turned on). */
  suggestSoon(): void;
  /** The page cache the store may fill (KiB): the accounts share one budget. */
  setCacheKib(kib: number): void;
  /** The store's threads and people, for All inboxes; null when the store cannot be opened
   *  (said already). */
  reads(): { threads: ThreadsRepo; leads: LeadsRepo } | null;
}

/** What a call meets while the account's file is being replaced, switched or removed. */
const REPAIRING = "This account's local copy is being repaired. Try again in a moment.";
const SWITCHING = 'This account is moving to another workspace. Try again in a moment.';
const REMOVED = 'This account was removed.';

export function openAccount(config: AccountConfig, emit: Emit): AccountService {
  const ctx = createContext(config, emit);
  const engine = createEngine(ctx);
  let started = false;

  /** Stops the engine and closes the store; with `hold`, no call reopens it until released. */
  async function stop(hold?: string): Promise<() => void> {
    started = false;
    // A file replaced or switched lets a reply on its way finish: the new file must know it went.
    await engine.stop(hold !== undefined && hold !== REMOVED);
    if (hold) return ctx.holdStore(hold);
    ctx.closeStore();
    return () => undefined;
  }
  function start(): void {
    started = true;
    engine.start();
    void verify();
  }

  /** The full check of the file, after start; a damaged file is replaced and refilled. */
  let verifying = false;
  async function verify(): Promise<void> {
    if (verifying) return;
    verifying = true;
    try {
      let s;
      try {
        s = ctx.db();
      } catch {
        return; // said already: the account shows that its store cannot be opened
      }
      const file = s.file;
      const problem = await (config.checkFile ?? ((f) => checkHere(f, config.nativeBinding)))(file);
      if (!ctx.isOpen(s)) return;
      if (!problem) {
        // A sound file: the suggestions' background writes may begin.
        if (started) engine.suggester.start();
        return;
      }
      ctx.log.error('an account store failed its check', { accountId: config.id, problem });
      await replace(file, problem);
    } finally {
      verifying = false;
    }
  }

  async function replace(file: string, reason: string): Promise<void> {
    const wasStarted = started;
    const release = await stop(REPAIRING);
    let report;
    try {
      await config.onFileReplaced?.(file);
      report = replaceDamaged(file, reason, config.nativeBinding);
    } finally {
      release();
    }
    config.onHealed?.(healNotice(report));
    ctx.setAccountState('ok', null);
    if (wasStarted) {
      started = true;
      engine.start();
      engine.suggester.start(); // a fresh file, sound by making
    }
    ctx.changed(['threads', 'campaigns', 'leads', 'emailAccounts', 'outbox']);
  }

  return {
    handlers: accountHandlers(ctx, engine),
    openFile: ctx.openFile,
    start,
    suggestSoon: () => engine.suggester.soon(),
    setCacheKib: ctx.setCacheKib,
    reads() {
      try {
        const s = ctx.db();
        return { threads: s.threads, leads: s.leads };
      } catch {
        return null;
      }
    },
    syncNow: engine.syncNow,
    async setWorkspace(ws) {
      const wasStarted = started;
      const release = await stop(SWITCHING);
      ctx.useWorkspace(ws);
      release();
      if (ctx.accountState() === 'forbidden') ctx.setAccountState('ok', null);
      if (wasStarted) start();
      ctx.changed(['threads', 'campaigns', 'leads', 'emailAccounts', 'outbox']);
    },
    resume() {
      ctx.forgetKey();
      ctx.setAccountState('ok', null);
      if (started) void engine.syncNow();
    },
    stop: async () => void (await stop()),
    async repair(action) {
      if (action === 'rebuild') {
        const file = storeFile(config.dir, ctx.workspaceId());
        await replace(file, 'Rebuilt from the service at your request.');
        return;
      }
      ctx.setAccountState('ok', null);
      ctx.db(); // throws, and says so again, when it still cannot be opened
      if (started) void engine.syncNow();
      ctx.changed(['threads', 'campaigns', 'leads', 'emailAccounts', 'outbox']);
    },
    async destroy() {
      await stop(REMOVED);
      rmSync(config.dir, { recursive: true, force: true });
    },
  };
}
