// Pausing and resuming a campaign through the outbox against the sandbox: the campaign changes
// at once, survives a pull until the service has it, a refused change stays with its error and
// discarding it puts the service's status back. Also the campaign's daily figures: the local
// activity by verdict (offline) and the service's daily statistics.
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeFile } from '../../electron/core/account/context';
import { harness, serverClient, type Harness } from './fixtures/core-harness';

const A = { accountId: 'acc1' };

describe('campaign status through the outbox', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness({ threads: 120, leads: 150, campaigns: 6 });
  });
  afterAll(() => h.cleanup());

  it('pauses at once, keeps the pause over a pull, and the service ends up paused', async () => {
    const acc = h.open();
    await acc.syncNow();
    const server = serverClient(h.sb);
    const active = (await server.listCampaigns()).data.find((c) => c.status === 'Active')!;
    const paused = await acc.handlers['campaigns.setStatus']({
      ...A,
      campaignId: active._id,
      status: 'Paused',
    });
    expect(paused).toMatchObject({ status: 'Paused', pending: true });
    const entry = (await acc.handlers['outbox.list'](A)).find((e) => e.kind === 'campaign_status');
    expect(entry?.summary).toContain('Paused');
    await acc.syncNow();
    expect((await server.getCampaign(active._id)).status).toBe('Paused');
    const local = (await acc.handlers['campaigns.list'](A)).find((c) => c.id === active._id);
    expect(local).toMatchObject({ status: 'Paused', pending: false });
    // Resume: back to Active on both sides.
    await acc.handlers['campaigns.setStatus']({ ...A, campaignId: active._id, status: 'Active' });
    await acc.syncNow();
    expect((await server.getCampaign(active._id)).status).toBe('Active');
    expect(await acc.handlers['outbox.list'](A)).toEqual([]);
    await acc.stop();
  });

  it('keeps a refused change with its error, and discarding it restores the service status', async () => {
    const acc = h.open();
    await acc.syncNow();
    // A campaign the service does not know (deleted there since): its change is refused with 404.
    const ghost = 'c0ffee0000000000000000aa';
    const db = new Database(storeFile(h.dir, null));
    db.prepare(
      `INSERT INTO campaigns (id, name, status, created_at, updated_at, raw) VALUES (?, 'Gone', 'Active', ?, ?, ?)`,
    ).run(
      ghost,
      '2026-01-01T00:00:00.000Z',
      '2026-01-01T00:00:00.000Z',
      JSON.stringify({ status: 'Active' }),
    );
    db.close();
    await acc.handlers['campaigns.setStatus']({ ...A, campaignId: ghost, status: 'Paused' });
    await acc.syncNow().catch(() => undefined);
    const failed = (await acc.handlers['outbox.list'](A)).find((e) => e.targetId === ghost);
    expect(failed?.state).toBe('failed');
    expect(failed?.lastError).toBeTruthy();
    await acc.handlers['outbox.discard']({ ...A, entryId: failed!.id });
    // Offline, a pause waits; discarding it shows the service's status again.
    const real = (await acc.handlers['campaigns.list'](A)).find((c) => c.status === 'Active')!;
    await h.sb.suspend();
    try {
      await acc.handlers['campaigns.setStatus']({ ...A, campaignId: real.id, status: 'Paused' });
      const waiting = (await acc.handlers['outbox.list'](A)).find((e) => e.targetId === real.id)!;
      expect(waiting.state).toBe('pending');
      await acc.handlers['outbox.discard']({ ...A, entryId: waiting.id });
      expect((await acc.handlers['campaigns.list'](A)).find((c) => c.id === real.id)).toMatchObject({
        status: 'Active',
        pending: false,
      });
    } finally {
      await h.sb.resume();
    }
    await acc.stop();
  });

  it('answers replies per day by verdict from the local store, and the service’s daily statistics', async () => {
    const acc = h.open();
    await acc.syncNow();
    const c = (await acc.handlers['campaigns.list'](A)).find((x) => x.threadCount > 0)!;
    const days = await acc.handlers['campaigns.activity']({
      ...A,
      campaignId: c.id,
      days: 400,
      utcOffsetMinutes: 0,
    });
    expect(days).toHaveLength(400);
    const total = days.reduce((n, d) => n + Object.values(d.byStatus).reduce((a, b) => a + b, 0), 0);
    // The seeded threads are at most 120 days old: every reply of the campaign is in the window.
    expect(total).toBe(c.threadCount);
    const byStatus: Record<string, number> = {};
    for (const d of days)
      for (const [s, n] of Object.entries(d.byStatus)) byStatus[s] = (byStatus[s] ?? 0) + n;
    expect(byStatus).toEqual(c.replyCounts);
    const daily = await acc.handlers['campaigns.dailyStatistics']({ ...A, campaignId: c.id });
    expect(daily).toHaveLength(30);
    expect(daily[29]!.date).toBe(new Date().toISOString().slice(0, 10));
    await acc.stop();
  });
});
