// A sync the rep asks for brings what the service holds now: asked while another sync is running
// (one that read the service before a change there), it waits for that one and then runs again,
// and several such asks share the one run after it.
import { describe, expect, it } from 'vitest';
import { createScheduler } from '../../electron/core/sync/scheduler';

function held() {
  const runs: { started: number; finish: () => void }[] = [];
  let clock = 0;
  const scheduler = createScheduler({
    intervalMs: 3_600_000,
    isOffline: () => false,
    isPaused: () => false,
    run: () =>
      new Promise<void>((resolve) => {
        runs.push({ started: ++clock, finish: resolve });
      }),
  });
  return { scheduler, runs, tick: () => ++clock };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('a sync asked for by the rep', () => {
  it('asked during a running sync, ends only after a sync that began after the ask', async () => {
    const { scheduler, runs, tick } = held();
    scheduler.start();
    expect(runs).toHaveLength(1);
    const askedAt = tick();
    let done = false;
    const asked = scheduler.fresh().then(() => {
      done = true;
    });
    const again = scheduler.fresh();
    runs[0]!.finish();
    await settle();
    expect(done).toBe(false);
    // One run after the running one, shared by both asks.
    expect(runs).toHaveLength(2);
    expect(runs[1]!.started).toBeGreaterThan(askedAt);
    runs[1]!.finish();
    await Promise.all([asked, again]);
    expect(done).toBe(true);
    expect(runs).toHaveLength(2);
    await scheduler.stop();
  });

  it('asked with nothing running, runs at once', async () => {
    const { scheduler, runs } = held();
    const asked = scheduler.fresh();
    expect(runs).toHaveLength(1);
    runs[0]!.finish();
    await asked;
    await scheduler.stop();
  });
});
