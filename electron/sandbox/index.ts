// The built-in Outreach service: startSandbox() serves api.md on 127.0.0.1 from seeded SQLite data,
// with a rate limit, injected faults on demand, a live mode, and an admin face for tests.
import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { getMeta, openDb, removeDb, setMeta, type Db } from './db';
import { FaultInjector, normalizeFaults, type FaultSpec } from './faults';
import { BASE_PATH, createHandler, hashKey, type HttpStats } from './http';
import { mixSeed, mulberry32, int } from './prng';
import { DEFAULT_RATE_LIMIT, RateLimiter } from './ratelimit';
import { generate } from './seed';
import { Store } from './store';

export type { FaultSpec, FaultKind, FaultRule } from './faults';
export { parseFaultSpec, FaultSpecError } from './faults';

export interface SandboxOptions {
  port?: number;
  seed?: number;
  threads?: number;
  leads?: number;
  campaigns?: number;
  apiKey?: string;
  faults?: string | FaultSpec | null;
  live?: number;
  dataDir?: string;
  rateLimit?: { perSecond: number; burst: number } | false;
  nativeBinding?: string;
  log?: (line: string) => void;
}

export interface Sandbox {
  url: string;
  apiKey: string;
  teams: { id: string; name: string }[];
  teamIds: string[];
  setFaults(spec: string | FaultSpec | null): void;
  stats(): {
    requests: number;
    byRoute: Record<string, number>;
    faults: Record<string, number>;
    replies: { threadId: string; bodyHtml: string; at: string }[];
  };
  suspend(): Promise<void>;
  resume(): Promise<void>;
  admin: {
    arriveReplies(count: number, teamId?: string): string[];
    deleteThread(id: string, teamId?: string): void;
    setThreadStatus(id: string, status: string, teamId?: string): void;
    renameCampaign(id: string, name: string, teamId?: string): void;
    addMessage(
      threadId: string,
      msg: { direction: 'inbound' | 'outbound'; bodyHtml: string; subject?: string },
      teamId?: string,
    ): string;
  };
  close(): Promise<void>;
}

/** The demo key anyone can use against a local sandbox; it opens nothing but demo data. */
export const DEMO_API_KEY = 'demo-outreach-triage-key';

export const SANDBOX_DEFAULTS = { seed: 1, threads: 2000, leads: 10000, campaigns: 40 } as const;

function checkSize(name: string, value: number, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`sandbox: ${name} must be an integer from ${min} to ${max}, got ${value}`);
  }
  return value;
}

/**
 * Opens the data: a kept database made with the same sizes is reused as it is (changes and all);
 * anything else (none, other sizes, an interrupted or unreadable one) is replaced by a fresh one.
 */
