// Speed-to-lead: how long the prospect's newest message has waited, kept in SQL (migration 6) so
// the Inbox can show it and sort by it at any size, and the words the renderer makes of it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../electron/core/store/db';
import { openStore, type Store } from '../../electron/core/store/index';
import { MIGRATIONS } from '../../electron/core/store/migrations/index';
import { waitedShort, waitedWords, warmth } from '../../src/lib/waiting';

const dirs: string[] = [];
const stores: Store[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const hex = (n: number) => n.toString(16).padStart(24, '0');
const BASE = Date.UTC(2026, 0, 1);
const at = (minutes: number) => new Date(BASE + minutes * 60_000).toISOString();

const thread = (i: number, lastMinute: number) => ({
  _id: hex(i),
  prospectId: hex(1000 + i),
  campaignId: hex(0xc1),
  emailAccountId: hex(0xe1),
  status: 'open',
  prospect: { email: `p${i}@example.test`, firstName: 'P', lastName: `${i}`, company: 'Acme' },
  lastMessageAt: at(lastMinute),
  createdAt: at(0),
});

const message = (threadIdx: number, j: number, direction: 'inbound' | 'outbound', minute: number) => ({
  _id: hex(500_000 + threadIdx * 10 + j),
  chatThreadId: hex(threadIdx),
  direction,
  from: { email: 'x@example.test', name: 'X' },
  to: [{ email: 'y@example.test', name: 'Y' }],
  subject: 'Hi',
  bodyHtml: '<p>hi</p>',
  bodyText: 'hi',
  emailAccountId: null,
  sentAt: at(minute),
});

function tempFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'stl-'));
  dirs.push(dir);
  return join(dir, 's.sqlite');
}

/** Thread 1: answered by us; 2: the prospect wrote 100 min in; 3: wrote at 10 min; 4: no messages. */
function seed(s: Store): void {
  s.tx(() => {
    s.threads.upsertMany([thread(1, 50), thread(2, 100), thread(3, 10), thread(4, 120)]);
    s.messages.replaceForThread(hex(1), [message(1, 0, 'inbound', 5), message(1, 1, 'outbound', 50)], at(50));
    s.messages.replaceForThread(
      hex(2),
      [message(2, 0, 'outbound', 1), message(2, 1, 'inbound', 100)],
      at(100),
    );
    s.messages.replaceForThread(hex(3), [message(3, 0, 'outbound', 0), message(3, 1, 'inbound', 10)], at(10));
  });
}

