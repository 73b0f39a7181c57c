// The model-based test of the outbox: seeded random sequences of what a rep does (verdicts, bulk
// verdicts, undo, snooze, rename, signature and tags, reply, discard, retry, resolve uncertain)
// mixed with pushes and pulls that really overlap them (a request is held in flight by the proxy
// while the rep acts), every fault kind, changes made on the service side, and process kills
// (the store on disk is taken as it is at that instant and a new process opens it). At quiescence
// the service and the local store are compared with a reference model of the rep's intents.
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { EventName, Events, OutboxEntry } from '../../electron/shared/contract';
import { openAccount, type AccountService } from '../../electron/core/account/service';
import { createClient } from '../../electron/core/api/client';
import type { Sandbox } from '../../electron/sandbox/index';
import { createRng, type Rng } from './prng';
import { createProxy, route, type Fault, type Proxy } from './proxy';

const A = { accountId: 'model' };
const STATUSES = ['open', 'interested', 'meeting_booked', 'not_interested', 'out_of_office', 'closed'];
const FAULTS: Fault[] = [
  { kind: 'status', status: 400 },
  { kind: 'status', status: 404 },
  { kind: 'status', status: 409 },
  { kind: 'status', status: 422 },
  { kind: 'status', status: 429, retryAfter: 1 },
  { kind: 'status', status: 500, applied: true },
  { kind: 'status', status: 503 },
  { kind: 'reset', applied: false },
  { kind: 'reset', applied: true },
  { kind: 'truncate' },
  { kind: 'malformed' },
];
const ROUTES = [
  route('PUT', /\/inbox\/[0-9a-f]{24}\/status$/),
  route('POST', /\/inbox\/[0-9a-f]{24}\/reply$/),
  route('GET', /\/inbox\/[0-9a-f]{24}$/),
  route('PUT', /\/campaigns\/[0-9a-f]{24}\/rename$/),
  route('PUT', /\/email-accounts$/),
  route('GET', /\/inbox$/),
  route('GET', /\/campaigns$/),
  route('GET', /\/inbox\/[0-9a-f]{24}\/messages$/),
];

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

interface Targets {
  threads: string[];
  /** Threads only the service changes (the rep never touches them). */
  serviceThreads: string[];
  campaigns: string[];
  serviceCampaign: string;
  emailAccounts: string[];
  tags: string[];
}

interface Reply {
  body: string;
  threadId: string;
  outboxId: number;
  /** The rep took it back (a successful discard): it must never reach the service. */
  discarded: boolean;
  /** The rep said it was sent (it was on the service when they looked). */
  markedSent: boolean;
}

export class ModelFailure extends Error {}

/** A sequence that hangs fails with its seed instead of running into the suite's time limit. */
async function withWatchdog<T>(seed: number, p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ModelFailure(`seed ${seed}: no progress in 30 s (a hang)`)), 30_000);
  });
  try {
    return await Promise.race([p, limit]);
  } finally {
    clearTimeout(timer);
  }
}