function openData(
  dataDir: string | undefined,
  nativeBinding: string | undefined,
  sizes: Record<keyof typeof SANDBOX_DEFAULTS, number>,
  keyHash: string,
  log: (l: string) => void,
): Db {
  const fingerprint = JSON.stringify({ v: 1, ...sizes });
  if (dataDir) {
    let kept: Db | undefined;
    try {
      kept = openDb(dataDir, nativeBinding);
      const found = getMeta(kept, 'fingerprint');
      if (found === fingerprint) return kept;
      if (found !== undefined) log('sandbox: kept data was made with other options; generating afresh');
    } catch (e) {
      log(`sandbox: kept data unreadable (${e instanceof Error ? e.message : String(e)}); generating afresh`);
    }
    kept?.close();
    removeDb(dataDir);
  }
  const db = openDb(dataDir, nativeBinding);
  const t0 = performance.now();
  // A bulk load into a fresh file needs no write-ahead log: if it dies, the fingerprint is unset
  // and the next start replaces the file.
  if (dataDir) {
    db.pragma('journal_mode = MEMORY');
    db.pragma('synchronous = OFF');
  }
  generate(db, sizes, keyHash);
  setMeta(db, 'fingerprint', fingerprint);
  if (dataDir) {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
  }
  log(
    `sandbox: generated ${sizes.threads} threads, ${sizes.leads} leads, ${sizes.campaigns} campaigns in ${Math.round(performance.now() - t0)} ms`,
  );
  return db;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const log = options.log ?? (() => {});
  const sizes = {
    seed: checkSize('seed', options.seed ?? SANDBOX_DEFAULTS.seed, 0, 0xffffffff),
    threads: checkSize('threads', options.threads ?? SANDBOX_DEFAULTS.threads, 0, 1_000_000),
    leads: checkSize('leads', options.leads ?? SANDBOX_DEFAULTS.leads, 1, 2_000_000),
    campaigns: checkSize('campaigns', options.campaigns ?? SANDBOX_DEFAULTS.campaigns, 4, 10_000),
  };
  const apiKey = options.apiKey ?? DEMO_API_KEY;
  if (!apiKey) throw new RangeError('sandbox: apiKey must not be empty');
  const keyHash = hashKey(apiKey);
  const faultSpec = normalizeFaults(options.faults);
  const live = options.live ?? 0;
  if (!(live >= 0)) throw new RangeError('sandbox: live must be a number of seconds >= 0');

  const db = openData(options.dataDir, options.nativeBinding, sizes, keyHash, log);
  let server: Server | undefined;
  let liveTimer: NodeJS.Timeout | undefined;
  try {
    const store = new Store(db, sizes.seed);
    if (!store.hasKey(keyHash) || store.keyTeams(keyHash).length < 2) store.addDemoKey(keyHash);
    const teams = store.keyTeams(keyHash);

    const faults = new FaultInjector(sizes.seed);
    faults.set(faultSpec);
    const stats: HttpStats = { requests: 0, byRoute: {}, replies: [] };
    const handler = createHandler({
      store,
      limiter: new RateLimiter(options.rateLimit === undefined ? DEFAULT_RATE_LIMIT : options.rateLimit),
      faults,
      stats,
      log,
    });

    const sockets = new Set<Socket>();
    const srv = createServer((req, res) => void handler(req, res));
    server = srv;
    srv.on('connection', (s) => {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    });
    srv.on('clientError', (_err, socket) => socket.destroy());
    const listen = (port: number) =>
      new Promise<number>((resolve, reject) => {
        srv.once('error', reject);
        srv.listen(port, '127.0.0.1', () => {
          srv.off('error', reject);
          const addr = srv.address();
          resolve(typeof addr === 'object' && addr ? addr.port : port);
        });
      });
    const port = await listen(options.port ?? 0);
    let listening = true;
    const stop = async () => {
      if (!listening) return;
      listening = false;
      const closed = new Promise<void>((r) => srv.close(() => r()));
      for (const s of sockets) s.destroy();
      await closed;
    };

    const teamOf = (teamId?: string) => {
      const id = teamId ?? teams[0]!.id;
      if (!teams.some((t) => t.id === id) && !db.prepare('SELECT 1 FROM teams WHERE id = ?').get(id)) {
        throw new RangeError(`sandbox: no team ${id}`);
      }
      return id;
    };
    const liveRng = mulberry32(mixSeed('live', sizes.seed));
    const admin: Sandbox['admin'] = {
      arriveReplies: (count, teamId) => store.arriveReplies(teamOf(teamId), count, liveRng),
      deleteThread: (id, teamId) => store.deleteThread(teamOf(teamId), id),
      setThreadStatus: (id, status, teamId) => void store.setThreadStatus(teamOf(teamId), id, status),
      renameCampaign: (id, name, teamId) => void store.renameCampaign(teamOf(teamId), id, name),
      addMessage: (threadId, msg, teamId) =>
        store.addMessage(teamOf(teamId), threadId, {
          direction: msg.direction,
          bodyHtml: msg.bodyHtml,
          ...(msg.subject !== undefined ? { subject: msg.subject } : {}),
        })._id,
    };
    if (live > 0) {
      liveTimer = setInterval(() => {
        try {
          const ids = admin.arriveReplies(int(liveRng, 1, 3));
          log(`sandbox: live: ${ids.length} new replies`);
        } catch (e) {
          log(`sandbox: live arrival failed: ${e instanceof Error ? e.message : String(e)}`);
        }
      }, live * 1000);
      liveTimer.unref();
    }

    const url = `http://127.0.0.1:${port}${BASE_PATH}`;
    log(`sandbox: listening on ${url}`);
    let closed = false;
    return {
      url,
      apiKey,
      teams,
      teamIds: teams.map((t) => t.id),
      setFaults: (spec) => faults.set(normalizeFaults(spec)),
      stats: () => ({
        requests: stats.requests,
        byRoute: { ...stats.byRoute },
        faults: { ...faults.counts },
        replies: [...stats.replies],
      }),
      suspend: stop,
      resume: async () => {
        if (listening || closed) return;
        await listen(port);
        listening = true;
      },
      admin,
      close: async () => {
        if (closed) return;
        closed = true;
        if (liveTimer) clearInterval(liveTimer);
        await stop();
        db.close();
      },
    };
  } catch (e) {
    if (liveTimer) clearInterval(liveTimer);
    server?.close();
    if (db.open) db.close();
    throw e;
  }
}
