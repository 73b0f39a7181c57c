// Crash: the core runs in a child process (test/fixtures/crash-child.ts) that queues changes and
// syncs in a loop; it is killed with SIGKILL at random moments, half of them while the outbox is
// being pushed and half while pages are being pulled. After each kill: the database passes
// integrity_check, no committed change is missing from both the outbox and the service, none is
// duplicated, no reply reached the service twice, and the restarted core's first sync completes.
import Database from 'better-sqlite3';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAccount } from '../../electron/core/account/service';
import { storeFile } from '../../electron/core/account/context';
import { startSandbox, type Sandbox } from '../../electron/sandbox/index';
import { createRng, runSeed } from '../reliability/prng';
import { sized } from '../reliability/scale';
import { eventRecorder, readServer } from '../reliability/session';

const KILLS = sized(20, 100);
const seed = runSeed();
const CHILD = join(process.cwd(), 'test/fixtures/crash-child.ts');

let sandbox: Sandbox;
let dir: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 9, threads: 80, leads: 120, campaigns: 4, rateLimit: false });
  // Slow answers widen the windows a kill can land in.
  sandbox.setFaults('latency=5-40:0.6');
  dir = mkdtempSync(join(tmpdir(), 'triage-crash-'));
});

afterAll(async () => {
  await sandbox?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

type Line = string[];

/** Starts the child and hands each stdout line, split on tabs, to `onLine`. */
function startChild(
  round: number,
  onLine: (line: Line) => void,
): { child: ChildProcess; exited: Promise<number | null>; stderr: string[] } {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      CRASH_DIR: dir,
      CRASH_URL: sandbox.url,
      CRASH_KEY: sandbox.apiKey,
      CRASH_SEED: String(seed),
      CRASH_ROUND: String(round),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stderr: string[] = [];
  child.stderr!.on('data', (d: Buffer) => stderr.push(d.toString()));
  createInterface({ input: child.stdout! }).on('line', (l) => onLine(l.split('\t')));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, stderr };
}

interface OutboxRow {
  id: number;
  kind: string;
  state: string;
  target_id: string | null;
  payload: string;
}

describe('crash: SIGKILL during sync and outbox pushes', () => {
  it(
    `${KILLS} kills, then integrity, no change lost or doubled, and the next sync completes`,
    async () => {
      const rng = createRng(seed);
      const intends: Line[] = [];
      const queued: Line[] = [];
      const killedIn: Record<string, number> = { push: 0, pull: 0 };
      const statesAfterKill: Record<string, number> = {};
      let firstSyncs = 0;
      let entriesChecked = 0;

      for (let round = 0; round < KILLS; round++) {
        const target = round % 2 === 0 ? 'push' : 'pull';
        let firstSync: Line | null = null;
        let armed = false;
        let lastPhase = '';
        let fatal: Line | null = null;
        let kill: () => void = () => undefined;
        const killed = new Promise<void>((resolve) => (kill = resolve));
        const { child, exited, stderr } = startChild(round, (line) => {
          const [what] = line;
          if (what === 'first-sync') firstSync = line;
          else if (what === 'intend') intends.push(line);
          else if (what === 'queued') queued.push(line);
          else if (what === 'fatal') fatal = line;
          else if (what === 'phase') {
            lastPhase = line[1] ?? '';
            if (firstSync && !armed && line[1] === target) {
              armed = true;
              const delay = target === 'push' ? rng.int(0, 60) : rng.int(0, 200);
              setTimeout(() => {
                child.kill('SIGKILL');
                kill();
              }, delay);
            }
          }
        });
        const outcome = await Promise.race([
          killed.then(() => 'killed'),
          exited.then(() => 'exited'),
          new Promise((r) => setTimeout(() => r('timeout'), 60_000)),
        ]);
        if (outcome !== 'killed') child.kill('SIGKILL');
        await exited;
        expect(fatal, stderr.join('')).toBeNull();
        expect(outcome, `round ${round}: ${stderr.join('').slice(0, 500)}`).toBe('killed');
        expect(firstSync, `round ${round}: the restarted core's first sync`).not.toBeNull();
        expect(firstSync![1], `round ${round}: ${firstSync![2]}`).toBe('ok');
        firstSyncs++;
        killedIn[lastPhase] = (killedIn[lastPhase] ?? 0) + 1;

        // ---- the database as the kill left it
        const db = new Database(storeFile(dir, null));
        try {
          expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
          const rows = db
            .prepare('SELECT id, kind, state, target_id, payload FROM outbox')
            .all() as OutboxRow[];
          // Finished entries stay a while as history (the same intent may be made twice); what
          // could be sent twice is a live one.
          const live = rows.filter((r) => ['pending', 'sending', 'failed', 'uncertain'].includes(r.state));
          const markers = live.map((r) => `${r.kind}:${r.target_id}:${r.payload}`);
          expect(new Set(markers).size, 'no outbox entry duplicated').toBe(markers.length);
          for (const r of rows) statesAfterKill[r.state] = (statesAfterKill[r.state] ?? 0) + 1;
          // Every committed reply is in the outbox or on the service (or both, when the kill came
          // between the service's answer and the local delete); never neither.
          const held = new Set(
            rows
              .filter((r) => r.kind === 'reply')
              .map((r) => (JSON.parse(r.payload) as { bodyHtml: string }).bodyHtml),
          );
          const sent = sandbox.stats().replies.map((r) => r.bodyHtml);
          for (const q of queued.filter((l) => l[1] === 'reply')) {
            const body = q[3]!;
            expect(held.has(body) || sent.includes(body), `reply lost: ${body}`).toBe(true);
            entriesChecked++;
          }
          expect(sent.length, 'no reply reached the service twice').toBe(new Set(sent).size);
        } finally {
          db.close();
        }
      }

      // ---- a last restart, in process: settle the outbox and compare with the service.
      sandbox.setFaults(null);
      const rec = eventRecorder();
      const account = openAccount(
        {
          id: 'crash',
          baseUrl: sandbox.url,
          workspaceId: null,
          dir,
          getApiKey: async () => sandbox.apiKey,
          syncIntervalSeconds: 3_600,
        },
        rec.emit,
      );
      const a = { accountId: 'crash' };
      try {
        for (let i = 0; i < 5; i++) {
          for (const e of await account.handlers['outbox.list'](a))
            if (e.state === 'failed' || e.state === 'pending')
              await account.handlers['outbox.retry']({ ...a, entryId: e.id });
          await account.syncNow();
          if ((await account.handlers['outbox.list'](a)).every((e) => e.state === 'uncertain')) break;
        }
        await account.syncNow();
        const state = await account.handlers['sync.state'](a);
        expect(state.lastError).toBeNull();
        const outbox = await account.handlers['outbox.list'](a);
        expect(outbox.filter((e) => e.state !== 'uncertain')).toEqual([]);
        expect(outbox.every((e) => e.kind === 'reply')).toBe(true);

        // The service holds the last committed status of every thread (or a later one whose
        // commit the kill cut before the child could say so).
        const server = await readServer(sandbox.url, sandbox.apiKey);
        const lost: string[] = [];
        const finalOf = (kind: string, read: (id: string) => string | undefined): void => {
          const lastQueued = new Map<string, number>();
          queued.forEach((l, i) => l[1] === kind && lastQueued.set(l[2]!, i));
          for (const [id, qi] of lastQueued) {
            const value = queued[qi]![3];
            const at = intends.findIndex((l) => l[1] === kind && l[2] === id && l[3] === value);
            const later = intends
              .slice(at + 1)
              .filter((l) => l[1] === kind && l[2] === id)
              .map((l) => l[3]);
            const now = read(id);
            if (now !== value && !later.includes(now))
              lost.push(`${kind} ${id}: service has ${now}, last queued ${value}`);
          }
        };
        finalOf('status', (id) => server.threads.get(id)?.status);
        finalOf('rename', (id) => server.campaigns.get(id));

        // Replies: each committed one is on the service exactly once, or held for the person as uncertain.
        const sent = sandbox.stats().replies.map((r) => r.bodyHtml);
        const uncertainBodies = new Set<string>();
        for (const e of outbox) {
          for (const m of (await account.handlers['threads.get']({ ...a, threadId: e.targetId! }))
            ?.messages ?? [])
            if (m.delivery === 'uncertain') uncertainBodies.add(m.bodyHtml);
        }
        for (const q of queued.filter((l) => l[1] === 'reply')) {
          const n = sent.filter((b) => b === q[3]).length;
          if (n > 1) lost.push(`reply sent ${n} times: ${q[3]}`);
          if (n === 0 && !uncertainBodies.has(q[3]!)) lost.push(`reply lost: ${q[3]}`);
        }
        const local = await account.handlers['threads.list']({ ...a, view: 'all', offset: 0, limit: 500 });
        const mismatched = local.rows
          .filter((t) => server.threads.get(t.id)?.status !== t.status)
          .map((t) => t.id);

        console.log(
          `reliability crash (seed ${seed}): ${KILLS} SIGKILLs (during push ${killedIn.push ?? 0}, during pull ${killedIn.pull ?? 0}); ` +
            `integrity ok ${KILLS}/${KILLS}; restarts whose first sync completed ${firstSyncs}; changes committed ${queued.length} ` +
            `(reply checks after kills ${entriesChecked}); outbox states seen after kills ${JSON.stringify(statesAfterKill)}; ` +
            `replies sent ${sent.length}, duplicated ${sent.length - new Set(sent).size}, left uncertain ${outbox.length}; lost ${lost.length}`,
        );
        expect(lost).toEqual([]);
        expect(mismatched).toEqual([]);
        expect(local.total).toBe(server.threads.size);
      } finally {
        await account.stop();
      }
    },
    sized(300_000, 1_800_000),
  );
});
