// The sandbox service against api.md over real HTTP: lists answer {data, pagination} (seed rule 1), paging at the edges, single records and ids.
import { describe, expect, it } from 'vitest';
import { OBJECT_ID, ISO_MS, UNKNOWN_ID, expectError, useSandbox } from './fixtures/sandbox-api';

const api = useSandbox();
const { get, send, firstThread } = api;

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
    const outside = await fetch(api.sb.url.replace('/v1', '/v2/inbox'), {
      headers: { 'x-api-key': api.sb.apiKey },
    });
    expect(outside.status).toBe(404);
  });
});
