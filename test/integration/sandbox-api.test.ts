// Every operation of api.md against the sandbox over real HTTP: shapes, the seed's four rules,
// paging at the edges, validation and error answers, and workspace isolation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../electron/sandbox/index';
import { call, SMALL } from './sandbox-client';

let sb: Sandbox;
const OBJECT_ID = /^[0-9a-f]{24}$/;
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UNKNOWN_ID = 'ffffffffffffffffffffffff';

beforeAll(async () => {
  sb = await startSandbox({ ...SMALL, seed: 7 });
});
afterAll(async () => {
  await sb.close();
});

const get = (path: string, headers?: Record<string, string>) =>
  call(sb, 'GET', path, headers ? { headers } : {});
const send = (method: string, path: string, body?: unknown) => call(sb, method, path, { body });

async function firstThread() {
  return (await get('/inbox?limit=1')).json.data[0];
}

function expectError(
  a: { status: number; json: { error: { code: string; message: string } } },
  status: number,
  code: string,
) {
  expect(a.status).toBe(status);
  expect(a.json.error.code).toBe(code);
  expect(typeof a.json.error.message).toBe('string');
}

describe('lists answer {data, pagination} (seed rule 1)', () => {
  it('GET /campaigns returns campaigns newest first with every status and real time zones', async () => {
    const a = await get('/campaigns?limit=100');
    expect(a.status).toBe(200);
    expect(Object.keys(a.json)).toEqual(['data', 'pagination']);
    expect(a.json.pagination).toEqual({ page: 1, limit: 100, total: 12, totalPages: 1 });
    const statuses = new Set(a.json.data.map((c: { status: string }) => c.status));
    expect([...statuses].sort()).toEqual(['Active', 'Completed', 'Draft', 'Paused']);
    for (const c of a.json.data) {
      expect(Object.keys(c)).toEqual([
        '_id',
        'name',
        'status',
        'emailAccounts',
        'tags',
        'dailyLimit',
        'schedule',
        'createdAt',
        'updatedAt',
      ]);
      expect(c._id).toMatch(OBJECT_ID);
      expect(c.createdAt).toMatch(ISO_MS);
      expect(Number.isInteger(c.dailyLimit)).toBe(true);
      // A real IANA zone: Intl accepts it.
      expect(() => new Intl.DateTimeFormat('en', { timeZone: c.schedule.timezone })).not.toThrow();
      expect(c.schedule.startHour).toBeLessThan(c.schedule.endHour);
    }
    const keys = a.json.data.map((c: { createdAt: string; _id: string }) => c.createdAt + c._id);
    expect(keys).toEqual([...keys].sort().reverse());
  });

  it('GET /inbox returns threads by lastMessageAt desc, with prospect details from their lead', async () => {
    const a = await get('/inbox?limit=50');
    expect(a.status).toBe(200);
    expect(a.json.pagination).toEqual({ page: 1, limit: 50, total: 200, totalPages: 4 });
    const t = a.json.data[0];
    expect(Object.keys(t)).toEqual([
      '_id',
      'prospectId',
      'campaignId',
      'emailAccountId',
      'status',
      'prospect',
      'lastMessageAt',
      'createdAt',
    ]);
    const lead = (await get(`/leads/${t.prospectId}`)).json;
    expect(t.prospect).toEqual({
      email: lead.email,
      firstName: lead.firstName,
      lastName: lead.lastName,
      company: lead.company,
    });
    const order = a.json.data.map((x: { lastMessageAt: string; _id: string }) => x.lastMessageAt + x._id);
    expect(order).toEqual([...order].sort().reverse());
  });

  it('GET /inbox?status= filters exactly and most threads are open', async () => {
    const all = (await get('/inbox?limit=1')).json.pagination.total;
    const open = await get('/inbox?status=open&limit=100');
    expect(open.json.pagination.total).toBeGreaterThan(all / 3);
    expect(open.json.data.every((t: { status: string }) => t.status === 'open')).toBe(true);
    const none = await get('/inbox?status=OPEN');
    expect(none.json.data).toEqual([]);
    expect(none.json.pagination.total).toBe(0);
    let sum = 0;
    for (const s of [
      'open',
      'interested',
      'meeting_booked',
      'not_interested',
      'out_of_office',
      'wrong_person',
      'closed',
    ]) {
      const n = (await get(`/inbox?status=${s}&limit=1`)).json.pagination.total;
      expect(n, s).toBeGreaterThan(0);
      sum += n;
    }
    expect(sum).toBe(all);
  });
});

