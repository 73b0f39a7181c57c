// The features against each other, against a reference model: fast-check draws sequences of what a
// rep does across two accounts shown together in All inboxes (verdicts, a selection across both,
// snoozes, drafts, suggestion accepts, undo, replies) mixed with what the app and the world do (a
// reply arriving, a change on the service, a refusal, a Rebuild with calls in flight, a restart with
// a store damaged while shut, a workspace switch away and back). After each sequence the service,
// each store and All inboxes must agree with the model: the newest intent kept, every reply sent
// exactly once, the rep's snoozes and drafts kept, nothing shown that a store does not hold.
// A failure prints fast-check's seed and path; RELIABILITY_SEED=<seed> RELIABILITY_PATH=<path>
// replays it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../electron/sandbox/index';
import { commands } from '../reliability/seams-model-commands';
import { checkModel, quiesce } from '../reliability/seams-model-check';
import { emptyModel, SeamsWorld } from '../reliability/seams-model-world';
import { runSeed } from '../reliability/prng';
import { scale, sized } from '../reliability/scale';
import { openRig, type AppRig } from './fixtures/app-rig';

const SEQUENCES = Number(process.env.RELIABILITY_SEQUENCES) || sized(2000, 20_000);
const seed = runSeed();
let dir: string;
let services: [Sandbox, Sandbox];
let rig: AppRig;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'triage-seams-model-'));
  const sized = { port: 0, threads: 14, leads: 14, campaigns: 4, rateLimit: false } as const;
  services = [await startSandbox({ ...sized, seed: 25 }), await startSandbox({ ...sized, seed: 26 })];
  rig = await openRig(dir);
});
afterAll(async () => {
  await rig?.close();
  for (const sb of services ?? []) await sb.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the features against each other, against a reference model', () => {
  it(
    `${SEQUENCES} sequences across two accounts in All inboxes (${scale} scale) keep the rep's newest intents, once each`,
    async () => {
      const started = Date.now();
      const w = await SeamsWorld.create(services, rig);
      const unhandled: unknown[] = [];
      const onUnhandled = (r: unknown): void => void unhandled.push(r);
      process.on('unhandledRejection', onUnhandled);
      try {
        await fc.assert(
          fc.asyncProperty(fc.commands(commands, { maxCommands: 7 }), async (cmds) => {
            const model = emptyModel();
            await fc.asyncModelRun(() => ({ model, real: w }), cmds);
            await quiesce(w, model);
            await checkModel(w, model);
            expect(unhandled).toEqual([]);
            w.figures.sequences++;
          }),
          {
            seed,
            numRuns: SEQUENCES,
            endOnFailure: true,
            ...(process.env.RELIABILITY_PATH ? { path: process.env.RELIABILITY_PATH } : {}),
          },
        );
      } finally {
        process.off('unhandledRejection', onUnhandled);
      }
      console.log(
        `seams model (seed ${seed}, ${((Date.now() - started) / 1000).toFixed(1)} s): ${JSON.stringify(w.figures)}`,
      );
      expect(w.figures.sequences).toBe(SEQUENCES);
      // A replay of one sequence runs only its own commands; a whole run meets every kind.
      if (!process.env.RELIABILITY_PATH)
        for (const kind of [
          'rebuild',
          'restart',
          'restart with a damaged store',
          'workspace switch',
          'accept',
          'undo',
        ])
          expect(w.figures.commands[kind] ?? 0, kind).toBeGreaterThan(0);
    },
    // A bound, not a figure.
    scale === 'large' ? 4 * 3600_000 : 1_200_000,
  );
});
