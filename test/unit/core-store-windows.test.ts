// The read side of the store: list windows served from cached ordered ids (equal to a plain query
// at any depth, invalidated by any write and by snoozes ending), cached counts, and search input as
// a person types it.
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renameCampaign } from '../../electron/core/outbox/kinds/campaignRename';
import { setThreadStatuses } from '../../electron/core/outbox/kinds/threadStatus';
import { openStore, type Store } from '../../electron/core/store/index';
import type { ThreadQuery } from '../../electron/core/store/repos/threadLists';
import { matchBodies, matchNames, parseSearch } from '../../electron/core/store/search';
import {
  cleanStores,
  hex,
  CAMPAIGNS,
  ACCOUNTS,
  thread,
  open,
  plainIds,
  windowIds,
  STATUSES,
  stores,
} from './fixtures/store-reads';

afterEach(cleanStores);

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
