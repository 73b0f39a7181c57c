// The model-based test of the outbox: seeded random sequences of what a rep does (verdicts, bulk
// verdicts, undo, snooze, rename, signature and tags, reply, discard, retry, resolve uncertain)
// mixed with pushes and pulls that really overlap them (a request is held in flight by the proxy
// while the rep acts), every fault kind, changes made on the service side, and process kills
// (the store on disk is taken as it is at that instant and a new process opens it). At quiescence
// the service and the local store are compared with a reference model of the rep's intents.
// The steps, the quiescence and the checks live beside this file; what they share is ModelWorld.
import type { Sandbox } from '../../electron/sandbox/index';
import { createRng } from './prng';
import { checkInvariants } from './outbox-model-invariants';
import { quiesce } from './outbox-model-quiesce';
import { step } from './outbox-model-steps';
import { ModelFailure, ModelWorld, type Figures } from './outbox-model-world';

export { ModelFailure, type Figures };

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
  const unhandled: unknown[] = [];
  const onUnhandled = (r: unknown): void => void unhandled.push(r);
  process.on('unhandledRejection', onUnhandled);
  const w = await ModelWorld.create({
    sb: opts.sb,
    root: opts.root,
    seed: opts.seed,
    unhandled,
  });
  const { figures } = w;
  try {
    for (let i = 0; i < opts.count; i++) {
      const seed = opts.seed + i;
      opts.onSequence?.(i, seed);
      const rng = createRng(seed);
      const steps = rng.int(3, 10);
      try {
        for (let n = 0; n < steps; n++) {
          await withWatchdog(seed, step(w, rng, i, n));
          figures.steps++;
        }
        await withWatchdog(seed, quiesce(w, seed));
        await checkInvariants(w, seed);
      } catch (err) {
        if (err instanceof ModelFailure) throw err;
        throw new ModelFailure(
          `seed ${seed}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
        );
      }
      figures.sequences++;
      if (w.retired.length > 0) await Promise.all(w.retired.splice(0));
    }
  } finally {
    process.off('unhandledRejection', onUnhandled);
    w.proxy.releaseAll();
    await Promise.all(w.background.splice(0)).catch(() => undefined);
    await w.account.stop();
    await Promise.all(w.retired);
    w.harvest();
  }
  return figures;
}
