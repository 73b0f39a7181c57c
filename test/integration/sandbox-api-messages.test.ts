// The sandbox service against api.md over real HTTP: messages, replies and AI replies.
import { describe, expect, it } from 'vitest';
import { OBJECT_ID, ISO_MS, UNKNOWN_ID, expectError, useSandbox } from './fixtures/sandbox-api';
import { call } from './sandbox-client';

const api = useSandbox();
const { get, send, firstThread } = api;

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
    const before = api.sb.stats().replies.length;
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
    const replies = api.sb.stats().replies;
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
    const repliesBefore = api.sb.stats().replies.length;
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
    expect(api.sb.stats().replies.length).toBe(repliesBefore);
  });

  it('AI reply is plain text, addressed to the prospect, and the same for the same thread', async () => {
    const t = (await get('/inbox?limit=1&page=3')).json.data[0];
    const a = await send('POST', `/inbox/${t._id}/ai-reply`, {});
    expect(a.status).toBe(200);
    expect(Object.keys(a.json)).toEqual(['suggestion']);
    expect(a.json.suggestion).toContain(t.prospect.firstName);
    expect(a.json.suggestion).not.toMatch(/<[a-z]/i);
    expect((await call(api.sb, 'POST', `/inbox/${t._id}/ai-reply`)).json).toEqual(a.json);
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
