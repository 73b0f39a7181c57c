// The sandbox service against api.md over real HTTP: campaigns and their daily statistics.
import { describe, expect, it } from 'vitest';
import { ISO_MS, UNKNOWN_ID, expectError, useSandbox } from './fixtures/sandbox-api';
import { call } from './sandbox-client';

const api = useSandbox();
const { get, send } = api;

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
      await call(api.sb, 'PUT', `/campaigns/${c._id}/rename`, { rawBody: '{"name":' }),
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
