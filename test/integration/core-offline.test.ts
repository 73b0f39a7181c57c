import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { harness, requestsFor, serverClient, type Harness } from './fixtures/core-harness';

const A = { accountId: 'acc1' };

describe('offline work', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness({ threads: 200, leads: 300, campaigns: 5 });
  });
  afterAll(() => h.cleanup());

  it('shows actions at once, keeps them across a restart, and applies them exactly once when the service returns', async () => {
    let acc = h.open();
    await acc.syncNow();
    const [t1, t2] = (await acc.handlers['threads.list']({ ...A, view: 'inbox', offset: 0, limit: 2 })).rows;
    const campaign = (await acc.handlers['campaigns.list'](A))[0]!;
    const account = (await acc.handlers['emailAccounts.list'](A))[0]!;

    await h.sb.suspend();
    h.events.length = 0;
    await acc.handlers['threads.setStatus']({ ...A, threadId: t1!.id, status: 'interested' });
    await acc.handlers['threads.setStatus']({ ...A, threadId: t1!.id, status: 'meeting_booked' }); // replaces the first
    await acc.handlers['campaigns.rename']({ ...A, campaignId: campaign.id, name: 'Offline rename' });
    const queued = await acc.handlers['reply.send']({
      ...A,
      threadId: t2!.id,
      bodyHtml: '<p>Written on a plane</p>',
    });
    await acc.handlers['emailAccounts.update']({
      ...A,
      emailAccountIds: [account.id],
      signature: '<p>New sig</p>',
    });
    await acc.handlers['dnc.add']({ ...A, entries: ['blocked.example'] });
    expect(queued.delivery).toBe('queued');
    expect(queued.id).toBe(`local-${queued.outboxId}`);

    await acc.syncNow();
    const state = await acc.handlers['sync.state'](A);
    expect(state.online).toBe(false);
    expect(state.pendingChanges).toBe(5);
    expect(
      h.events.some((e) => e.name === 'connectivity' && (e.payload as { online: boolean }).online === false),
    ).toBe(true);

    // Close and reopen: everything is still there, still shown.
    await acc.stop();
    acc = h.open();
    const shown = await acc.handlers['threads.get']({ ...A, threadId: t1!.id });
    expect(shown!.thread.status).toBe('meeting_booked');
    expect(shown!.thread.pending).toBe(true);
    expect((await acc.handlers['campaigns.list'](A)).find((c) => c.id === campaign.id)!.name).toBe(
      'Offline rename',
    );
    const msgs = (await acc.handlers['threads.get']({ ...A, threadId: t2!.id }))!.messages;
    expect(msgs.at(-1)).toMatchObject({
      id: queued.id,
      delivery: 'queued',
      bodyHtml: '<p>Written on a plane</p>',
    });
    expect((await acc.handlers['emailAccounts.list'](A)).find((a) => a.id === account.id)!.signature).toBe(
      '<p>New sig</p>',
    );
    expect((await acc.handlers['outbox.list'](A)).map((e) => e.kind)).toEqual([
      'thread_status',
      'campaign_rename',
      'reply',
      'email_accounts',
      'dnc',
    ]);
    expect(
      (
        await acc.handlers['threads.list']({
          ...A,
          view: 'status',
          status: 'meeting_booked',
          offset: 0,
          limit: 500,
        })
      ).rows.map((r) => r.id),
    ).toContain(t1!.id);

    await h.sb.resume();
    const statusPuts = requestsFor(h.sb, /PUT .*status/);
    await acc.syncNow();
    expect(await acc.handlers['outbox.list'](A)).toEqual([]);
    expect(requestsFor(h.sb, /PUT .*status/) - statusPuts).toBe(1);
    const sent = h.sb.stats().replies.filter((r) => r.bodyHtml === '<p>Written on a plane</p>');
    expect(sent).toHaveLength(1);
    const c = serverClient(h.sb);
    expect((await c.getThread(t1!.id)).status).toBe('meeting_booked');
    expect((await c.getCampaign(campaign.id)).name).toBe('Offline rename');
    const serverAccount = (await c.listEmailAccounts()).data.find((a) => a._id === account.id)!;
    expect(serverAccount.signature).toBe('<p>New sig</p>');
    const after = (await acc.handlers['threads.get']({ ...A, threadId: t2!.id }))!.messages;
    expect(after.filter((m) => m.bodyHtml === '<p>Written on a plane</p>')).toHaveLength(1);
    expect(after.every((m) => m.delivery === 'sent')).toBe(true);
    expect((await acc.handlers['sync.state'](A)).online).toBe(true);

    // Another sync sends nothing again.
    await acc.syncNow();
    expect(h.sb.stats().replies.filter((r) => r.bodyHtml === '<p>Written on a plane</p>')).toHaveLength(1);
    await acc.stop();
  }, 60_000);

  it('tells the window once per change: what changed, and what waits now', async () => {
    const acc = h.open();
    acc.start();
    await acc.syncNow();
    const t = (await acc.handlers['threads.list']({ ...A, view: 'inbox', offset: 0, limit: 1 })).rows[0]!;
    h.events.length = 0;
    await acc.handlers['threads.setStatus']({ ...A, threadId: t.id, status: 'interested' });
    expect(h.events).toEqual([
      {
        name: 'data.changed',
        payload: {
          ...A,
          scopes: ['threads', 'outbox'],
          threadIds: [t.id],
          outbox: { pending: 1, failed: 0, uncertain: 0 },
        },
      },
    ]);
    // The change is pushed soon after: the service's confirmation is one event too. (The verdict
    // also teaches the rep's model, whose new suggestions for other threads are told apart.)
    const aboutOutbox = () =>
      h.events.filter((e) => (e.payload as { scopes?: string[] }).scopes?.includes('outbox'));
    await vi.waitFor(() => expect(aboutOutbox()).toHaveLength(2), { timeout: 10_000 });
    const confirmed = aboutOutbox()[1]!;
    expect(confirmed.name).toBe('data.changed');
    expect(confirmed.payload).toMatchObject({ ...A, threadIds: [t.id], outbox: { pending: 0 } });
    expect([...(confirmed.payload as { scopes: string[] }).scopes].sort()).toEqual(['outbox', 'threads']);
    await acc.stop();
  }, 60_000);

  it('a pending change is not clobbered by a pull', async () => {
    // Status changes cannot get through (the connection resets), but reads do.
    let block = true;
    const fetchWithBlock: typeof fetch = async (input, init) => {
      if (block && init?.method === 'PUT' && /\/inbox\/[0-9a-f]{24}\/status$/.test(String(input))) {
        throw Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNRESET' } });
      }
      return fetch(input, init);
    };
    const acc = h.open({ fetch: fetchWithBlock });
    await acc.syncNow();
    const t = (await acc.handlers['threads.list']({ ...A, view: 'inbox', offset: 0, limit: 1 })).rows[0]!;
    await acc.handlers['threads.setStatus']({ ...A, threadId: t.id, status: 'wrong_person' });
    h.sb.admin.arriveReplies(3);
    await acc.syncNow();
    const entries = await acc.handlers['outbox.list'](A);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.state).toBe('pending');
    expect(entries[0]!.lastError).toMatch(/connection to .* was cut/);
    expect((await acc.handlers['threads.get']({ ...A, threadId: t.id }))!.thread.status).toBe('wrong_person');
    expect((await serverClient(h.sb).getThread(t.id)).status).toBe('open');

    block = false;
    await acc.handlers['outbox.retry']({ ...A, entryId: entries[0]!.id });
    await acc.syncNow();
    expect(await acc.handlers['outbox.list'](A)).toEqual([]);
    expect((await serverClient(h.sb).getThread(t.id)).status).toBe('wrong_person');
    expect((await acc.handlers['threads.get']({ ...A, threadId: t.id }))!.thread).toMatchObject({
      status: 'wrong_person',
      pending: false,
    });
    await acc.stop();
  }, 60_000);

  it('answers reads offline, and online-only calls fail with a clear offline error', async () => {
    const acc = h.open();
    await acc.syncNow();
    await h.sb.suspend();
    try {
      const hits = await acc.handlers.search({ ...A, query: 'Re', limit: 5 });
      expect(hits.threads.length).toBeGreaterThan(0);
      const t = hits.threads[0]!;
      await expect(acc.handlers['reply.aiSuggestion']({ ...A, threadId: t.id })).rejects.toMatchObject({
        kind: 'offline',
      });
      const c = (await acc.handlers['campaigns.list'](A))[0]!;
      await expect(
        acc.handlers['campaigns.dailyStatistics']({ ...A, campaignId: c.id }),
      ).rejects.toMatchObject({
        kind: 'offline',
      });
    } finally {
      await h.sb.resume();
    }
    await acc.stop();
  });
});

