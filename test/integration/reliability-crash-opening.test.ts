// Crash while a store is being opened: the core (test/fixtures/crash-child.ts) is killed with
// SIGKILL at a random moment of a first sync into an empty folder, or of opening a file written by
// an older version (its migrations, then the first sync on the new schema). After each kill the
// file passes integrity_check (or does not exist yet), the restarted core's opening sync completes
// and the list holds every thread of the service, and every change that waited in the old file's
// outbox is still there (or reached the service): none lost, none doubled.
// Together with reliability-crash.test.ts (kills during pushes and pulls) the suite kills the core
// 50 times in CI.
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeFile } from '../../electron/core/account/context';
import { MIGRATIONS } from '../../electron/core/store/migrations/index';
import { startSandbox, type Sandbox } from '../../electron/sandbox/index';
import { createRng, runSeed } from '../reliability/prng';
import { sized } from '../reliability/scale';

const ROUNDS = sized(30, 120);
const seed = runSeed();
const CHILD = join(process.cwd(), 'test/fixtures/crash-child.ts');
const OLD_VERSIONS = MIGRATIONS.map((m) => m.version).filter((v) => v < MIGRATIONS.at(-1)!.version);

let sandbox: Sandbox;
let root: string;

beforeAll(async () => {
  sandbox = await startSandbox({
    port: 0,
    seed: 12,
    threads: 300,
    leads: 300,
    campaigns: 4,
    rateLimit: false,
  });
  sandbox.setFaults('latency=2-20:0.5');
  root = mkdtempSync(join(tmpdir(), 'triage-crash-open-'));
});
afterAll(async () => {
  await sandbox?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

/** Runs the child once in `dir`; kills it `killAfterMs` after it says `start` (null: let it finish). */
async function runChild(
  dir: string,
  round: number,
  killAfterMs: number | null,
): Promise<{ killed: boolean; lines: string[][]; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    env: {
      ...process.env,
      CRASH_DIR: dir,
      CRASH_URL: sandbox.url,
      CRASH_KEY: sandbox.apiKey,
      CRASH_SEED: String(seed),
      CRASH_ROUND: String(round),
      CRASH_MODE: 'once',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[][] = [];
  let stderr = '';
  let killed = false;
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  createInterface({ input: child.stdout! }).on('line', (l) => {
    const line = l.split('\t');
    lines.push(line);
    if (line[0] === 'start' && killAfterMs !== null)
      setTimeout(() => {
        killed = child.kill('SIGKILL');
      }, killAfterMs);
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  await new Promise((resolve) => child.on('exit', resolve));
  clearTimeout(timer);
  return { killed, lines, stderr };
}

const LIVE = `('pending', 'sending', 'failed', 'uncertain')`;

describe('crash: SIGKILL while a store opens', () => {
  it(
    `${ROUNDS} kills during first syncs and migrations, then integrity, the list whole, no waiting change lost or doubled`,
    async () => {
      const rng = createRng(seed);
      const page = await fetch(`${sandbox.url}/inbox?page=1&limit=1`, {
        headers: { 'x-api-key': sandbox.apiKey },
      });
      const serviceThreads = ((await page.json()) as { pagination: { total: number } }).pagination.total;
      const kinds = { 'first sync': 0, migration: 0 };
      let killedDuringOpen = 0;
      let carried = 0;
      for (let round = 0; round < ROUNDS; round++) {
        const dir = join(root, `r${round}`);
        mkdirSync(dir, { recursive: true });
        const file = storeFile(dir, null);
        const migration = round % 2 === 1;
        let waiting: { id: number; kind: string; target: string | null }[] = [];
        if (migration) {
          const version = OLD_VERSIONS[rng.int(0, OLD_VERSIONS.length - 1)]!;
          copyFileSync(join(process.cwd(), `test/fixtures/db/v${version}.sqlite`), file);
          const old = new Database(file, { readonly: true });
          waiting = old
            .prepare(`SELECT id, kind, target_id AS target FROM outbox WHERE state IN ${LIVE} ORDER BY id`)
            .all() as {
            id: number;
            kind: string;
            target: string | null;
          }[];
          old.close();
          kinds.migration++;
        } else kinds['first sync']++;

        // A kill early (opening, migrating) or later (the first pull's pages and messages).
        const delay = rng.next() < 0.5 ? rng.int(0, 60) : rng.int(60, 1500);
        const first = await runChild(dir, round, delay);
        expect(first.stderr, `round ${round}`).not.toMatch(/fatal|Error:/);
        if (!first.lines.some((l) => l[0] === 'first-sync')) killedDuringOpen++;

        // ---- the files as the kill left them
        if (existsSync(file)) {
          // Read-write, as the app opens it: a WAL the kill left behind is recovered first (a
          // read-only connection cannot recover it).
          const db = new Database(file);
          expect(db.pragma('integrity_check', { simple: true }), `round ${round}`).toBe('ok');
          db.close();
        }

        // ---- restarted: the opening sync completes and the list is whole
        const again = await runChild(dir, round, null);
        const opened = again.lines.find((l) => l[0] === 'first-sync');
        expect(opened?.[1], `round ${round}: ${opened?.[2] ?? again.stderr.slice(0, 400)}`).toBe('ok');
        expect(Number(again.lines.find((l) => l[0] === 'listed')?.[1]), `round ${round}`).toBe(
          serviceThreads,
        );

        const db = new Database(file, { readonly: true });
        expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.at(-1)!.version);
        const rows = db.prepare(`SELECT id, state, kind, target_id, payload FROM outbox`).all() as {
          id: number;
          state: string;
          kind: string;
          target_id: string | null;
          payload: string;
        }[];
        db.close();
        // Every change that waited in the old file is still in the outbox (waiting, or refused: the
        // old file's threads and campaigns are not this service's), unless a newer change of its
        // own target retired it, or it reached the service and its history was pruned after the
        // sync (only a do-not-contact entry can: it names no thread). None lost to the kill.
        const ids = new Set(rows.map((r) => r.id));
        for (const w of waiting) {
          if (ids.has(w.id)) continue;
          const retired = waiting.some(
            (o) => o.id > w.id && o.kind === w.kind && o.target === w.target && ids.has(o.id),
          );
          expect(retired || w.kind === 'dnc', `round ${round}: outbox entry ${w.id} (${w.kind}) lost`).toBe(
            true,
          );
        }
        carried += waiting.length;
        const live = rows.filter((r) => ['pending', 'sending', 'failed', 'uncertain'].includes(r.state));
        const markers = live.map((r) => `${r.kind}:${r.target_id}:${r.payload}`);
        expect(new Set(markers).size, `round ${round}: no entry doubled`).toBe(markers.length);
        rmSync(dir, { recursive: true, force: true });
      }
      const replies = sandbox.stats().replies.map((r) => r.bodyHtml);
      expect(replies.length, 'no reply reached the service twice').toBe(new Set(replies).size);
      console.log(
        `reliability crash while opening (seed ${seed}): ${ROUNDS} SIGKILLs (first sync ${kinds['first sync']}, ` +
          `migration from an older version ${kinds.migration}; ${killedDuringOpen} before the opening sync ended); ` +
          `integrity ok ${ROUNDS}/${ROUNDS}; restarts whose opening sync completed with the whole list ${ROUNDS}; ` +
          `waiting changes carried through migrations ${carried}, lost 0; replies duplicated 0`,
      );
    },
    // A bound, not a figure: thirty rounds of two cores' child processes on a busy machine.
    sized(900_000, 3_600_000),
  );
});