describe('paging', () => {
  it('walks every page without gaps or repeats, and a page past the end is empty with true totals', async () => {
    const seen = new Set<string>();
    for (let page = 1; page <= 3; page++) {
      const a = await get(`/inbox?page=${page}&limit=90`);
      expect(a.json.pagination).toEqual({ page, limit: 90, total: 200, totalPages: 3 });
      expect(a.json.data.length).toBe(page < 3 ? 90 : 20);
      for (const t of a.json.data) seen.add(t._id);
    }
    expect(seen.size).toBe(200);
    const past = await get('/inbox?page=4&limit=90');
    expect(past.status).toBe(200);
    expect(past.json).toEqual({ data: [], pagination: { page: 4, limit: 90, total: 200, totalPages: 3 } });
  });

  it('defaults to page 1, limit 20, and accepts the bounds 1 and 100', async () => {
    expect((await get('/campaigns')).json.pagination).toEqual({
      page: 1,
      limit: 20,
      total: 12,
      totalPages: 1,
    });
    expect((await get('/inbox?limit=1')).json.data).toHaveLength(1);
    expect((await get('/inbox?limit=100')).json.data).toHaveLength(100);
    expect((await get('/inbox?limit=7')).json.pagination.totalPages).toBe(Math.ceil(200 / 7));
  });

  it.each([
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=1.5', 'page'],
    ['page=abc', 'page'],
    ['page=', 'page'],
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=2e1', 'limit'],
    ['limit=%2010', 'limit'],
  ])('refuses %s with 400 naming %s', async (query, field) => {
    for (const path of ['/inbox', '/campaigns', '/email-accounts', '/email-account-tags', '/teams']) {
      const a = await get(`${path}?${query}`);
      expectError(a, 400, 'invalid_request');
      expect(a.json.error.details).toEqual({ field });
    }
  });
});

describe('single records and ids', () => {
  it('GET /inbox/{id}, /campaigns/{id}, /leads/{id} return the record; unknown ids 404; malformed 400', async () => {
    const t = await firstThread();
    expect((await get(`/inbox/${t._id}`)).json).toEqual(t);
    const c = (await get('/campaigns?limit=1')).json.data[0];
    expect((await get(`/campaigns/${c._id}`)).json).toEqual(c);
    for (const base of ['/inbox', '/campaigns', '/leads', '/inbox/ID/messages', '/campaigns/ID/statistics']) {
      const path = base.includes('ID') ? base : `${base}/ID`;
      expectError(await get(path.replace('ID', UNKNOWN_ID)), 404, 'not_found');
      const bad = await get(path.replace('ID', 'not-an-id'));
      expectError(bad, 400, 'invalid_request');
      expect(bad.json.error.details.field).toMatch(/Id$|_id$/);
      expectError(await get(path.replace('ID', t._id.toUpperCase())), 400, 'invalid_request');
    }
  });

  it('answers 404 for unknown paths and methods, outside the base path too', async () => {
    expectError(await get('/nope'), 404, 'not_found');
    expectError(await get('/inbox/x/y/z'), 404, 'not_found');
    expectError(await send('DELETE', '/campaigns'), 404, 'not_found');
    const outside = await fetch(sb.url.replace('/v1', '/v2/inbox'), { headers: { 'x-api-key': sb.apiKey } });
    expect(outside.status).toBe(404);
  });
});