describe('speed-to-lead in the store', () => {
  it('holds when the unanswered inbound message arrived, and nothing once we answered', () => {
    const s = openStore(tempFile());
    stores.push(s);
    seed(s);
    const rows = s.threads.list({ view: 'inbox', offset: 0, limit: 10 }).rows;
    const waiting = Object.fromEntries(rows.map((r) => [r.id, r.waitingSince]));
    expect(waiting).toEqual({ [hex(1)]: null, [hex(2)]: at(100), [hex(3)]: at(10), [hex(4)]: null });

    // Our reply ends the wait; the prospect's next message starts a new one.
    s.tx(() => s.messages.add(hex(3), message(3, 2, 'outbound', 130)));
    expect(
      s.threads.list({ view: 'inbox', offset: 0, limit: 10 }).rows.find((r) => r.id === hex(3))?.waitingSince,
    ).toBeNull();
    s.tx(() => s.messages.add(hex(3), message(3, 3, 'inbound', 140)));
    expect(
      s.threads.list({ view: 'inbox', offset: 0, limit: 10 }).rows.find((r) => r.id === hex(3))?.waitingSince,
    ).toBe(at(140));
  });

  it('sorts the Inbox by waiting longest first, threads with nothing waiting last', () => {
    const s = openStore(tempFile());
    stores.push(s);
    seed(s);
    const ids = (sort: 'newest' | 'waiting') =>
      s.threads.list({ view: 'inbox', sort, offset: 0, limit: 10 }).rows.map((r) => r.id);
    expect(ids('waiting')).toEqual([hex(3), hex(2), hex(1), hex(4)]);
    expect(ids('newest')).toEqual([hex(4), hex(2), hex(1), hex(3)]);
    // The sort reads its index, not a sort of every open thread.
    const plan = s.db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT t.rid FROM threads t WHERE t.status = 'open'
         ORDER BY coalesce(t.waiting_since, '~'), t.id`,
      )
      .all() as { detail: string }[];
    expect(plan.map((p) => p.detail).join(' ')).toContain('threads_by_waiting');
    expect(plan.map((p) => p.detail).join(' ')).not.toContain('TEMP B-TREE');
  });
});

describe('migration 6', () => {
  it('fills waiting_since from the messages already stored', () => {
    const file = tempFile();
    const old = openDatabase(file, { migrations: MIGRATIONS.filter((m) => m.version < 6) });
    const addThread = old.prepare(
      `INSERT INTO threads (id, status, server_status, prospect_id, prospect_email, prospect_first, prospect_last,
         company, campaign_id, email_account_id, last_message_at, created_at, raw)
       VALUES (?, 'open', 'open', ?, 'p@example.test', 'P', 'Q', 'Acme', ?, ?, ?, ?, '{}')`,
    );
    const addMessage = old.prepare(
      `INSERT INTO messages (id, thread_id, direction, from_email, from_name, to_json, subject, body_html, body_text,
         email_account_id, sent_at, raw)
       VALUES (?, ?, ?, 'x@example.test', 'X', '[]', 'Hi', '<p>hi</p>', 'hi', NULL, ?, '{}')`,
    );
    for (const [i, last] of [
      [1, 50],
      [2, 100],
    ] as const)
      addThread.run(hex(i), hex(1000 + i), hex(0xc1), hex(0xe1), at(last), at(0));
    addMessage.run(hex(11), hex(1), 'inbound', at(5));
    addMessage.run(hex(12), hex(1), 'outbound', at(50));
    addMessage.run(hex(21), hex(2), 'outbound', at(1));
    addMessage.run(hex(22), hex(2), 'inbound', at(100));
    old.close();
    const s = openStore(file);
    stores.push(s);
    expect(s.db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.at(-1)!.version);
    const rows = s.threads.list({ view: 'inbox', sort: 'waiting', offset: 0, limit: 10 }).rows;
    expect(rows.map((r) => [r.id, r.waitingSince])).toEqual([
      [hex(2), at(100)],
      [hex(1), null],
    ]);
  });
});

describe('speed-to-lead words', () => {
  const now = BASE + 10 * 86_400_000;
  const ago = (ms: number) => new Date(now - ms).toISOString();
  it('says how long in short, in words, and warms past the threshold', () => {
    expect(waitedShort(ago(20_000), now)).toBe('just now');
    expect(waitedShort(ago(12 * 60_000), now)).toBe('12 min');
    expect(waitedShort(ago(3 * 3_600_000 + 5), now)).toBe('3 h');
    expect(waitedShort(ago(2 * 86_400_000 + 5), now)).toBe('2 d');
    expect(waitedWords(ago(60_000), now)).toBe('Waiting 1 minute for your answer');
    expect(waitedWords(ago(3 * 3_600_000), now)).toBe('Waiting 3 hours for your answer');
    // Warm only past the rep's threshold: a day unless they chose another.
    expect(warmth(ago(10 * 60_000), now)).toBe('calm');
    expect(warmth(ago(10 * 3_600_000), now)).toBe('calm');
    expect(warmth(ago(24 * 3_600_000), now)).toBe('overdue');
    expect(warmth(ago(3 * 86_400_000), now)).toBe('overdue');
    expect(warmth(ago(5 * 3_600_000), now, 4)).toBe('overdue');
    expect(warmth(ago(3 * 3_600_000), now, 4)).toBe('calm');
    // A message stamped a moment ahead of this clock has waited no time, not a negative one.
    expect(waitedShort(new Date(now + 5000).toISOString(), now)).toBe('just now');
  });
});
