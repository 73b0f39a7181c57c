// What a run of the outbox model shares between its steps, its quiescence and its checks: the
// sandbox and a clean client to look at it, the targets the rep acts on, the reference model of the
// rep's intents, the account process of the moment (replaced on a kill), its proxy and the figures.
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { EventName, Events, OutboxEntry } from '../../electron/shared/contract';
import { openAccount, type AccountService } from '../../electron/core/account/service';
import { createClient } from '../../electron/core/api/client';
import type { Sandbox } from '../../electron/sandbox/index';
import { createProxy, type Proxy } from './proxy';

export const A = { accountId: 'model' };

export interface Figures {
  sequences: number;
  steps: number;
  /** Rep actions taken while at least one request was held in flight or a sync was running. */
  interleavings: number;
  holds: number;
  faults: Record<string, number>;
  kills: number;
  serviceChanges: number;
  invariants: Record<string, number>;
}

export interface Targets {
  threads: string[];
  /** Threads only the service changes (the rep never touches them). */
  serviceThreads: string[];
  campaigns: string[];
  serviceCampaign: string;
  emailAccounts: string[];
  tags: string[];
}

export interface Reply {
  body: string;
  threadId: string;
  outboxId: number;
  /** The rep took it back (a successful discard): it must never reach the service. */
  discarded: boolean;
  /** The rep said it was sent (it was on the service when they looked). */
  markedSent: boolean;
}

/** The reference model: the rep's newest intent per target (null: the rep took it back, so only
 *  "local equals service" is asked of it), replies by body. */
export interface Intents {
  status: Map<string, string | null>;
  names: Map<string, string | null>;
  signatures: Map<string, string | null>;
  tags: Map<string, string[] | null>;
  /** Statuses set on the service side, on threads the rep never touches. */
  serviceStatus: Map<string, string>;
  replies: Reply[];
  /** What the rep's last verdict replaced, for an undo. */
  lastUndo: { threadId: string; status: string }[] | null;
}

export class ModelFailure extends Error {}

function emptyFigures(): Figures {
  return {
    sequences: 0,
    steps: 0,
    interleavings: 0,
    holds: 0,
    faults: {},
    kills: 0,
    serviceChanges: 0,
    invariants: {
      'newest intent on the service': 0,
      'local store equals the service': 0,
      'no discarded reply reached the service': 0,
      'no reply reached the service twice': 0,
      'every kept reply reached the service': 0,
      'nothing left pending': 0,
      'no unhandled rejection': 0,
    },
  };
}

type Clean = ReturnType<typeof createClient>;

export class ModelWorld {
  readonly figures: Figures = emptyFigures();
  readonly intents: Intents = {
    status: new Map(),
    names: new Map(),
    signatures: new Map(),
    tags: new Map(),
    serviceStatus: new Map(),
    replies: [],
    lastUndo: null,
  };
  /** Syncs started by a step and not yet awaited. */
  readonly background: Promise<unknown>[] = [];
  /** Killed processes still stopping. */
  readonly retired: Promise<unknown>[] = [];
  /** Each kill opens the store copied into a new folder `g<generation>`. */
  private generation = 0;
  proxy: Proxy = createProxy();
  account: AccountService;

  private constructor(
    readonly sb: Sandbox,
    readonly root: string,
    /** The run's first seed (reply bodies carry it). */
    readonly seed: number,
    readonly clean: Clean,
    readonly targets: Targets,
    readonly unhandled: readonly unknown[],
  ) {
    this.account = this.open();
  }

  /** Reads the targets from the service, opens the account and runs its first sync. */
  static async create(opts: {
    sb: Sandbox;
    root: string;
    seed: number;
    unhandled: readonly unknown[];
  }): Promise<ModelWorld> {
    const { sb } = opts;
    const clean = createClient({
      baseUrl: sb.url,
      apiKey: sb.apiKey,
      retry: { tries: 5, baseMs: 5, maxMs: 50 },
    });
    const initial = [...(await threadsOnService(clean)).keys()];
    const campaigns = (await clean.listCampaigns({ page: 1, limit: 100 })).data.map((c) => c._id);
    const targets: Targets = {
      threads: initial.slice(0, 10),
      serviceThreads: initial.slice(10, 13),
      campaigns: campaigns.slice(0, 2),
      serviceCampaign: campaigns[2]!,
      emailAccounts: (await clean.listEmailAccounts({ page: 1, limit: 100 })).data
        .slice(0, 2)
        .map((a) => a._id),
      tags: (await clean.listEmailAccountTags({ page: 1, limit: 100 })).data.slice(0, 3).map((t) => t._id),
    };
    const world = new ModelWorld(sb, opts.root, opts.seed, clean, targets, opts.unhandled);
    await world.account.syncNow();
    return world;
  }

  private open(): AccountService {
    const { sb } = this;
    const acc = openAccount(
      {
        id: A.accountId,
        baseUrl: sb.url,
        workspaceId: null,
        dir: join(this.root, `g${this.generation}`),
        getApiKey: async () => sb.apiKey,
        syncIntervalSeconds: 3600,
        fetch: this.proxy.fetch,
        pushBackoff: { baseMs: 1, maxMs: 4 },
        // Reads retry at once and give up on a 429 rather than wait a second: the model runs
        // thousands of sequences; the waits themselves are what the scenario tests prove.
        retry: { baseMs: 1, maxMs: 5, maxTotalWaitMs: 50 },
      },
      <E extends EventName>(_n: E, _p: Events[E]) => undefined,
    );
    acc.start();
    return acc;
  }

  /** Adds the faults the proxy met to the figures. */
  harvest(p: Proxy = this.proxy): void {
    for (const [k, v] of p.met) this.figures.faults[k] = (this.figures.faults[k] ?? 0) + v;
  }

  /** A process kill: the store on disk is what a killed process leaves (every commit, nothing
   *  more), a new process opens it; the old one never writes there again. */
  kill(): void {
    const from = join(this.root, `g${this.generation}`);
    this.generation++;
    const to = join(this.root, `g${this.generation}`);
    mkdirSync(to, { recursive: true });
    for (const f of ['data-default.sqlite', 'data-default.sqlite-wal'])
      if (existsSync(join(from, f))) copyFileSync(join(from, f), join(to, f));
    const old = this.account;
    this.proxy.cut();
    this.harvest();
    this.retired.push(old.stop().catch(() => undefined));
    this.proxy = createProxy();
    this.account = this.open();
    this.figures.kills++;
  }

  count(invariant: string): void {
    this.figures.invariants[invariant] = this.figures.invariants[invariant]! + 1;
  }

  outbox(): Promise<OutboxEntry[]> {
    return this.account.handlers['outbox.list'](A);
  }

  threadsOnService(): Promise<Map<string, string>> {
    return threadsOnService(this.clean);
  }

  repliesOnService(body: string): number {
    return this.sb.stats().replies.filter((r) => r.bodyHtml === body).length;
  }
}

async function threadsOnService(clean: Clean): Promise<Map<string, string>> {
  const m = new Map<string, string>();
  for await (const p of clean.pages((page, limit) => clean.listInbox({ page, limit })))
    for (const t of p.data) m.set(t._id, t.status);
  return m;
}

/** Awaits a command the service may refuse. */
export async function tolerate(p: Promise<unknown>): Promise<void> {
  try {
    await p;
  } catch {
    // a refused command (a conflict, a thread gone) is an answer, not a failure
  }
}
