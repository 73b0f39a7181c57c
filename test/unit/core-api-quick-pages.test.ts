// The pull's lists are read by hand before zod (quickPages.ts). What the rep's store gets must not
// depend on which path read a page: whatever the hand path passes, zod passes too and builds the
// same record (fields, their order, nulls and defaults), and every answer zod refuses the hand path
// refuses, so the client still says what is wrong. Checked on the service's own records and on
// thousands of damaged copies of them.
import { describe, expect, it } from 'vitest';
import { quickLead, quickMessage, quickPage, quickThread } from '../../electron/core/api/quickPages';
import * as S from '../../electron/core/api/schemas';
import { createClient } from '../../electron/core/api/client';
import { ApiError } from '../../electron/core/api/errors';

const id = (c: string) => c.repeat(24);
const thread = {
  _id: id('a'),
  prospectId: id('b'),
  campaignId: id('c'),
  emailAccountId: id('d'),
  status: 'interested',
  prospect: { email: 'ana@example.com', firstName: 'Ana', lastName: 'Silva', company: 'Acme', extra: 1 },
  lastMessageAt: '2026-11-21T09:30:00.000Z',
  createdAt: '2026-11-20T09:30:00.000Z',
  unread: true,
};
const message = {
  _id: id('e'),
  chatThreadId: id('a'),
  direction: 'outbound',
  from: { email: 'rep@example.com', name: 'Rep' },
  to: [{ email: 'ana@example.com', name: 'Ana' }],
  subject: 'Hello',
  bodyHtml: '<p>Hi</p>',
  bodyText: 'Hi',
  emailAccountId: id('d'),
  sentAt: '2026-11-21T09:30:00.000Z',
  opened: 2,
};
const lead = {
  _id: id('f'),
  email: 'ana@example.com',
  firstName: 'Ana',
  lastName: 'Silva',
  company: 'Acme',
  title: 'CTO',
  phone: null,
  linkedinUrl: '',
  website: 'acme.example',
  location: 'Lisbon',
  industry: 'Software',
  customFields: { size: 40, tier: 'b' },
  leadListId: null,
  status: 'active',
  createdAt: '2026-11-20T09:30:00.000Z',
  score: 7,
};

/** Every key in order, and undefined told apart from absent: equal means built the same way. */
function shape(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(shape);
  if (v === undefined) return '<undefined>';
  if (v === null || typeof v !== 'object') return v;
  return Object.keys(v).map((k) => [k, shape((v as Record<string, unknown>)[k])]);
}

/** A small deterministic generator, so a failure names the case that made it. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const ODD: unknown[] = [
  null,
  undefined,
  0,
  -1,
  1.5,
  '',
  'x',
  id('A'),
  id('0').slice(1),
  `${id('1')} `,
  true,
  [],
  [1],
  {},
  { email: 3 },
  { email: 'x', name: null },
  { __proto__: null, a: 1 },
  JSON.parse('{"__proto__": {"polluted": true}, "email": "x"}'),
];

/** One damage: a field (at some depth) removed, replaced by an odd value, or a key added. */
function damage(value: unknown, r: () => number): unknown {
  const copy = JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
  let target: Record<string, unknown> = copy;
  for (let depth = 0; depth < 3; depth++) {
    const keys = Object.keys(target);
    if (keys.length === 0) break;
    const k = keys[Math.floor(r() * keys.length)]!;
    const v = target[k];
    if (v && typeof v === 'object' && r() < 0.5) {
      target = v as Record<string, unknown>;
      continue;
    }
    const roll = r();
    if (roll < 0.3) delete target[k];
    else if (roll < 0.9) target[k] = ODD[Math.floor(r() * ODD.length)];
    else target[`k${Math.floor(r() * 5)}`] = ODD[Math.floor(r() * ODD.length)];
    break;
  }
  return copy;
}

const KINDS = [
  { name: 'threads', record: thread, quick: quickPage(quickThread), schema: S.paged(S.thread) },
  { name: 'messages', record: message, quick: quickPage(quickMessage), schema: S.paged(S.message) },
  { name: 'leads', record: lead, quick: quickPage(quickLead), schema: S.paged(S.lead) },
];
const page = (data: unknown[], extra: Record<string, unknown> = {}) => ({
  data,
  pagination: { page: 1, limit: 100, total: data.length, totalPages: 1, ...extra },
  meta: 'kept',
});

describe('pages read by hand', () => {
  it.each(KINDS)('reads a plain page of $name as zod does, without zod', ({ record, quick, schema }) => {
    const json = page([record, { ...record, _id: id('9') }]);
    const got = quick(json);
    expect(got).toBeDefined();
    expect(shape(got)).toEqual(shape(schema.parse(json)));
  });

  it.each(KINDS)(
    'passes only what zod passes, built the same, over damaged $name pages',
    ({ record, quick, schema }) => {
      const r = rng(41);
      let handled = 0;
      let refused = 0;
      for (let i = 0; i < 1500; i++) {
        const whole = r() < 0.85 ? page([record, damage(record, r)]) : damage(page([record]), r);
        const json = JSON.parse(JSON.stringify(whole)) as unknown;
        const got = quick(json);
        const z = schema.safeParse(json);
        if (!z.success) refused++;
        if (got === undefined) continue;
        handled++;
        expect(z.success, `case ${i}: ${JSON.stringify(json)}`).toBe(true);
        expect(shape(got), `case ${i}`).toEqual(shape(z.data));
      }
      // Both paths were exercised: many damaged pages still valid, many refused.
      expect(handled).toBeGreaterThan(150);
      expect(refused).toBeGreaterThan(150);
    },
  );

  it('refuses a page whose record has a bad id, with the field named, as before', async () => {
    const bad = { ...thread, prospectId: 'not-an-id' };
    const f = (async () =>
      new Response(JSON.stringify(page([thread, bad])), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      })) as typeof fetch;
    const client = createClient({ baseUrl: 'http://x/v1', apiKey: 'k', fetch: f, retry: { tries: 1 } });
    const err = await client.listInbox({ page: 1 }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).kind).toBe('malformed');
    expect((err as ApiError).message).toContain('data.1.prospectId');
    expect((err as ApiError).message).toContain('not a valid id');
  });
});
