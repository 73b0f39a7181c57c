// Parts of the bench that must live in their own process (the sandbox service, the core whose
// RSS we measure) run as forked tsx scripts and answer simple request/response messages.
import type { ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { forkTs } from '../../../electron/web/core-process';

interface Request {
  id: number;
  method: string;
  params: unknown;
}
type Response = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string };

export interface Child {
  readonly pid: number;
  call<T>(method: string, params?: unknown): Promise<T>;
  stop(): Promise<void>;
}

/** Forks `script` (a path relative to test/bench) under tsx and waits for its `ready` message. The
 *  child loads TypeScript as the web bridge's core process does (forkTs: tsx's require hooks, on
 *  the process's own thread; its ESM hooks would run a thread of about 30 MB that the memory
 *  figures of a child would count as the app's). */
export async function startChild(script: string, env: Record<string, string> = {}): Promise<Child> {
  const file = fileURLToPath(new URL(`../${script}`, import.meta.url));
  const proc: ChildProcess = forkTs(file, { env: { ...process.env, ...env } });
  let next = 1;
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let exited: Error | null = null;
  proc.on('exit', (code, signal) => {
    exited = new Error(`${script} exited (${signal ?? code})`);
    for (const w of waiting.values()) w.reject(exited);
    waiting.clear();
  });
  await new Promise<void>((resolve, reject) => {
    const onMessage = (m: unknown) => {
      if (m === 'ready') {
        proc.off('message', onMessage);
        resolve();
      }
    };
    proc.on('message', onMessage);
    proc.once('exit', () => reject(exited ?? new Error(`${script} exited before it was ready`)));
  });
  proc.on('message', (m: Response) => {
    const w = waiting.get(m.id);
    if (!w) return;
    waiting.delete(m.id);
    if (m.ok) w.resolve(m.value);
    else w.reject(new Error(`${script}: ${m.error}`));
  });
  return {
    pid: proc.pid ?? -1,
    call<T>(method: string, params: unknown = {}): Promise<T> {
      if (exited) return Promise.reject(exited);
      const id = next++;
      const req: Request = { id, method, params };
      return new Promise<T>((resolve, reject) => {
        waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
        proc.send(req);
      });
    },
    async stop() {
      if (exited) return;
      const gone = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 20_000);
      await gone;
      clearTimeout(timer);
    },
  };
}

export type Methods = Record<string, (params: never) => unknown>;

/** The child's side: answers requests with `methods`, then says it is ready. */
export function serve(own: Methods): void {
  if (!process.send) throw new Error('this script runs as a forked child of the bench');
  const methods: Methods = { ...common, ...own };
  process.on('message', async (m: Request) => {
    const fn = methods[m.method];
    try {
      if (!fn) throw new Error(`unknown method ${m.method}`);
      const value = await fn(m.params as never);
      process.send!({ id: m.id, ok: true, value } satisfies Response);
    } catch (e) {
      const error = e instanceof Error ? (e.stack ?? e.message) : String(e);
      process.send!({ id: m.id, ok: false, error } satisfies Response);
    }
  });
  process.on('disconnect', () => process.exit(0));
  process.send('ready');
}

/** Every child answers these: its memory and the CPU time it has used, to tell who was busy. */
const common: Methods = {
  rss: () => rssMB(),
  /** Where the resident memory is: the JS heap, buffers outside it, and the rest (native: SQLite, malloc). */
  memory: () => {
    const m = process.memoryUsage();
    return { rss: mb(m.rss), heapUsed: mb(m.heapUsed), heapTotal: mb(m.heapTotal), external: mb(m.external) };
  },
  /** RSS sampled every 2 s for `seconds` with no calls (see SETTLE_SECONDS). Answers the last
   *  sample, the CPU the measured processes used meanwhile (work still running, if any) and, for
   *  this process, its memory by kind at the end (what is held when the RSS is not given back).
   *  `children`: of the processes this one started instead (the core's, beside the web bridge). */
  async settledRss(p: { seconds: number; children?: boolean }) {
    const read = p.children ? childrenRssMB : rssMB;
    const cpu = p.children ? childrenCpuSeconds : ownCpuSeconds;
    const samples: number[] = [];
    const cpuFrom = cpu();
    for (let t = 0; t < p.seconds; t += 2) {
      await new Promise((r) => setTimeout(r, 2000));
      samples.push(read());
    }
    const m = process.memoryUsage();
    const held = p.children
      ? null
      : `heap ${mb(m.heapUsed)} of ${mb(m.heapTotal)} MB, external ${mb(m.external)} (buffers ${mb(m.arrayBuffers)})`;
    return { rssMB: samples[samples.length - 1] ?? read(), samples, cpuSeconds: cpu() - cpuFrom, held };
  },
  cpuMs: () => ownCpuSeconds() * 1000,
};

/** How long a process is left idle before its memory is read as settled: V8 gives back the heap a
 *  pull grew once the process has been idle a while, 14-18 s after a sync of 100,000 threads here
 *  and 28-30 s after one of 300,000 or of five workspaces. */
export const SETTLE_SECONDS = 40;

/** Resident set size of the processes this one started, in MB (Linux: read from /proc). The web
 *  bridge runs the core in a child process, so the core's memory is there, not in the bridge's.
 *  The esbuild service tsx starts for this bench process (about 12 MB) is the bench's own
 *  compiler, not a part of the app, and is not counted. */
export function childrenRssMB(): number {
  let kb = 0;
  for (const pid of childPids()) {
    try {
      kb += Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // The process ended meanwhile.
    }
  }
  return kb / 1024;
}

/** The processes this one started, less tsx's esbuild service (the bench's own compiler). */
function childPids(): string[] {
  const pids: string[] = [];
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      if (Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]) !== process.pid) continue;
      if (/^Name:\s+esbuild$/m.test(status)) continue;
      pids.push(pid);
    } catch {
      // The process ended meanwhile.
    }
  }
  return pids;
}

/** CPU time (user and system) the processes this one started have used so far, in seconds. */
export function childrenCpuSeconds(): number {
  let ticks = 0;
  for (const pid of childPids()) {
    try {
      // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(f[11]) + Number(f[12]);
    } catch {
      // The process ended meanwhile.
    }
  }
  return ticks / CLOCK_TICKS;
}

/** Linux's USER_HZ, the unit of /proc/<pid>/stat's times: 100 on every kernel it ships for. */
const CLOCK_TICKS = 100;

/** CPU time (user and system) this process has used so far, in seconds. */
function ownCpuSeconds(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

/** Bytes as MB, to a tenth. */
function mb(bytes: number): number {
  return Math.round((bytes / 2 ** 20) * 10) / 10;
}

/** Resident set size of this process in MB. */
export function rssMB(): number {
  return process.memoryUsage().rss / 2 ** 20;
}
