// The read side of the store: search as a person types it (names, bodies, leads) and the
// migration that built its index.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../electron/core/store/db';
import { MIGRATIONS } from '../../electron/core/store/migrations/index';
import { openStore } from '../../electron/core/store/index';
import { PEOPLE_QUERY } from '../../electron/core/store/repos/leads';
import type { ThreadQuery } from '../../electron/core/store/repos/threadLists';
import {
  cleanStores,
  hex,
  CAMPAIGNS,
  ACCOUNTS,
  BASE,
  thread,
  message,
  lead,
  open,
  dirs,
  stores,
} from './fixtures/store-reads';

afterEach(cleanStores);

describe('search', () => {
  it('filters a list by words inside messages too, each word in names or in any message', () => {
    const { s } = open();
    s.tx(() => {
      s.messages.replaceForThread(
        hex(13),
        [message(13, 0, 'Could we integrate it with our CRM?'), message(13, 1, 'Pricing is attached.')],
        'x',
      );
      s.messages.replaceForThread(hex(40), [message(40, 0, 'What about GDPR?', 'Pricing question')], 'x');
      s.messages.replaceForThread(hex(41), [message(41, 0, 'Thanks, not now.')], 'x');
    });
    const ids = (search: string, view: ThreadQuery['view'] = 'all') =>
      s.threads.list({ view, search, offset: 0, limit: 500 }).rows.map((r) => r.id);
    expect(ids('gdpr')).toEqual([hex(40)]);
    expect(ids('integrate CRM')).toEqual([hex(13)]);
    // "pricing": a body in one thread, a subject in another; newest first.
    expect(ids('pricing')).toEqual([hex(40), hex(13)]);
    // A name and a message word together: both must be found in the same thread.
    expect(ids(`${s.threads.get(hex(13))!.prospectName.split(' ')[0]} pricing`)).toEqual([hex(13)]);
    expect(ids('gdpr integrate')).toEqual([]);
    // The view stays a filter over the same matches (thread 40 is open, thread 13 is not).
    expect(ids('pricing', 'inbox')).toEqual([hex(40)]);
    // Half-typed words stay on names: "Tha" does not find every "Thanks".
    expect(ids('Tha')).toEqual([]);
    expect(ids('"); DROP TABLE threads; --')).toEqual([]);
  });

  it('finds threads by name, company or message words, once each, newest first', () => {
    const { s } = open();
    s.tx(() => {
      s.messages.replaceForThread(
        hex(10),
        [message(10, 0, 'Thanks, the invoice arrived.'), message(10, 1, 'About the invoice: paid.')],
        'x',
      );
      s.messages.replaceForThread(hex(200), [message(200, 0, 'Where is my invoice?')], 'x');
      s.messages.replaceForThread(
        hex(30),
        [message(30, 0, 'Let us talk next week', 'Minutes of the call')],
        'x',
      );
    });
    const invoice = s.threads.search('invoice', 50).map((r) => r.id);
    expect(invoice).toEqual([hex(200), hex(10)]);
    expect(s.threads.search('minutes next', 50).map((r) => r.id)).toEqual([hex(30)]);
    // Bodies take whole words: a half-typed word finds names, not every "thanks" of every message.
    expect(s.threads.search('Tha', 50)).toEqual([]);
    const dav = s.threads.search('Dav', 50);
    expect(dav).toHaveLength(50);
    const times = dav.map((r) => r.lastMessageAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(s.threads.search('"Nimbus Holdings" Dav', 50).every((r) => r.company.startsWith('Nimbus'))).toBe(
      true,
    );
    expect(s.threads.search('NOT invoice', 50).map((r) => r.id)).toEqual(invoice);
    expect(s.threads.search('"); --', 50)).toEqual([]);
    expect(s.threads.search('"); DROP TABLE threads; --', 50)).toEqual([]);
    expect(s.threads.count()).toBe(240);
  });

  it('finds people with a thread, the one who wrote last first, with their newest thread', () => {
    const { s } = open(10);
    const titleOf = (i: number) => (i % 4 ? 'Head of Sales' : 'CTO');
    s.tx(() => s.leads.upsertMany(Array.from({ length: 120 }, (_, i) => lead(i, titleOf(i)))));
    // Every third lead has a thread, written to in the opposite order the leads were created;
    // every sixth has a second, newer one.
    const minute = (m: number) => new Date(BASE + m * 60_000).toISOString();
    const withThread = Array.from({ length: 120 }, (_, i) => i).filter((i) => i % 3 === 0);
    s.tx(() =>
      s.threads.upsertMany(
        withThread.flatMap((i) => [
          { ...thread(1000 + i), prospectId: hex(200_000 + i), lastMessageAt: minute(200 - i) },
          ...(i % 6 === 0
            ? [{ ...thread(2000 + i), prospectId: hex(200_000 + i), lastMessageAt: minute(10_000 - i) }]
            : []),
        ]),
      ),
    );
    const newest = (i: number) => hex((i % 6 === 0 ? 2000 : 1000) + i);

    const sales = s.leads.top('sales', 100);
    const expected = withThread
      .filter((i) => titleOf(i) === 'Head of Sales')
      .sort((a, b) => Number(b % 6 === 0) - Number(a % 6 === 0) || a - b);
    expect(sales.map((l) => l.id)).toEqual(expected.map((i) => hex(200_000 + i)));
    expect(sales.map((l) => l.newestThreadId)).toEqual(expected.map(newest));
    expect(s.leads.top('sales', 5)).toEqual(sales.slice(0, 5));
    // By title, e-mail and company: what thread search does not index.
    const ctos = s.leads.top('cto initech', 100);
    expect(ctos.map((l) => l.id)).toEqual(
      [0, 12, 24, 36, 48, 60, 72, 84, 96, 108].map((i) => hex(200_000 + i)),
    );
    expect(ctos.every((l) => l.title === 'CTO' && l.company === 'Initech')).toBe(true);
    expect(s.leads.top('lead63@example', 10).map((l) => l.newestThreadId)).toEqual([hex(1063)]);
    // A lead with no thread is not a person to open.
    expect(s.leads.top('lead47@example', 10)).toEqual([]);
    expect(s.leads.top('"); --', 10)).toEqual([]);
  });

  it('finds people through the threads prospect index, one step per candidate', () => {
    const { s } = open(10);
    const plan = s.db.prepare(`EXPLAIN QUERY PLAN ${PEOPLE_QUERY}`).all('cto*', 2000, 8) as {
      detail: string;
    }[];
    const details = plan.map((p) => p.detail).join(' | ');
    expect(details).toContain('COVERING INDEX threads_by_prospect (prospect_id=?)');
    expect(details).toContain('SEARCH l USING INTEGER PRIMARY KEY');
    expect(details).not.toMatch(/SCAN (l|t|n|leads|threads)\b/);
  });
});

describe('migration 4', () => {
  it('rebuilds the name and lead indexes from the rows already stored', () => {
    const dir = mkdtempSync(join(tmpdir(), 'core-reads-'));
    dirs.push(dir);
    const file = join(dir, 'v3.sqlite');
    const v3 = openDatabase(file, { migrations: MIGRATIONS.filter((m) => m.version <= 3) });
    v3.prepare(
      `INSERT INTO threads (id, status, server_status, prospect_id, prospect_email, prospect_first, prospect_last,
         company, campaign_id, email_account_id, last_message_at, created_at, raw)
       VALUES (?, 'open', 'open', ?, 'dana@example.test', 'Dana', 'Scully', 'Nimbus', ?, ?, '2026-01-01', '2026-01-01', '{}')`,
    ).run(hex(1), hex(2), CAMPAIGNS[0], ACCOUNTS[0]);
    v3.prepare(
      `INSERT INTO leads (id, email, first_name, last_name, company, title, phone, linkedin_url, website, location,
         industry, custom_fields, lead_list_id, status, created_at, raw)
       VALUES (?, 'dana@example.test', 'Dana', 'Scully', 'Nimbus', 'Special agent', '', '', '', '', '', '{}', NULL, 'active', '2026-01-01', '{}')`,
    ).run(hex(2));
    v3.close();
    const s = openStore(file);
    stores.push(s);
    expect(s.db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.at(-1)!.version);
    expect(s.threads.search('Scu', 10).map((r) => r.id)).toEqual([hex(1)]);
    expect(s.threads.list({ view: 'all', search: 'nim dan', offset: 0, limit: 10 }).total).toBe(1);
    expect(s.leads.top('spe age', 10).map((l) => [l.id, l.newestThreadId])).toEqual([[hex(2), hex(1)]]);
    // The triggers of version 1 keep the rebuilt index in step.
    s.tx(() =>
      s.threads.upsertMany([{ ...thread(7), prospect: { ...thread(7).prospect, lastName: 'Skinner' } }]),
    );
    expect(s.threads.search('Skin', 10).map((r) => r.id)).toEqual([hex(7)]);
  });
});