describe('workspaces', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness({ threads: 120, leads: 150, campaigns: 4 });
  });
  afterAll(() => h.cleanup());

  it('keeps local data per workspace, and a workspace the key cannot use pauses the account', async () => {
    expect(h.sb.teams.length).toBeGreaterThanOrEqual(2);
    const states: string[] = [];
    const acc = h.open({ onStateChange: (s) => states.push(s) });
    acc.start();
    await acc.syncNow();
    const first = (await acc.handlers['threads.counts'](A)).all;
    expect(first).toBe(120);
    expect((await acc.handlers['sync.now'](A)) ?? null).toBeNull();

    await acc.setWorkspace(h.sb.teams[1]!.id);
    await acc.syncNow();
    const second = await acc.handlers['threads.counts'](A);
    expect(second.all).toBeGreaterThan(0);
    expect(second.all).not.toBe(first);
    const teamCampaigns = (await acc.handlers['campaigns.list'](A)).map((c) => c.id);
    await acc.setWorkspace(null);
    expect((await acc.handlers['threads.counts'](A)).all).toBe(first);
    expect((await acc.handlers['campaigns.list'](A)).map((c) => c.id)).not.toEqual(teamCampaigns);

    await acc.setWorkspace('0123456789abcdef01234567');
    await acc.syncNow();
    expect(states).toContain('forbidden');
    await expect(acc.handlers['sync.now'](A)).rejects.toMatchObject({ kind: 'forbidden' });
    await acc.stop();
  });
});
