// The outbox against a reference model: seeded sequences of a rep's actions interleaved with
// held requests, every fault kind, service-side changes and process kills (test/reliability/
// outbox-model.ts). A failure prints its seed; RELIABILITY_SEED=<seed> replays from it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../electron/sandbox/index';
import { ModelFailure, runModel } from '../reliability/outbox-model';
import { runSeed } from '../reliability/prng';
import { scale, sized } from '../reliability/scale';

// RELIABILITY_SEQUENCES=<n> runs fewer or more (a replay of one seed: 1).
const SEQUENCES = Number(process.env.RELIABILITY_SEQUENCES) || sized(500, 10_000);
const seed = runSeed();
let sb: Sandbox;
let root: string;

beforeAll(async () => {
  sb = await startSandbox({ port: 0, seed: 11, threads: 24, leads: 20, campaigns: 4, rateLimit: false });
  root = mkdtempSync(join(tmpdir(), 'outbox-model-'));
});

afterAll(async () => {
  await sb?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('outbox model: the newest intent wins, replies at most once, nothing lost', () => {
  it(
    `${SEQUENCES} sequences (${scale} scale) end with the service and the store holding the rep's newest intents`,
    async () => {
      const started = Date.now();
      let current = seed;
      try {
        const figures = await runModel({
          sb,
          root,
          seed,
          count: SEQUENCES,
          onSequence: (i, s) => {
            current = s;
            // A long run says where it is now and then.
            if (scale === 'large' && i % 500 === 0)
              console.log(`outbox model: sequence ${i} at ${new Date().toISOString()}`);
          },
        });
        console.log(
          `outbox model (seed ${seed}, ${((Date.now() - started) / 1000).toFixed(1)} s): ${JSON.stringify(figures)}`,
        );
        expect(figures.sequences).toBe(SEQUENCES);
        expect(Object.keys(figures.faults).length).toBeGreaterThanOrEqual(8);
        expect(figures.kills).toBeGreaterThan(0);
        expect(figures.interleavings).toBeGreaterThan(0);
      } catch (err) {
        if (err instanceof ModelFailure)
          console.error(`outbox model failed; replay with RELIABILITY_SEED=${current}\n${err.message}`);
        throw err;
      }
    },
    // A bound, not a figure: 500 sequences take 55-110 s on two busy cores.
    scale === 'large' ? 4 * 3600_000 : 600_000,
  );
});
