// One test per way a rep's intent used to get lost (each failed before the outbox became one
// state machine): the sandbox over HTTP, SQLite on disk, and a proxy that holds a request in
// flight or answers in the service's place so the test can act while it is on the wire.
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ThreadRow } from '../../electron/shared/contract';
import type { AccountService } from '../../electron/core/account/service';
import Database from 'better-sqlite3';
import { parseRetryAfter } from '../../electron/core/api/errors';
import { silentLogger } from '../../electron/core/log';
import { openStore } from '../../electron/core/store/index';
import { pushOutbox } from '../../electron/core/outbox/push';
import { harness, serverClient, type Harness } from './fixtures/core-harness';
import { createProxy, route, type Proxy } from '../reliability/proxy';

const A = { accountId: 'acc1' };
const statusPut = (id: string) => route('PUT', new RegExp(`/inbox/${id}/status$`));

let h: Harness | null = null;
afterEach(async () => {
  await h?.cleanup();
  h = null;
});

async function setup(): Promise<{ h: Harness; proxy: Proxy; acc: AccountService; rows: ThreadRow[] }> {
  h = await harness({ threads: 60, leads: 30, campaigns: 4 });
  const proxy = createProxy();
  const acc = h.open({ fetch: proxy.fetch, pushBackoff: { baseMs: 1, maxMs: 2 } });
  await acc.syncNow();
  // Untriaged threads, so every verdict below is a change.
  const rows = (await acc.handlers['threads.list']({ ...A, view: 'all', offset: 0, limit: 60 })).rows.filter(
    (r) => r.status === 'open',
  );
  expect(rows.length).toBeGreaterThanOrEqual(20);
  return { h, proxy, acc, rows };
}

