// The sandbox service against api.md over real HTTP: leads (a query, never a creation), e-mail accounts and tags, do-not-contact and teams.
import { describe, expect, it } from 'vitest';
import { UNKNOWN_ID, expectError, useSandbox } from './fixtures/sandbox-api';

const api = useSandbox();
const { get, send } = api;

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
      data: api.sb.teams.map((t) => ({ _id: t.id, name: t.name })),
      pagination: { page: 1, limit: 20, total: 2, totalPages: 1 },
    });
    expect(api.sb.teamIds).toEqual(api.sb.teams.map((t) => t.id));
  });
});
