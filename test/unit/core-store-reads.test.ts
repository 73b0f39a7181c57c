// The read side of the store: list windows served from cached ordered ids (equal to a plain query
// at any depth, invalidated by any write and by snoozes ending), cached counts, and search as a
// person types it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renameCampaign } from '../../electron/core/outbox/kinds/campaignRename';
import { setThreadStatuses } from '../../electron/core/outbox/kinds/threadStatus';
import { openDatabase } from '../../electron/core/store/db';
import { MIGRATIONS } from '../../electron/core/store/migrations/index';
import { openStore, type Store } from '../../electron/core/store/index';
import { PEOPLE_QUERY } from '../../electron/core/store/repos/leads';
import type { ThreadQuery } from '../../electron/core/store/repos/threadLists';
import { matchBodies, matchNames, parseSearch } from '../../electron/core/store/search';

const dirs: string[] = [];
const stores: Store[] = [];
afterEach(() => {
  vi.useRealTimers();
  for (const s of stores.splice(0)) s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const hex = (n: number) => n.toString(16).padStart(24, '0');
const CAMPAIGNS = [hex(0xc1), hex(0xc2), hex(0xc3)];
const ACCOUNTS = [hex(0xe1), hex(0xe2)];
const STATUSES = ['open', 'interested', 'not_interested', 'meeting_booked'];
const FIRST = ['David', 'Dana', 'Ana', 'Boris', 'Chen', 'Davina'];
const BASE = Date.UTC(2026, 0, 1);

const thread = (i: number, status = STATUSES[i % STATUSES.length]!) => ({
  _id: hex(i),
  prospectId: hex(100_000 + i),
  campaignId: CAMPAIGNS[i % CAMPAIGNS.length]!,
  emailAccountId: ACCOUNTS[i % ACCOUNTS.length]!,
  status,
  prospect: {
    email: `p${i}@example.test`,
    firstName: FIRST[i % FIRST.length]!,
    lastName: `Smith${i}`,
    company: i % 5 === 0 ? 'Nimbus Holdings S.A.' : i % 2 ? 'Acme' : 'Globex',
  },
  // Some threads share a time, so the id breaks the tie.
  lastMessageAt: new Date(BASE + Math.floor(i / 3) * 60_000).toISOString(),
  createdAt: '2025-12-01T00:00:00.000Z',
});

const message = (threadIdx: number, j: number, bodyText: string, subject = 'Quick question') => ({
  _id: hex(500_000 + threadIdx * 10 + j),
  chatThreadId: hex(threadIdx),
  direction: j % 2 ? ('outbound' as const) : ('inbound' as const),
  from: { email: `p${threadIdx}@example.test`, name: 'P' },
  to: [{ email: 'rep@example.test', name: 'Rep' }],
  subject,
  bodyHtml: `<p>${bodyText}</p>`,
  bodyText,
  emailAccountId: null,
  sentAt: new Date(BASE + threadIdx * 1000 + j).toISOString(),
});

const lead = (i: number, title: string) => ({
  _id: hex(200_000 + i),
  email: `lead${i}@example.test`,
  firstName: FIRST[i % FIRST.length]!,
  lastName: `Jones${i}`,
  company: i % 2 ? 'Acme' : 'Initech',
  title,
  phone: '',
  linkedinUrl: '',
  website: '',
  location: '',
  industry: '',
  customFields: {},
  leadListId: null,
  status: 'active',
  createdAt: new Date(BASE + i * 1000).toISOString(),
});

function open(n = 240): { s: Store; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'core-reads-'));
  dirs.push(dir);
  const file = join(dir, 's.sqlite');
  const s = openStore(file);
  stores.push(s);
  s.tx(() => s.threads.upsertMany(Array.from({ length: n }, (_, i) => thread(i + 1))));
  return { s, file };
}

