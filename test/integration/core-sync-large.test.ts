import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectStoreEqualsServer, harness, type Harness } from './fixtures/core-harness';

// The one large case: 20,000 threads. Messages are compared for a sample of 1,000 threads (every
// thread's messages are fetched by the sync; comparing all of them would double the run).
describe('a full sync at 20,000 threads', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness({ threads: 20_000, leads: 20_000, campaigns: 40 });
  }, 300_000);
  afterAll(() => h.cleanup());

  it('holds exactly what the service serves', async () => {
    const acc = h.open();
    const started = Date.now();
    await acc.syncNow();
    const state = await acc.handlers['sync.state']({ accountId: 'acc1' });
    expect(state.lastError).toBeNull();
    console.log(`full sync of 20,000 threads: ${Date.now() - started} ms, ${h.sb.stats().requests} requests`);
    const counts = await acc.handlers['threads.counts']({ accountId: 'acc1' });
    expect(counts.all).toBe(20_000);
    await expectStoreEqualsServer(h.sb, h.dir, 1000);
    await acc.stop();
  }, 600_000);
});
