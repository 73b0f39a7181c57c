// The sandbox service against api.md over real HTTP: auth, workspaces and request limits.
import { describe, expect, it } from 'vitest';
import { UNKNOWN_ID, expectError, useSandbox } from './fixtures/sandbox-api';
import { call } from './sandbox-client';

const api = useSandbox();
const { get, send } = api;

describe('auth, workspaces and request limits', () => {
  it('requires a known x-api-key (401)', async () => {
    expectError(await call(api.sb, 'GET', '/inbox', { noKey: true }), 401, 'unauthorized');
    expectError(await call({ url: api.sb.url, apiKey: 'wrong-key' }, 'GET', '/inbox'), 401, 'unauthorized');
  });

  it('x-workspace selects one of the key teams; others are forbidden (403)', async () => {
    const [a, b] = api.sb.teamIds as [string, string];
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
    const notJson = await call(api.sb, 'PUT', `/campaigns/${c._id}/rename`, { rawBody: 'name=hello' });
    expectError(notJson, 400, 'invalid_request');
    expect(notJson.json.error.details).toEqual({ field: 'body' });
    expectError(await call(api.sb, 'POST', '/leads', { rawBody: '' }), 400, 'invalid_request');
    expect((await get(`/campaigns/${c._id}`)).json).toEqual(c);
  });
});