/** The plain query a window must equal: the filter, newest first, id breaking ties. */
function plainIds(s: Store, q: ThreadQuery): { total: number; ids: string[] } {
  const where: string[] = [];
  const now = new Date().toISOString();
  if (q.view === 'inbox') where.push(`status = 'open' AND (snoozed_until IS NULL OR snoozed_until <= @now)`);
  if (q.view === 'snoozed') where.push(`snoozed_until > @now`);
  if (q.view === 'status') where.push(`status = @status`);
  if (q.campaignId) where.push(`campaign_id = @campaignId`);
  if (q.emailAccountId) where.push(`email_account_id = @emailAccountId`);
  const w = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const params = {
    now,
    status: q.status ?? null,
    campaignId: q.campaignId ?? null,
    emailAccountId: q.emailAccountId ?? null,
  };
  const used = Object.fromEntries(Object.entries(params).filter(([k]) => w.includes(`@${k}`)));
  const total = s.db.prepare(`SELECT count(*) FROM threads ${w}`).pluck().get(used) as number;
  const ids = s.db
    .prepare(`SELECT id FROM threads ${w} ORDER BY last_message_at DESC, id DESC LIMIT @limit OFFSET @offset`)
    .pluck()
    .all({ ...used, limit: q.limit, offset: q.offset }) as string[];
  return { total, ids };
}

const windowIds = (s: Store, q: ThreadQuery) => {
  const w = s.threads.list(q);
  return { total: w.total, ids: w.rows.map((r) => r.id) };
};

describe('search input', () => {
  it('takes what a person types, syntax included, as plain words and never as FTS5 syntax', () => {
    expect(matchNames(parseSearch('acme AND (globex OR -initech*) NOT x:y ^z'))).toBe(
      '"acme"* "globex"* "initech"* "x" "y" "z"',
    );
    // The stray quote opens a phrase that runs to the end.
    expect(matchNames(parseSearch('"); DROP TABLE threads; --'))).toBe('"DROP TABLE threads"');
    expect(matchNames(parseSearch('"acme corp" sales'))).toBe('"acme corp" "sales"*');
    // An unclosed quote runs to the end.
    expect(matchNames(parseSearch('deal "acme corp'))).toBe('"deal"* "acme corp"');
    expect(parseSearch('  ,;  ""  ')).toEqual([]);
    expect(matchNames(parseSearch('--'))).toBeNull();
    // Operators alone are searched as words rather than dropped to nothing.
    expect(matchNames(parseSearch('OR'))).toBe('"OR"');
  });

  it('keeps short words whole, and message bodies to whole words without one- and two-letter ones', () => {
    expect(matchNames(parseSearch('Nimbus S.A.'))).toBe('"Nimbus"* "S" "A"');
    expect(matchBodies(parseSearch('Nimbus S.A. thanks'))).toBe('"Nimbus" "thanks"');
    expect(matchBodies(parseSearch('AI'))).toBe('"AI"');
    expect(matchBodies(parseSearch('"a b" Tha'))).toBe('"a b" "Tha"');
  });
});

