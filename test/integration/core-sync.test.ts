import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectStoreEqualsServer,
  harness,
  requestsFor,
  serverClient,
  type Harness,
} from './fixtures/core-harness';

describe('sync against the sandbox (2,000 threads)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness({ threads: 2000, leads: 2500, campaigns: 12 });
  });
  afterAll(() => h.cleanup());

  it('after a full sync, every resource in SQLite equals the service, field for field', async () => {
    const acc = h.open();
    await acc.syncNow();
    const state = await acc.handlers['sync.state']({ accountId: 'acc1' });
    expect(state.lastError).toBeNull();
    expect(state.lastSyncedAt).not.toBeNull();
    await expectStoreEqualsServer(h.sb, h.dir);
    await acc.stop();
  }, 180_000);

  it('an incremental sync with nothing changed costs a few requests and moves nothing', async () => {
    const acc = h.open();
    await acc.syncNow();
    const before = h.sb.stats().requests;
    const messagesBefore = requestsFor(h.sb, /messages/);
    await acc.syncNow();
    const used = h.sb.stats().requests - before;
    expect(used).toBeLessThan(20);
    expect(requestsFor(h.sb, /messages/)).toBe(messagesBefore);
    expect((await acc.handlers['sync.state']({ accountId: 'acc1' })).lastError).toBeNull();
    await acc.stop();
  });

  it('an incremental sync picks up replies, deletions, status changes and renames, and only fetches what changed', async () => {
    const acc = h.open();
    await acc.syncNow();
    const c = serverClient(h.sb);
    const oldest = (await c.listInbox({ page: 20, limit: 100 })).data;
    const campaigns = (await c.listCampaigns()).data;
    const arrived = h.sb.admin.arriveReplies(5);
    h.sb.admin.deleteThread(oldest[0]!._id);
    h.sb.admin.setThreadStatus(oldest[1]!._id, 'not_interested');
    h.sb.admin.renameCampaign(campaigns[0]!._id, 'Renamed by a teammate');
    h.events.length = 0;
    const messagesBefore = requestsFor(h.sb, /messages/);
    await acc.syncNow();
    const messageFetches = requestsFor(h.sb, /messages/) - messagesBefore;
    expect(messageFetches).toBeGreaterThanOrEqual(new Set(arrived).size);
    expect(messageFetches).toBeLessThanOrEqual(new Set(arrived).size + 2);

    const gone = await acc.handlers['threads.get']({ accountId: 'acc1', threadId: oldest[0]!._id });
    expect(gone).toBeNull();
    const moved = await acc.handlers['threads.get']({ accountId: 'acc1', threadId: oldest[1]!._id });
    expect(moved!.thread.status).toBe('not_interested');
    const renamed = (await acc.handlers['campaigns.list']({ accountId: 'acc1' })).find(
      (c) => c.id === campaigns[0]!._id,
    );
    expect(renamed!.name).toBe('Renamed by a teammate');
    const found = await acc.handlers['threads.list']({
      accountId: 'acc1',
      view: 'all',
      search: 'Renamed teammate',
      offset: 0,
      limit: 5,
    });
    expect(found.total).toBeGreaterThan(0);

    const news = h.events.filter((e) => e.name === 'replies.new');
    expect(news).toHaveLength(1);
    const newIds = (news[0]!.payload as { threadIds: string[] }).threadIds;
    expect(new Set(newIds)).toEqual(new Set(arrived));
    const counts = await acc.handlers['threads.counts']({ accountId: 'acc1' });
    expect(counts.unread).toBe(new Set(arrived).size);
    // Reading a thread writes nothing; the window marks it read when it opens it.
    h.events.length = 0;
    expect(
      (await acc.handlers['threads.get']({ accountId: 'acc1', threadId: arrived[0]! }))!.thread.unread,
    ).toBe(true);
    expect(h.events).toEqual([]);
    expect((await acc.handlers['threads.counts']({ accountId: 'acc1' })).unread).toBe(new Set(arrived).size);
    await acc.handlers['threads.markRead']({ accountId: 'acc1', threadIds: [arrived[0]!], read: true });
    expect((await acc.handlers['threads.counts']({ accountId: 'acc1' })).unread).toBe(
      new Set(arrived).size - 1,
    );
    await expectStoreEqualsServer(h.sb, h.dir, 200);
    await acc.stop();
  }, 120_000);
});

describe('sync under faults', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness({ threads: 300, leads: 400, campaigns: 6 });
  });
  afterAll(() => h.cleanup());

  it('converges to the service state under every fault kind, with local changes landing on the service', async () => {
    const acc = h.open();
    h.sb.setFaults(
      'latency=1-20:0.2,429:0.05,500:0.05,reset:0.03,truncate:0.03,malformed:0.03,wrongtype:0.03',
    );
    // Sync until one pass completes despite the faults.
    let ok = false;
    for (let i = 0; i < 40 && !ok; i++) {
      await acc.syncNow();
      ok = (await acc.handlers['sync.state']({ accountId: 'acc1' })).lastError === null;
    }
    expect(ok).toBe(true);
    const list = await acc.handlers['threads.list']({
      accountId: 'acc1',
      view: 'inbox',
      offset: 0,
      limit: 4,
    });
    const targets = list.rows.map((r) => r.id);
    await acc.handlers['threads.setStatusMany']({
      accountId: 'acc1',
      threadIds: targets,
      status: 'interested',
    });
    h.sb.admin.arriveReplies(4);
    for (let i = 0; i < 40; i++) {
      await acc.syncNow();
      const s = await acc.handlers['sync.state']({ accountId: 'acc1' });
      if (s.lastError === null && s.pendingChanges === 0) break;
      // Entries waiting for their backoff go now.
      for (const e of await acc.handlers['outbox.list']({ accountId: 'acc1' }))
        if (e.state !== 'uncertain') await acc.handlers['outbox.retry']({ accountId: 'acc1', entryId: e.id });
    }
    h.sb.setFaults(null);
    await acc.syncNow();
    expect(await acc.handlers['outbox.list']({ accountId: 'acc1' })).toEqual([]);
    const c = serverClient(h.sb);
    for (const id of targets) expect((await c.getThread(id)).status).toBe('interested');
    await expectStoreEqualsServer(h.sb, h.dir);
    expect(Object.keys(h.sb.stats().faults).length).toBeGreaterThanOrEqual(5);
    await acc.stop();
  }, 180_000);
});
