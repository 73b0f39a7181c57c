// The end of a sequence: the holds go, the faults still waiting are met, then the network heals and
// the rep deals with what is left (resolves the uncertain, sends the refused again) until the
// outbox is empty and a sync ends clean.
import { createRng } from './prng';
import { resolve } from './outbox-model-steps';
import { A, ModelFailure, tolerate, type ModelWorld } from './outbox-model-world';

export async function quiesce(w: ModelWorld, seed: number): Promise<void> {
  w.proxy.clear('holds');
  for (let round = 0; round < 30; round++) {
    // The faults still waiting are met in the first rounds; then the network heals.
    if (round === 3) w.proxy.clear();
    w.proxy.releaseAll();
    await Promise.all(w.background.splice(0));
    const live = await w.outbox();
    const state = await w.account.handlers['sync.state'](A);
    if (
      live.length === 0 &&
      state.lastError === null &&
      round > 0 &&
      (round > 3 || w.proxy.rulesLeft() === 0)
    )
      return;
    for (const e of live) {
      if (e.state === 'uncertain') await resolve(w, e, createRng(seed + round));
      // The rep sends what was refused again (the fault is gone), and what waits goes now.
      else if (e.state === 'failed' || e.state === 'pending')
        await tolerate(w.account.handlers['outbox.retry']({ ...A, entryId: e.id }));
    }
    await w.account.syncNow();
  }
  throw new ModelFailure(`seed ${seed}: the outbox never emptied: ${JSON.stringify(await w.outbox())}`);
}