describe('thread list windows', () => {
  it('equal a plain query at every depth, for every kind of filter', () => {
    const { s } = open();
    s.threads.snooze([hex(4), hex(8), hex(13)], new Date(Date.now() + 86_400_000).toISOString());
    const filters: Omit<ThreadQuery, 'offset' | 'limit'>[] = [
      { view: 'inbox' },
      { view: 'all' },
      { view: 'snoozed' },
      ...STATUSES.map((status) => ({ view: 'status' as const, status })),
      { view: 'all', campaignId: CAMPAIGNS[1] },
      { view: 'inbox', emailAccountId: ACCOUNTS[0] },
      { view: 'status', status: 'interested', campaignId: CAMPAIGNS[2], emailAccountId: ACCOUNTS[1] },
    ];
    for (const f of filters) {
      const { total } = plainIds(s, { ...f, offset: 0, limit: 1 });
      for (const offset of [0, 1, 7, Math.floor(total / 2), total - 3, total - 1, total, total + 50]) {
        for (const limit of [1, 10, 100]) {
          const q = { ...f, offset: Math.max(0, offset), limit };
          expect(windowIds(s, q), JSON.stringify(q)).toEqual(plainIds(s, q));
        }
      }
    }
  });

  it('follows every write at once: status, snooze, new and deleted threads, another connection', () => {
    const { s, file } = open();
    const inbox = { view: 'inbox' as const, offset: 0, limit: 500 };
    const before = windowIds(s, inbox);
    const countsBefore = s.threads.counts();
    expect(countsBefore.inbox).toBe(before.total);

    const [first, second] = before.ids as [string, string];
    setThreadStatuses(s, [first], 'interested');
    expect(windowIds(s, inbox)).toEqual(plainIds(s, inbox));
    expect(windowIds(s, inbox).ids).not.toContain(first);
    expect(s.threads.counts().byStatus.interested).toBe(countsBefore.byStatus.interested! + 1);

    s.threads.snooze([second], new Date(Date.now() + 3_600_000).toISOString());
    expect(windowIds(s, inbox).ids).not.toContain(second);
    expect(windowIds(s, { view: 'snoozed', offset: 0, limit: 10 }).ids).toEqual([second]);
    expect(s.threads.counts().snoozed).toBe(1);

    // A new thread, newer than all, lands on top; a deleted one leaves.
    s.tx(() =>
      s.threads.upsertMany([{ ...thread(9999, 'open'), lastMessageAt: '2027-01-01T00:00:00.000Z' }]),
    );
    expect(windowIds(s, inbox).ids[0]).toBe(hex(9999));
    s.tx(() => s.threads.delete(hex(9999)));
    expect(windowIds(s, inbox).ids).not.toContain(hex(9999));

    // Unread is counted, and follows marking read.
    s.threads.markUnread([before.ids[5]!]);
    expect(s.threads.counts().unread).toBe(1);
    s.threads.markRead([before.ids[5]!], true);
    expect(s.threads.counts().unread).toBe(0);

    // A write from another connection (another process on the same file).
    const other = new Database(file);
    other.prepare(`UPDATE threads SET status = 'done' WHERE id = ?`).run(before.ids[2]);
    other.close();
    expect(windowIds(s, inbox).ids).not.toContain(before.ids[2]);
    expect(windowIds(s, inbox)).toEqual(plainIds(s, inbox));
    expect(s.threads.counts().byStatus.done).toBe(1);
  });

  it('stay equal to a plain query across verdicts, undos and a rolled-back change', () => {
    const { s, file } = open();
    s.threads.snooze([hex(4), hex(9)], new Date(Date.now() + 86_400_000).toISOString());
    const lists: ThreadQuery[] = [
      { view: 'inbox', offset: 0, limit: 500 },
      { view: 'all', offset: 0, limit: 500 },
      { view: 'snoozed', offset: 0, limit: 500 },
      ...STATUSES.map((status) => ({ view: 'status' as const, status, offset: 0, limit: 500 })),
      { view: 'status', status: 'closed', offset: 0, limit: 500 },
      { view: 'inbox', campaignId: CAMPAIGNS[1], offset: 0, limit: 500 },
      { view: 'status', status: 'closed', emailAccountId: ACCOUNTS[0], offset: 0, limit: 500 },
    ];
    const searches: ThreadQuery[] = [
      { view: 'inbox', search: 'Dav', offset: 0, limit: 500 },
      { view: 'status', status: 'closed', search: 'Acme', offset: 0, limit: 500 },
    ];
    // Counts as a fresh connection reads them, with no cache behind it.
    const fresh = openStore(file);
    stores.push(fresh);
    const plainSearch = (q: ThreadQuery) => {
      const w = fresh.threads.list(q);
      return { total: w.total, ids: w.rows.map((r) => r.id) };
    };
    const check = (what: string) => {
      for (const q of lists) expect(windowIds(s, q), `${what}: ${JSON.stringify(q)}`).toEqual(plainIds(s, q));
      for (const q of searches)
        expect(windowIds(s, q), `${what}: ${JSON.stringify(q)}`).toEqual(plainSearch(q));
      expect(s.threads.counts(), what).toEqual(fresh.threads.counts());
    };
    check('before');
    const inbox = () => windowIds(s, lists[0]!).ids;
    // Verdicts one after another, as a person presses e on the first row of the Inbox.
    for (let i = 0; i < 6; i++) {
      setThreadStatuses(s, [inbox()[0]!], i % 2 ? 'closed' : 'interested');
      check(`verdict ${i}`);
    }
    // A snoozed thread's verdict, a thread set twice in one transaction, and many at once.
    setThreadStatuses(s, [hex(4)], 'closed');
    check('snoozed');
    const [a, b, c] = inbox() as [string, string, string];
    s.tx(() => {
      setThreadStatuses(s, [a], 'closed');
      setThreadStatuses(s, [a], 'interested');
    });
    check('twice');
    const undo = setThreadStatuses(s, [b, c, hex(10)], 'closed');
    check('many');
    s.tx(() => {
      for (const p of undo.previous) s.threads.setStatus(p.threadId, p.status);
    });
    check('undo');
    // A change rolled back leaves every list and count as it was.
    expect(() =>
      s.tx(() => {
        setThreadStatuses(s, [inbox()[0]!], 'closed');
        throw new Error('refused');
      }),
    ).toThrow('refused');
    check('rolled back');
  });

  it('finds threads by a campaign name as soon as the campaign is named or renamed', () => {
    const { s } = open(30);
    const search = { view: 'all' as const, search: 'Springboard', offset: 0, limit: 100 };
    expect(s.threads.list(search).total).toBe(0);
    s.tx(() =>
      s.campaigns.upsertMany([
        { _id: CAMPAIGNS[0]!, name: 'Springboard launch', status: 'active', createdAt: '2026-01-01' },
      ] as Parameters<Store['campaigns']['upsertMany']>[0]),
    );
    expect(s.threads.list(search).total).toBe(10);
    renameCampaign(s, CAMPAIGNS[0]!, 'Autumn push');
    expect(s.threads.list(search).total).toBe(0);
    expect(s.threads.list({ ...search, search: 'autumn' }).total).toBe(10);
  });

  it('brings a thread back to the Inbox when its snooze ends, with no write in between', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-06-01T12:00:00.000Z'));
    const { s } = open(40);
    const id = windowIds(s, { view: 'inbox', offset: 0, limit: 100 }).ids[0]!;
    s.threads.snooze([id], '2026-06-01T13:00:00.000Z');
    expect(windowIds(s, { view: 'inbox', offset: 0, limit: 100 }).ids).not.toContain(id);
    expect(s.threads.counts().snoozed).toBe(1);
    vi.setSystemTime(new Date('2026-06-01T13:00:01.000Z'));
    expect(windowIds(s, { view: 'inbox', offset: 0, limit: 100 }).ids).toContain(id);
    expect(windowIds(s, { view: 'snoozed', offset: 0, limit: 100 }).total).toBe(0);
    expect(s.threads.counts().snoozed).toBe(0);
  });

  it('searches within a list, by name prefix and by quoted phrase', () => {
    const { s } = open();
    const dav = s.threads.list({ view: 'all', search: 'Dav', offset: 0, limit: 500 });
    // David and Davina: every thread whose first name starts with "Dav".
    expect(dav.total).toBe(80);
    expect(dav.rows.every((r) => r.prospectName.startsWith('Dav'))).toBe(true);
    const phrase = s.threads.list({ view: 'all', search: '"Nimbus Holdings"', offset: 0, limit: 500 });
    expect(phrase.total).toBe(48);
    expect(s.threads.list({ view: 'all', search: '"Holdings Nimbus"', offset: 0, limit: 500 }).total).toBe(0);
    // Deep windows of a search are the same slices of one ordered list.
    const all = s.threads.list({ view: 'all', search: 'acme', offset: 0, limit: 500 }).rows.map((r) => r.id);
    expect(
      s.threads.list({ view: 'all', search: 'acme', offset: 60, limit: 5 }).rows.map((r) => r.id),
    ).toEqual(all.slice(60, 65));
  });
});

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