/** Waits for a condition (never for a time): true once it holds, false if it never did. */
async function waitFor(cond: () => boolean | Promise<boolean>, limitMs = 8000): Promise<boolean> {
  const end = Date.now() + limitMs;
  while (Date.now() < end) {
    if (await cond()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return cond();
}

const serverStatus = async (hh: Harness, id: string) => (await serverClient(hh.sb).getThread(id)).status;
const localStatus = async (acc: AccountService, id: string) =>
  (await acc.handlers['threads.get']({ ...A, threadId: id }))!.thread.status;

/** Syncs until nothing waits (faults are off by then). */
async function settle(acc: AccountService): Promise<void> {
  for (let i = 0; i < 10; i++) {
    await acc.syncNow();
    const s = await acc.handlers['sync.state'](A);
    if (s.pendingChanges === 0 && s.lastError === null) return;
  }
}

describe('outbox scenarios: a rep’s intent is never lost', () => {
  it('1. a newer verdict on B made while A is on the wire reaches the service and stays shown', async () => {
    const { h, proxy, acc, rows } = await setup();
    const [a, b] = [rows[0]!.id, rows[1]!.id];
    await acc.handlers['threads.setStatus']({ ...A, threadId: a, status: 'interested' });
    await acc.handlers['threads.setStatus']({ ...A, threadId: b, status: 'interested' });
    const held = proxy.hold(statusPut(a));
    const sync = acc.syncNow();
    const onWire = await held;
    await acc.handlers['threads.setStatus']({ ...A, threadId: b, status: 'meeting_booked' });
    onWire.release();
    await sync;
    await settle(acc);
    expect(await serverStatus(h, b)).toBe('meeting_booked');
    expect(await localStatus(acc, b)).toBe('meeting_booked');
  });

  it('2. a reply discarded while the thread is checked before sending is never sent', async () => {
    const { h, proxy, acc, rows } = await setup();
    const t = rows[2]!.id;
    const body = '<p>take this back</p>';
    const queued = await acc.handlers['reply.send']({ ...A, threadId: t, bodyHtml: body });
    const held = proxy.hold(route('GET', new RegExp(`/inbox/${t}$`)));
    const sync = acc.syncNow();
    const check = await held;
    await acc.handlers['outbox.discard']({ ...A, entryId: queued.outboxId! });
    check.release();
    await sync;
    await settle(acc);
    expect(h.sb.stats().replies.filter((r) => r.bodyHtml === body)).toHaveLength(0);
    expect(await acc.handlers['outbox.list'](A)).toEqual([]);
  });

  it('3. a refused verdict stops showing once a later verdict on the thread is accepted', async () => {
    const { h, proxy, acc, rows } = await setup();
    const t = rows[3]!.id;
    proxy.fault(statusPut(t), { kind: 'status', status: 422 });
    await acc.handlers['threads.setStatus']({ ...A, threadId: t, status: 'wrong_person' });
    await acc.syncNow();
    expect((await acc.handlers['outbox.list'](A)).map((e) => e.state)).toEqual(['failed']);
    await acc.handlers['threads.setStatus']({ ...A, threadId: t, status: 'interested' });
    await settle(acc);
    expect(await serverStatus(h, t)).toBe('interested');
    expect(await localStatus(acc, t)).toBe('interested');
    expect(await acc.handlers['outbox.list'](A)).toEqual([]);
  });

  it('4. an undo of a verdict waiting in back-off wins on the service', async () => {
    const { h, proxy, acc, rows } = await setup();
    const t = rows[4]!.id;
    // The service applies the verdict but the answer is lost: the entry waits in back-off.
    // (Four times: more than any quick retry inside one push.)
    proxy.fault(statusPut(t), { kind: 'status', status: 503, applied: true }, 4);
    const r = await acc.handlers['threads.setStatus']({ ...A, threadId: t, status: 'not_interested' });
    await acc.syncNow();
    expect((await acc.handlers['outbox.list'](A)).map((e) => e.state)).toEqual(['pending']);
    expect(await serverStatus(h, t)).toBe('not_interested');
    await acc.handlers['threads.restoreStatuses']({ ...A, previous: r.previous });
    expect(await localStatus(acc, t)).toBe('open');
    await settle(acc);
    expect(await serverStatus(h, t)).toBe('open');
    expect(await localStatus(acc, t)).toBe('open');
  });

  it('5. five verdict+undo pairs during a held pull: rows come back at once, the service ends open, and pushes go while the pull is held', async () => {
    const { h, proxy, acc, rows } = await setup();
    acc.start();
    await settle(acc);
    const ids = rows.slice(5, 10).map((r) => r.id);
    const pull = proxy.hold(route('GET', /\/campaigns$/));
    const sync = acc.syncNow();
    const heldPull = await pull;
    for (const id of ids) {
      const r = await acc.handlers['threads.setStatus']({ ...A, threadId: id, status: 'interested' });
      await acc.handlers['threads.restoreStatuses']({ ...A, previous: r.previous });
      expect(await localStatus(acc, id)).toBe('open');
    }
    const verdict = rows[10]!.id;
    await acc.handlers['threads.setStatus']({ ...A, threadId: verdict, status: 'meeting_booked' });
    const arrived = await waitFor(async () => (await serverStatus(h, verdict)) === 'meeting_booked');
    heldPull.release();
    await sync;
    expect(arrived).toBe(true);
    await settle(acc);
    for (const id of ids) expect(await serverStatus(h, id)).toBe('open');
  });

  it('6. steady triage does not postpone pushes: the first change is pushed while changes keep coming', async () => {
    const { h, acc, rows } = await setup();
    acc.start();
    await settle(acc);
    const first = rows[11]!.id;
    await acc.handlers['threads.setStatus']({ ...A, threadId: first, status: 'interested' });
    let pushedWhileBusy = false;
    for (let i = 0; i < 40 && !pushedWhileBusy; i++) {
      // A keypress every tenth of a second, each a change (two threads flipping back and forth).
      await new Promise((r) => setTimeout(r, 100));
      const id = rows[12 + (i % 2)]!.id;
      await acc.handlers['threads.setStatus']({ ...A, threadId: id, status: i % 4 < 2 ? 'closed' : 'open' });
      pushedWhileBusy = (await serverStatus(h, first)) === 'interested';
    }
    expect(pushedWhileBusy).toBe(true);
  });

  it('7. a 404 from the messages list keeps the thread, its draft and snooze unless the thread itself is gone', async () => {
    const { h, proxy, acc, rows } = await setup();
    const t = rows[14]!.id;
    await acc.handlers['drafts.save']({ ...A, threadId: t, bodyHtml: '<p>half written</p>' });
    const until = new Date(Date.now() + 86_400_000).toISOString();
    await acc.handlers['threads.snooze']({ ...A, threadIds: [t], until });
    h.sb.admin.addMessage(t, { direction: 'inbound', bodyHtml: '<p>new</p>' });
    proxy.fault(route('GET', new RegExp(`/inbox/${t}/messages$`)), { kind: 'status', status: 404 }, 100);
    await acc.syncNow();
    await acc.syncNow();
    const got = await acc.handlers['threads.get']({ ...A, threadId: t });
    expect(got?.draft).toBe('<p>half written</p>');
    expect(got?.thread.snoozedUntil).toBe(until);
  });

  it('8. a workspace id that is not an ObjectId never becomes a file path', async () => {
    h = await harness({ threads: 5, leads: 5, campaigns: 4 });
    const name = `escaped-${process.pid}-${Date.now()}`;
    const acc = h.open({ workspaceId: `/../../${name}` });
    await expect(acc.handlers['threads.list']({ ...A, view: 'all', offset: 0, limit: 5 })).rejects.toThrow(
      /not a valid id/,
    );
    // `data-/../../<name>.sqlite` would land beside the account's folder, outside it.
    expect(readdirSync(dirname(h.dir)).filter((f) => f.startsWith(name))).toEqual([]);
    expect(existsSync(join(h.dir, '..', `${name}.sqlite`))).toBe(false);
  });

  it('9a. an incomplete campaign pass prunes nothing', async () => {
    const { h, proxy, acc } = await setup();
    const before = await acc.handlers['campaigns.list'](A);
    proxy.rewrite(route('GET', /\/campaigns$/), (json) => {
      const j = json as { data: unknown[] };
      return { ...j, data: j.data.slice(1) };
    });
    await acc.syncNow();
    expect((await acc.handlers['campaigns.list'](A)).map((c) => c.id).sort()).toEqual(
      before.map((c) => c.id).sort(),
    );
    void h;
  });

  it('9b. a message deleted on the service while a thread’s messages are paged drops no other message', async () => {
    const { h, proxy, acc, rows } = await setup();
    const t = rows[15]!.id;
    for (let i = 0; i < 105; i++)
      h.sb.admin.addMessage(t, { direction: 'inbound', bodyHtml: `<p>m${i}</p>` });
    // Page 2 answers as if a message of page 1 was deleted meanwhile: everything shifts by one,
    // so the first message of page 2 is skipped.
    proxy.rewrite(
      (r) =>
        r.method === 'GET' &&
        r.url.pathname.endsWith(`/inbox/${t}/messages`) &&
        r.url.searchParams.get('page') === '2',
      (json) => {
        const j = json as { data: unknown[]; pagination: { total: number } };
        return {
          ...j,
          data: j.data.slice(1),
          pagination: { ...j.pagination, total: j.pagination.total - 1 },
        };
      },
    );
    await acc.syncNow();
    const service = [];
    const c = serverClient(h.sb);
    for await (const p of c.pages((page, limit) => c.listMessages(t, { page, limit })))
      service.push(...p.data);
    await acc.syncNow();
    const after = new Set(
      (await acc.handlers['threads.get']({ ...A, threadId: t }))!.messages.map((m) => m.id),
    );
    expect(service.every((m) => after.has(m._id))).toBe(true);
  });

  it('9c. the sending mark of a reply is on disk with a full fsync before the request leaves', async () => {
    const { acc, rows } = await setup();
    const t = rows[16]!.id;
    await acc.handlers['reply.send']({ ...A, threadId: t, bodyHtml: '<p>durable</p>' });
    await acc.stop();
    // The push itself, with the store on disk and a client that notes what is committed when the
    // request leaves and with which durability the store wrote it.
    const store = openStore(join(h!.dir, 'data-default.sqlite'));
    const levels: string[] = [];
    const pragma = store.db.pragma.bind(store.db);
    store.db.pragma = ((source: string, options?: { simple?: boolean }) => {
      if (/^synchronous\s*=/.test(source)) levels.push(source.replace(/\s+/g, ' '));
      return pragma(source, options);
    }) as typeof store.db.pragma;
    const onWire: { state: string | undefined; levels: string[] }[] = [];
    const real = serverClient(h!.sb);
    const client = {
      ...real,
      reply: async (...args: Parameters<typeof real.reply>) => {
        const reader = new Database(join(h!.dir, 'data-default.sqlite'), { readonly: true });
        const state = reader.prepare(`SELECT state FROM outbox WHERE kind = 'reply'`).pluck().get() as string;
        reader.close();
        onWire.push({ state, levels: [...levels] });
        return real.reply(...args);
      },
    };
    await pushOutbox({ client, store, log: silentLogger, signal: new AbortController().signal });
    store.close();
    expect(onWire).toEqual([{ state: 'sending', levels: ['synchronous = FULL', 'synchronous = NORMAL'] }]);
  });

  it('9d. a reply answered with a redirect is not posted again, and is marked uncertain', async () => {
    const { h, proxy, acc, rows } = await setup();
    const t = rows[17]!.id;
    const body = '<p>only once</p>';
    proxy.fault(route('POST', new RegExp(`/inbox/${t}/reply$`)), { kind: 'redirect', status: 303 });
    await acc.handlers['reply.send']({ ...A, threadId: t, bodyHtml: body });
    await acc.syncNow();
    await acc.syncNow();
    expect(h.sb.stats().replies.filter((r) => r.bodyHtml === body)).toHaveLength(1);
    expect((await acc.handlers['outbox.list'](A)).map((e) => e.state)).toEqual(['uncertain']);
  });

  it('9e. a pull stalled by a long Retry-After does not hold a verdict back, and the wait is capped', async () => {
    const { h, proxy, acc, rows } = await setup();
    acc.start();
    await settle(acc);
    expect(parseRetryAfter('600')).toBeLessThanOrEqual(60_000);
    proxy.fault(route('GET', /\/campaigns$/), { kind: 'status', status: 429, retryAfter: 600 }, 5);
    const sync = acc.syncNow();
    await waitFor(() => proxy.requests.some((r) => r.url.pathname.endsWith('/campaigns')));
    const t = rows[18]!.id;
    await acc.handlers['threads.setStatus']({ ...A, threadId: t, status: 'out_of_office' });
    expect(await waitFor(async () => (await serverStatus(h, t)) === 'out_of_office')).toBe(true);
    await acc.stop();
    await sync;
  });
});