/** Runs sequences against one sandbox until `count` ran; returns the figures. */
export async function runModel(opts: {
  sb: Sandbox;
  root: string;
  seed: number;
  count: number;
  onSequence?: (i: number, seed: number) => void;
}): Promise<Figures> {
  const { sb } = opts;
  const figures: Figures = {
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
  const count = (name: string): void => void (figures.invariants[name] = figures.invariants[name]! + 1);
  const unhandled: unknown[] = [];
  const onUnhandled = (r: unknown): void => void unhandled.push(r);
  process.on('unhandledRejection', onUnhandled);

  const clean = createClient({
    baseUrl: sb.url,
    apiKey: sb.apiKey,
    retry: { tries: 5, baseMs: 5, maxMs: 50 },
  });
  const threadsOnService = async (): Promise<Map<string, string>> => {
    const m = new Map<string, string>();
    for await (const p of clean.pages((page, limit) => clean.listInbox({ page, limit })))
      for (const t of p.data) m.set(t._id, t.status);
    return m;
  };
  const initial = [...(await threadsOnService()).keys()];
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

  // The reference model: the rep's newest intent per target (null: the rep took it back, so only
  // "local equals service" is asked of it), replies by body.
  const intent = new Map<string, string | null>();
  const names = new Map<string, string | null>();
  const signatures = new Map<string, string | null>();
  const tagsOf = new Map<string, string[] | null>();
  const serviceIntent = new Map<string, string>();
  const replies: Reply[] = [];

  let generation = 0;
  let proxy: Proxy = createProxy();
  let account: AccountService;
  const open = (): AccountService => {
    const dir = join(opts.root, `g${generation}`);
    const acc = openAccount(
      {
        id: A.accountId,
        baseUrl: sb.url,
        workspaceId: null,
        dir,
        getApiKey: async () => sb.apiKey,
        syncIntervalSeconds: 3600,
        fetch: proxy.fetch,
        pushBackoff: { baseMs: 1, maxMs: 4 },
        // Reads retry at once and give up on a 429 rather than wait a second: the model runs
        // thousands of sequences; the waits themselves are what the scenario tests prove.
        retry: { baseMs: 1, maxMs: 5, maxTotalWaitMs: 50 },
      },
      <E extends EventName>(_n: E, _p: Events[E]) => undefined,
    );
    acc.start();
    return acc;
  };
  account = open();
  await account.syncNow();

  const background: Promise<unknown>[] = [];
  const retired: Promise<unknown>[] = [];
  const harvest = (p: Proxy): void => {
    for (const [k, v] of p.met) figures.faults[k] = (figures.faults[k] ?? 0) + v;
  };

  /** A process kill: the store on disk is what a killed process leaves (every commit, nothing
   *  more), a new process opens it; the old one never writes there again. */
  const kill = (): void => {
    const from = join(opts.root, `g${generation}`);
    generation++;
    const to = join(opts.root, `g${generation}`);
    mkdirSync(to, { recursive: true });
    for (const f of ['data-default.sqlite', 'data-default.sqlite-wal'])
      if (existsSync(join(from, f))) copyFileSync(join(from, f), join(to, f));
    const old = account;
    proxy.cut();
    harvest(proxy);
    retired.push(old.stop().catch(() => undefined));
    proxy = createProxy();
    account = open();
    figures.kills++;
  };

  const outbox = (): Promise<OutboxEntry[]> => account.handlers['outbox.list'](A);
  const repliesOnService = (body: string): number =>
    sb.stats().replies.filter((r) => r.bodyHtml === body).length;
  const tolerate = async (p: Promise<unknown>): Promise<void> => {
    try {
      await p;
    } catch {
      // a refused command (a conflict, a thread gone) is an answer, not a failure
    }
  };

  let lastUndo: { threadId: string; status: string }[] | null = null;

  async function step(rng: Rng, seq: number, n: number): Promise<void> {
    const acc = account;
    const H = acc.handlers;
    if (proxy.heldCount() > 0 || background.length > 0) figures.interleavings++;
    const roll = rng.next();
    const thread = rng.pick(targets.threads);
    if (roll < 0.2) {
      const status = rng.pick(STATUSES);
      const r = await H['threads.setStatus']({ ...A, threadId: thread, status });
      intent.set(thread, status);
      lastUndo = r.previous;
    } else if (roll < 0.27) {
      const ids = [...new Set([thread, rng.pick(targets.threads), rng.pick(targets.threads)])];
      const status = rng.pick(STATUSES);
      const r = await H['threads.setStatusMany']({ ...A, threadIds: ids, status });
      for (const id of ids) intent.set(id, status);
      lastUndo = r.previous;
    } else if (roll < 0.35) {
      if (lastUndo) {
        await H['threads.restoreStatuses']({ ...A, previous: lastUndo });
        for (const p of lastUndo) intent.set(p.threadId, p.status);
        lastUndo = null;
      }
    } else if (roll < 0.38) {
      await H['threads.snooze']({
        ...A,
        threadIds: [thread],
        until: rng.chance(0.5) ? null : '2099-01-01T00:00:00.000Z',
      });
    } else if (roll < 0.43) {
      const c = rng.pick(targets.campaigns);
      const name = `Campaign ${seq}.${n}`;
      await H['campaigns.rename']({ ...A, campaignId: c, name });
      names.set(c, name);
    } else if (roll < 0.48) {
      // One or two accounts per change, so changes name overlapping sets of accounts.
      const ids = [...new Set([rng.pick(targets.emailAccounts), rng.pick(targets.emailAccounts)])].slice(
        0,
        rng.int(1, 2),
      );
      if (rng.chance(0.5)) {
        const signature = `<p>sig ${seq}.${n}</p>`;
        await H['emailAccounts.update']({ ...A, emailAccountIds: ids, signature });
        for (const a of ids) signatures.set(a, signature);
      } else {
        const tags = targets.tags.filter(() => rng.chance(0.5));
        await H['emailAccounts.update']({ ...A, emailAccountIds: ids, tags });
        for (const a of ids) tagsOf.set(a, tags);
      }
    } else if (roll < 0.56) {
      const body = `<p>reply ${opts.seed}.${seq}.${n}</p>`;
      const m = await H['reply.send']({ ...A, threadId: thread, bodyHtml: body });
      replies.push({ body, threadId: thread, outboxId: m.outboxId!, discarded: false, markedSent: false });
    } else if (roll < 0.62) {
      // An uncertain reply is decided by looking (resolve), never discarded blindly.
      const live = (await outbox()).filter((e) => e.state !== 'uncertain');
      if (live.length > 0) {
        const e = rng.pick(live);
        try {
          await H['outbox.discard']({ ...A, entryId: e.id });
          if (e.kind === 'reply') {
            const r = replies.find((x) => x.outboxId === e.id);
            if (r) r.discarded = true;
          } else if (e.kind === 'thread_status' && e.targetId) intent.set(e.targetId, null);
          else if (e.kind === 'campaign_rename' && e.targetId) names.set(e.targetId, null);
          else if (e.kind === 'email_accounts') {
            // The outbox list does not say which accounts a change names: any may keep an older value.
            for (const a of targets.emailAccounts) {
              signatures.set(a, null);
              tagsOf.set(a, null);
            }
          }
        } catch {
          // being sent right now: it stays
        }
      }
    } else if (roll < 0.66) {
      const failed = (await outbox()).filter((e) => e.state === 'failed');
      if (failed.length > 0) await tolerate(H['outbox.retry']({ ...A, entryId: rng.pick(failed).id }));
    } else if (roll < 0.69) {
      const uncertain = (await outbox()).filter((e) => e.state === 'uncertain');
      if (uncertain.length > 0) await resolve(rng.pick(uncertain), rng);
    } else if (roll < 0.75) {
      background.push(acc.syncNow());
    } else if (roll < 0.83) {
      figures.holds++;
      void proxy.hold(rng.pick(ROUTES), rng.chance(0.5) ? 'before' : 'after');
      background.push(acc.syncNow());
    } else if (roll < 0.91) {
      proxy.fault(rng.pick(ROUTES), rng.pick(FAULTS), rng.int(1, 2));
      if (rng.chance(0.5)) background.push(acc.syncNow());
    } else if (roll < 0.93) {
      proxy.releaseAll();
    } else if (roll < 0.97) {
      figures.serviceChanges++;
      const which = rng.int(0, 2);
      if (which === 0) {
        const t = rng.pick(targets.serviceThreads);
        const status = rng.pick(STATUSES);
        sb.admin.setThreadStatus(t, status);
        serviceIntent.set(t, status);
      } else if (which === 1) {
        sb.admin.addMessage(rng.pick([...targets.threads, ...targets.serviceThreads]), {
          direction: 'inbound',
          bodyHtml: `<p>from the prospect ${seq}.${n}</p>`,
        });
      } else sb.admin.renameCampaign(targets.serviceCampaign, `Service ${seq}.${n}`);
    } else {
      kill();
    }
  }

  /** What a person does with an uncertain reply: looks at the thread on the service and decides. */
  async function resolve(e: OutboxEntry, rng: Rng): Promise<void> {
    const r = replies.find((x) => x.outboxId === e.id);
    const on = r ? repliesOnService(r.body) > 0 : false;
    const resolution = on ? 'mark_sent' : rng.chance(0.5) ? 'send_again' : 'discard';
    try {
      await account.handlers['outbox.resolveUncertain']({ ...A, entryId: e.id, resolution });
      if (r && resolution === 'mark_sent') r.markedSent = true;
      if (r && resolution === 'discard') r.discarded = true;
    } catch {
      // moved meanwhile
    }
  }

  async function quiesce(seed: number): Promise<void> {
    proxy.clear('holds');
    for (let round = 0; round < 30; round++) {
      // The faults still waiting are met in the first rounds; then the network heals.
      if (round === 3) proxy.clear();
      proxy.releaseAll();
      await Promise.all(background.splice(0));
      const live = await outbox();
      const state = await account.handlers['sync.state'](A);
      if (
        live.length === 0 &&
        state.lastError === null &&
        round > 0 &&
        (round > 3 || proxy.rulesLeft() === 0)
      )
        return;
      for (const e of live) {
        if (e.state === 'uncertain') await resolve(e, createRng(seed + round));
        // The rep sends what was refused again (the fault is gone), and what waits goes now.
        else if (e.state === 'failed' || e.state === 'pending')
          await tolerate(account.handlers['outbox.retry']({ ...A, entryId: e.id }));
      }
      await account.syncNow();
    }
    throw new ModelFailure(`seed ${seed}: the outbox never emptied: ${JSON.stringify(await outbox())}`);
  }

  async function check(seed: number): Promise<void> {
    const fail = (what: string): never => {
      throw new ModelFailure(`seed ${seed}: ${what}`);
    };
    const service = await threadsOnService();
    const H = account.handlers;
    for (const [id, want] of [...intent, ...serviceIntent]) {
      const got = service.get(id);
      if (want !== null) {
        if (got !== want) fail(`thread ${id}: the service has ${got}, the rep's newest intent is ${want}`);
        count('newest intent on the service');
      }
      const local = (await H['threads.get']({ ...A, threadId: id }))?.thread.status;
      if (local !== got) fail(`thread ${id}: the app shows ${local}, the service has ${got}`);
      count('local store equals the service');
    }
    const serverCampaigns = new Map(
      (await clean.listCampaigns({ page: 1, limit: 100 })).data.map((c) => [c._id, c.name]),
    );
    const localCampaigns = new Map((await H['campaigns.list'](A)).map((c) => [c.id, c.name]));
    for (const c of [...targets.campaigns, targets.serviceCampaign]) {
      const want = names.get(c);
      if (want != null) {
        if (serverCampaigns.get(c) !== want)
          fail(`campaign ${c}: ${serverCampaigns.get(c)} on the service, ${want} wanted`);
        count('newest intent on the service');
      }
      if (localCampaigns.get(c) !== serverCampaigns.get(c))
        fail(`campaign ${c}: the app shows another name than the service`);
      count('local store equals the service');
    }
    const serverAccounts = new Map(
      (await clean.listEmailAccounts({ page: 1, limit: 100 })).data.map((a) => [a._id, a]),
    );
    const localAccounts = new Map((await H['emailAccounts.list'](A)).map((a) => [a.id, a]));
    for (const a of targets.emailAccounts) {
      const s = serverAccounts.get(a)!;
      const sig = signatures.get(a);
      const tags = tagsOf.get(a);
      if (sig != null) {
        if (s.signature !== sig) fail(`account ${a}: signature ${s.signature} on the service, ${sig} wanted`);
        count('newest intent on the service');
      }
      if (tags != null) {
        if (JSON.stringify(s.tags) !== JSON.stringify(tags))
          fail(`account ${a}: tags differ from the rep's newest`);
        count('newest intent on the service');
      }
      const l = localAccounts.get(a)!;
      if (l.signature !== s.signature || JSON.stringify(l.tags) !== JSON.stringify(s.tags))
        fail(`account ${a}: the app shows another signature or tags than the service`);
      count('local store equals the service');
    }
    for (const r of replies) {
      const n = repliesOnService(r.body);
      if (n > 1) fail(`reply ${r.body} reached the service ${n} times`);
      count('no reply reached the service twice');
      if (r.discarded) {
        if (n !== 0) fail(`reply ${r.body} was discarded but reached the service`);
        count('no discarded reply reached the service');
      } else {
        if (n !== 1) fail(`reply ${r.body} was kept but never reached the service`);
        count('every kept reply reached the service');
      }
    }
    replies.length = 0;
    if ((await outbox()).length !== 0) fail('something is left in the outbox');
    count('nothing left pending');
    if (unhandled.length > 0) fail(`unhandled rejection: ${String(unhandled[0])}`);
    count('no unhandled rejection');
  }

  try {
    for (let i = 0; i < opts.count; i++) {
      const seed = opts.seed + i;
      opts.onSequence?.(i, seed);
      const rng = createRng(seed);
      const steps = rng.int(3, 10);
      try {
        for (let n = 0; n < steps; n++) {
          await withWatchdog(seed, step(rng, i, n));
          figures.steps++;
        }
        await withWatchdog(seed, quiesce(seed));
        await check(seed);
      } catch (err) {
        if (err instanceof ModelFailure) throw err;
        throw new ModelFailure(
          `seed ${seed}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
        );
      }
      figures.sequences++;
      if (retired.length > 0) await Promise.all(retired.splice(0));
    }
  } finally {
    process.off('unhandledRejection', onUnhandled);
    proxy.releaseAll();
    await Promise.all(background.splice(0)).catch(() => undefined);
    await account.stop();
    await Promise.all(retired);
    harvest(proxy);
  }
  return figures;
}