describe('messages, replies and AI replies', () => {
  it('lists messages oldest first, 1..8 per thread, inbound and outbound, with bodies and subjects', async () => {
    const threads = (await get('/inbox?limit=30')).json.data;
    const directions = new Set<string>();
    for (const t of threads) {
      const a = await get(`/inbox/${t._id}/messages?limit=100`);
      expect(a.status).toBe(200);
      const msgs = a.json.data;
      expect(msgs.length).toBeGreaterThanOrEqual(1);
      expect(msgs.length).toBeLessThanOrEqual(8);
      const times = msgs.map((m: { sentAt: string }) => m.sentAt);
      expect(times).toEqual([...times].sort());
      expect(msgs.at(-1).sentAt).toBe(t.lastMessageAt);
      for (const m of msgs) {
        directions.add(m.direction);
        expect(m.chatThreadId).toBe(t._id);
        expect(typeof m.bodyHtml).toBe('string');
        expect(typeof m.bodyText).toBe('string');
        expect(m.sentAt).toMatch(ISO_MS);
        const prospect = m.direction === 'inbound' ? m.from : m.to[0];
        expect(prospect.email).toBe(t.prospect.email);
      }
      if (msgs.length > 1) expect(msgs[1].subject.startsWith('Re: ')).toBe(true);
    }
    expect([...directions].sort()).toEqual(['inbound', 'outbound']);
  });

  it('carries hostile and awkward bodies: scripts, handlers, javascript: links, iframes, pixels, RTL, emoji, ~1 MB', async () => {
    const bodies: string[] = [];
    for (let page = 1; page <= 2; page++) {
      for (const t of (await get(`/inbox?limit=100&page=${page}`)).json.data) {
        for (const m of (await get(`/inbox/${t._id}/messages?limit=100`)).json.data) bodies.push(m.bodyHtml);
      }
    }
    const has = (re: RegExp) => bodies.some((b) => re.test(b));
    expect(has(/<script/i)).toBe(true);
    expect(has(/onerror=/i)).toBe(true);
    expect(has(/href="javascript:/i)).toBe(true);
    expect(has(/href="data:/i)).toBe(true);
    expect(has(/<svg/i)).toBe(true);
    expect(has(/<iframe/i)).toBe(true);
    expect(has(/<form/i)).toBe(true);
    expect(has(/<style>/i)).toBe(true);
    expect(has(/width="1" height="1"/)).toBe(true);
    expect(has(/dir="rtl"/)).toBe(true);
    expect(has(/\p{Extended_Pictographic}/u)).toBe(true);
    expect(has(/<blockquote>/)).toBe(true);
    expect(has(/class="signature"/)).toBe(true);
    expect(Math.max(...bodies.map((b) => b.length))).toBeGreaterThan(900_000);
  });

  it('a reply stores an outbound message, moves lastMessageAt, and is recorded once', async () => {
    const t = await firstThread();
    const before = sb.stats().replies.length;
    const a = await send('POST', `/inbox/${t._id}/reply`, { bodyHtml: '<p>Thanks, talk soon!</p>' });
    expect(a.status).toBe(200);
    expect(a.json).toMatchObject({
      chatThreadId: t._id,
      direction: 'outbound',
      bodyHtml: '<p>Thanks, talk soon!</p>',
      bodyText: 'Thanks, talk soon!',
      emailAccountId: t.emailAccountId,
      to: [{ email: t.prospect.email }],
    });
    expect(a.json._id).toMatch(OBJECT_ID);
    expect(a.json.subject.startsWith('Re: ')).toBe(true);
    const after = (await get(`/inbox/${t._id}`)).json;
    expect(after.lastMessageAt).toBe(a.json.sentAt);
    expect(after.lastMessageAt > t.lastMessageAt).toBe(true);
    const msgs = (await get(`/inbox/${t._id}/messages?limit=100`)).json.data;
    expect(msgs.at(-1)._id).toBe(a.json._id);
    const replies = sb.stats().replies;
    expect(replies.length).toBe(before + 1);
    expect(replies.at(-1)).toEqual({
      threadId: t._id,
      bodyHtml: '<p>Thanks, talk soon!</p>',
      at: a.json.sentAt,
    });
    expect((await get('/inbox?limit=1')).json.data[0]._id).toBe(t._id);
  });

  it('a reply may name another account of the team; bad replies change nothing', async () => {
    const t = (await get('/inbox?limit=1&page=5')).json.data[0];
    const account = (await get('/email-accounts?limit=100')).json.data.find(
      (x: { _id: string }) => x._id !== t.emailAccountId,
    );
    const ok = await send('POST', `/inbox/${t._id}/reply`, { bodyHtml: 'Hi', emailAccountId: account._id });
    expect(ok.json.emailAccountId).toBe(account._id);
    expect(ok.json.from.email).toBe(account.email);
    const count = (await get(`/inbox/${t._id}/messages`)).json.pagination.total;
    const repliesBefore = sb.stats().replies.length;
    expectError(await send('POST', `/inbox/${t._id}/reply`, { bodyHtml: '   ' }), 400, 'invalid_request');
    expectError(await send('POST', `/inbox/${t._id}/reply`, {}), 400, 'invalid_request');
    expectError(
      await send('POST', `/inbox/${t._id}/reply`, { bodyHtml: 'x', cc: 'a' }),
      400,
      'invalid_request',
    );
    expectError(
      await send('POST', `/inbox/${t._id}/reply`, { bodyHtml: 'x', emailAccountId: UNKNOWN_ID }),
      404,
      'not_found',
    );
    expectError(await send('POST', `/inbox/${UNKNOWN_ID}/reply`, { bodyHtml: 'x' }), 404, 'not_found');
    expect((await get(`/inbox/${t._id}/messages`)).json.pagination.total).toBe(count);
    expect(sb.stats().replies.length).toBe(repliesBefore);
  });

  it('AI reply is plain text, addressed to the prospect, and the same for the same thread', async () => {
    const t = (await get('/inbox?limit=1&page=3')).json.data[0];
    const a = await send('POST', `/inbox/${t._id}/ai-reply`, {});
    expect(a.status).toBe(200);
    expect(Object.keys(a.json)).toEqual(['suggestion']);
    expect(a.json.suggestion).toContain(t.prospect.firstName);
    expect(a.json.suggestion).not.toMatch(/<[a-z]/i);
    expect((await call(sb, 'POST', `/inbox/${t._id}/ai-reply`)).json).toEqual(a.json);
    expectError(await send('POST', `/inbox/${t._id}/ai-reply`, { tone: 'warm' }), 400, 'invalid_request');
  });

  it('PUT /inbox/{id}/status sets a known status and refuses others', async () => {
    const t = (await get('/inbox?status=open&limit=1')).json.data[0];
    const a = await send('PUT', `/inbox/${t._id}/status`, { status: 'meeting_booked' });
    expect(a.status).toBe(200);
    expect(a.json).toEqual({ ...t, status: 'meeting_booked' });
    const bad = await send('PUT', `/inbox/${t._id}/status`, { status: 'archived' });
    expectError(bad, 400, 'invalid_request');
    expect(bad.json.error.details).toEqual({ field: 'status' });
    expect((await get(`/inbox/${t._id}`)).json.status).toBe('meeting_booked');
  });
});

describe('campaigns', () => {
  it('rename changes only the name and updatedAt and returns the whole campaign (seed rule 3)', async () => {
    const c = (await get('/campaigns?limit=1&page=2')).json.data[0];
    const a = await send('PUT', `/campaigns/${c._id}/rename`, { name: '  Spring push  ' });
    expect(a.status).toBe(200);
    const { name, updatedAt, ...rest } = a.json;
    const { name: _n, updatedAt: oldUpdated, ...oldRest } = c;
    expect(name).toBe('Spring push');
    expect(rest).toEqual(oldRest);
    expect(updatedAt).toMatch(ISO_MS);
    expect(updatedAt).not.toBe(oldUpdated);
    expect((await get(`/campaigns/${c._id}`)).json).toEqual(a.json);
  });

  it('rename refuses empty, over-long, missing, mistyped and extra fields, changing nothing', async () => {
    const c = (await get('/campaigns?limit=1')).json.data[0];
    for (const body of [
      { name: '   ' },
      { name: 'x'.repeat(201) },
      {},
      { name: 5 },
      { name: 'ok', status: 'Active' },
    ]) {
      const a = await send('PUT', `/campaigns/${c._id}/rename`, body);
      expectError(a, 400, 'invalid_request');
      expect(a.json.error.details.field).toMatch(/^(name|status)$/);
    }
    expectError(
      await call(sb, 'PUT', `/campaigns/${c._id}/rename`, { rawBody: '{"name":' }),
      400,
      'invalid_request',
    );
    expectError(await send('PUT', `/campaigns/${UNKNOWN_ID}/rename`, { name: 'x' }), 404, 'not_found');
    expect((await get(`/campaigns/${c._id}`)).json).toEqual(c);
  });

  it('status update accepts the four statuses only', async () => {
    const c = (await get('/campaigns?limit=1&page=3')).json.data[0];
    const a = await send('PUT', `/campaigns/${c._id}/status`, { status: 'Paused' });
    expect(a.json.status).toBe('Paused');
    expect(a.json.name).toBe(c.name);
    expectError(
      await send('PUT', `/campaigns/${c._id}/status`, { status: 'paused' }),
      400,
      'invalid_request',
    );
  });

  it('statistics are integers and count the campaign threads', async () => {
    const c = (await get('/inbox?limit=1')).json.data[0].campaignId;
    const s = (await get(`/campaigns/${c}/statistics`)).json;
    expect(Object.keys(s).sort()).toEqual(['bounced', 'interested', 'opened', 'replied', 'sent']);
    for (const v of Object.values(s)) expect(Number.isInteger(v)).toBe(true);
    expect(s.replied).toBeGreaterThan(0);
    expect(s.interested).toBeLessThanOrEqual(s.replied);
  });
});

describe('daily campaign statistics', () => {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const DAY = 86_400_000;

  it('answers the last 30 UTC days by default, oldest first, zeros included', async () => {
    const c = (await get('/inbox?limit=1')).json.data[0].campaignId;
    const a = await get(`/campaigns/${c}/daily-statistics`);
    expect(a.status).toBe(200);
    expect(Object.keys(a.json)).toEqual(['data']);
    expect(a.json.data).toHaveLength(30);
    expect(a.json.data[29].date).toBe(day(Date.now()));
    expect(a.json.data[0].date).toBe(day(Date.now() - 29 * DAY));
    for (const d of a.json.data) {
      expect(Object.keys(d)).toEqual(['date', 'sent', 'opened', 'replied', 'bounced', 'interested']);
      for (const k of ['sent', 'opened', 'replied', 'bounced', 'interested'])
        expect(Number.isInteger(d[k]) && d[k] >= 0).toBe(true);
    }
  });

  it('adds up to the aggregate statistics over the campaign’s whole life', async () => {
    const campaigns = (await get('/campaigns?limit=100')).json.data as { _id: string; createdAt: string }[];
    for (const c of campaigns.slice(0, 4)) {
      const total = { sent: 0, opened: 0, replied: 0, bounced: 0, interested: 0 };
      // In ranges of at most 366 days from well before the campaign's first day to today.
      const start = Date.parse(c.createdAt.slice(0, 10)) - 2 * 366 * DAY;
      for (let from = start; from <= Date.now(); from += 366 * DAY) {
        const to = Math.min(from + 365 * DAY, Date.now());
        const a = await get(`/campaigns/${c._id}/daily-statistics?from=${day(from)}&to=${day(to)}`);
        expect(a.status).toBe(200);
        for (const d of a.json.data)
          for (const k of Object.keys(total)) total[k as keyof typeof total] += d[k];
      }
      expect(total).toEqual((await get(`/campaigns/${c._id}/statistics`)).json);
    }
  });

  it('refuses bad or too long ranges and unknown campaigns', async () => {
    const c = (await get('/inbox?limit=1')).json.data[0].campaignId;
    const path = `/campaigns/${c}/daily-statistics`;
    expectError(await get(`${path}?from=2026-02-30`), 400, 'invalid_request');
    expectError(await get(`${path}?from=yesterday`), 400, 'invalid_request');
    expectError(await get(`${path}?from=2026-03-02&to=2026-03-01`), 400, 'invalid_request');
    expectError(await get(`${path}?from=2025-01-01&to=2026-01-02`), 400, 'invalid_request');
    expect((await get(`${path}?from=2025-01-01&to=2026-01-01`)).json.data).toHaveLength(366);
    expectError(await get(`/campaigns/${UNKNOWN_ID}/daily-statistics`), 404, 'not_found');
    expectError(await get(`/campaigns/nope/daily-statistics`), 400, 'invalid_request');
  });
});

describe('leads (seed rule 4: a query, never a creation)', () => {
  it('POST /leads pages over all leads, newest first, and creates nothing', async () => {
    const a = await send('POST', '/leads', { filters: {}, page: 1, limit: 100 });
    expect(a.status).toBe(200);
    expect(a.json.pagination).toEqual({ page: 1, limit: 100, total: 400, totalPages: 4 });
    const l = a.json.data[0];
    expect(Object.keys(l)).toEqual([
      '_id',
      'email',
      'firstName',
      'lastName',
      'company',
      'title',
      'phone',
      'linkedinUrl',
      'website',
      'location',
      'industry',
      'customFields',
      'leadListId',
      'status',
      'createdAt',
    ]);
    expect((await get(`/leads/${l._id}`)).json).toEqual(l);
    const order = a.json.data.map((x: { createdAt: string; _id: string }) => x.createdAt + x._id);
    expect(order).toEqual([...order].sort().reverse());
    // Posting a lead-shaped filter twice still finds, never adds.
    await send('POST', '/leads', { filters: { email: 'new.person@example.com' } });
    expect((await send('POST', '/leads', {})).json.pagination.total).toBe(400);
  });

  it('filters by field (case-insensitive substring), list id (exact) and search', async () => {
    const l = (await send('POST', '/leads', { limit: 1 })).json.data[0];
    const byCompany = (
      await send('POST', '/leads', { filters: { company: l.company.toUpperCase() }, limit: 100 })
    ).json;
    expect(byCompany.data.some((x: { _id: string }) => x._id === l._id)).toBe(true);
    expect(
      byCompany.data.every((x: { company: string }) =>
        x.company.toLowerCase().includes(l.company.toLowerCase()),
      ),
    ).toBe(true);
    const both = (await send('POST', '/leads', { filters: { email: l.email, leadListId: l.leadListId } }))
      .json;
    expect(both.data.map((x: { _id: string }) => x._id)).toContain(l._id);
    const search = (await send('POST', '/leads', { filters: { search: `${l.firstName} ${l.lastName}` } }))
      .json;
    expect(search.data.map((x: { _id: string }) => x._id)).toContain(l._id);
    const none = (await send('POST', '/leads', { filters: { leadListId: UNKNOWN_ID } })).json;
    expect(none).toEqual({ data: [], pagination: { page: 1, limit: 20, total: 0, totalPages: 0 } });
  });

  it('matches other scripts case-insensitively and treats % and _ literally', async () => {
    const all = (await send('POST', '/leads', { limit: 100 })).json.data as {
      lastName: string;
      _id: string;
    }[];
    const accented = all.find((l) => /[^a-zA-Z\s'-]/.test(l.lastName))!;
    expect(accented).toBeDefined();
    const found = (
      await send('POST', '/leads', { filters: { lastName: accented.lastName.toUpperCase() }, limit: 100 })
    ).json.data;
    expect(found.map((l: { _id: string }) => l._id)).toContain(accented._id);
    for (const wildcard of ['%', '_', '\\']) {
      expect((await send('POST', '/leads', { filters: { company: wildcard } })).json.pagination.total).toBe(
        0,
      );
    }
  });

  it.each([
    [{ filters: { favouriteColour: 'red' } }, 'filters.favouriteColour'],
    [{ filters: { company: 5 } }, 'filters.company'],
    [{ filters: [] }, 'filters'],
    [{ page: 0 }, 'page'],
    [{ page: '1' }, 'page'],
    [{ limit: 101 }, 'limit'],
    [{ limit: 2.5 }, 'limit'],
    [{ sort: 'name' }, 'sort'],
    [[], 'body'],
  ])('refuses %j with 400 naming %s', async (body, field) => {
    const a = await send('POST', '/leads', body);
    expectError(a, 400, 'invalid_request');
    expect(a.json.error.details).toEqual({ field });
  });
});

describe('email accounts and tags (seed rule 2)', () => {
  it('lists accounts with HTML signatures and tag ids, and tags with colours', async () => {
    const accounts = (await get('/email-accounts?limit=100')).json;
    expect(accounts.pagination.total).toBeGreaterThanOrEqual(3);
    const tags = (await get('/email-account-tags?limit=100')).json;
    const tagIds = new Set(tags.data.map((t: { _id: string }) => t._id));
    for (const t of tags.data) {
      expect(Object.keys(t)).toEqual(['_id', 'name', 'color']);
      expect(t.color).toMatch(/^#[0-9a-f]{6}$/);
    }
    for (const a of accounts.data) {
      expect(a.signature).toMatch(/^<div/);
      expect(['connected', 'disconnected']).toContain(a.status);
      for (const id of a.tags) expect(tagIds.has(id)).toBe(true);
    }
  });

  it('PUT /email-accounts answers 200 with an empty body and updates every listed account at once', async () => {
    const accounts = (await get('/email-accounts?limit=100')).json.data;
    const tags = (await get('/email-account-tags?limit=100')).json.data;
    const ids = accounts.slice(0, 2).map((a: { _id: string }) => a._id);
    const a = await send('PUT', '/email-accounts', {
      emailAccountIds: ids,
      signature: '<p>— New sig</p>',
      tags: [tags[0]._id, tags[1]._id],
    });
    expect(a.status).toBe(200);
    expect(a.text).toBe('');
    const after = (await get('/email-accounts?limit=100')).json.data;
    for (const acc of after) {
      if (ids.includes(acc._id)) {
        expect(acc.signature).toBe('<p>— New sig</p>');
        expect(acc.tags).toEqual([tags[0]._id, tags[1]._id]);
      } else {
        expect(acc).toEqual(accounts.find((x: { _id: string }) => x._id === acc._id));
      }
    }
    // Tags only: the signature stays.
    await send('PUT', '/email-accounts', { emailAccountIds: [ids[0]], tags: [] });
    const first = (await get('/email-accounts?limit=100')).json.data.find(
      (x: { _id: string }) => x._id === ids[0],
    );
    expect(first).toMatchObject({ signature: '<p>— New sig</p>', tags: [] });
  });

  it('is all or nothing: an unknown account or tag, or a bad body, changes no account', async () => {
    const before = (await get('/email-accounts?limit=100')).json.data;
    const ids = before.map((a: { _id: string }) => a._id);
    expectError(
      await send('PUT', '/email-accounts', { emailAccountIds: [...ids, UNKNOWN_ID], signature: 'X' }),
      404,
      'not_found',
    );
    expectError(
      await send('PUT', '/email-accounts', { emailAccountIds: ids, signature: 'X', tags: [UNKNOWN_ID] }),
      404,
      'not_found',
    );
    for (const [body, field] of [
      [{ emailAccountIds: [], signature: 'X' }, 'emailAccountIds'],
      [{ emailAccountIds: ids }, 'signature'],
      [{ emailAccountIds: ['bad'], signature: 'X' }, 'emailAccountIds.0'],
      [{ emailAccountIds: ids, signature: 'X', colour: 'red' }, 'colour'],
    ] as const) {
      const a = await send('PUT', '/email-accounts', body);
      expectError(a, 400, 'invalid_request');
      expect(a.json.error.details).toEqual({ field });
    }
    expect((await get('/email-accounts?limit=100')).json.data).toEqual(before);
  });
});

describe('DNC and teams', () => {
  it('imports e-mail addresses and domains, counting only new entries', async () => {
    const a = await send('POST', '/dnc', {
      entries: ['Someone@Example.com', 'competitor.io', 'someone@example.com'],
    });
    expect(a.json).toEqual({ added: 2 });
    expect((await send('POST', '/dnc', { entries: ['competitor.io', 'new.org'] })).json).toEqual({
      added: 1,
    });
    const bad = await send('POST', '/dnc', { entries: ['ok.com', 'not an address'] });
    expectError(bad, 400, 'invalid_request');
    expect(bad.json.error.details).toEqual({ field: 'entries.1' });
    expect((await send('POST', '/dnc', { entries: ['ok.com'] })).json).toEqual({ added: 1 });
    expectError(await send('POST', '/dnc', { entries: [] }), 400, 'invalid_request');
  });

  it('GET /teams lists the key teams, default first', async () => {
    const a = await get('/teams');
    expect(a.json).toEqual({
      data: sb.teams.map((t) => ({ _id: t.id, name: t.name })),
      pagination: { page: 1, limit: 20, total: 2, totalPages: 1 },
    });
    expect(sb.teamIds).toEqual(sb.teams.map((t) => t.id));
  });
});

describe('auth, workspaces and request limits', () => {
  it('requires a known x-api-key (401)', async () => {
    expectError(await call(sb, 'GET', '/inbox', { noKey: true }), 401, 'unauthorized');
    expectError(await call({ url: sb.url, apiKey: 'wrong-key' }, 'GET', '/inbox'), 401, 'unauthorized');
  });

  it('x-workspace selects one of the key teams; others are forbidden (403)', async () => {
    const [a, b] = sb.teamIds as [string, string];
    const dflt = (await get('/inbox?limit=100')).json;
    const first = (await get('/inbox?limit=100', { 'x-workspace': a })).json;
    const second = (await get('/inbox?limit=100', { 'x-workspace': b })).json;
    expect(first).toEqual(dflt);
    expect(second.pagination.total).toBe(20);
    const firstIds = new Set(first.data.map((t: { _id: string }) => t._id));
    expect(second.data.some((t: { _id: string }) => firstIds.has(t._id))).toBe(false);
    // Records of one team are unknown in the other.
    expectError(await get(`/inbox/${second.data[0]._id}`, { 'x-workspace': a }), 404, 'not_found');
    expect((await get(`/inbox/${second.data[0]._id}`, { 'x-workspace': b })).status).toBe(200);
    const otherCampaign = (await get('/campaigns', { 'x-workspace': b })).json.data[0];
    expectError(
      await send('PUT', `/campaigns/${otherCampaign._id}/rename`, { name: 'Hijack' }),
      404,
      'not_found',
    );
    expect((await get(`/campaigns/${otherCampaign._id}`, { 'x-workspace': b })).json.name).toBe(
      otherCampaign.name,
    );
    for (const ws of [UNKNOWN_ID, 'garbage']) {
      const f = await get('/inbox', { 'x-workspace': ws });
      expectError(f, 403, 'forbidden');
    }
  });

  it('refuses bodies over 1 MiB (413) and non-JSON bodies (400), changing nothing', async () => {
    const c = (await get('/campaigns?limit=1')).json.data[0];
    const big = await send('PUT', `/campaigns/${c._id}/rename`, { name: 'x'.repeat(1024 * 1024 + 10) });
    expectError(big, 413, 'payload_too_large');
    const notJson = await call(sb, 'PUT', `/campaigns/${c._id}/rename`, { rawBody: 'name=hello' });
    expectError(notJson, 400, 'invalid_request');
    expect(notJson.json.error.details).toEqual({ field: 'body' });
    expectError(await call(sb, 'POST', '/leads', { rawBody: '' }), 400, 'invalid_request');
    expect((await get(`/campaigns/${c._id}`)).json).toEqual(c);
  });
});
