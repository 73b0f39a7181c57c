// The store's write path as sync uses it: what a page upsert reports, that an unchanged page
// changes nothing, the service-status totals with pending local changes, the stale-messages list,
// and message upserts that leave unchanged messages (and their search entries) alone.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiMessage } from '../../electron/core/api/schemas';
import { setThreadStatuses } from '../../electron/core/outbox/kinds/threadStatus';
import { openStore } from '../../electron/core/store/index';
import { STATEMENT_CHARS } from '../../electron/core/store/repos/messages';
import { WRITES } from '../../electron/core/sync/writes';

const dirs: string[] = [];
const open = () => {
  const d = mkdtempSync(join(tmpdir(), 'core-store-writes-'));
  dirs.push(d);
  return openStore(join(d, 's.sqlite'));
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const thread = (i: number, status = 'open', minute = i) => ({
  _id: i.toString(16).padStart(24, '0'),
  prospectId: (1000 + i).toString(16).padStart(24, '0'),
  campaignId: 'c'.repeat(24),
  emailAccountId: 'e'.repeat(24),
  status,
  prospect: { email: `p${i}@acme.test`, firstName: `First${i}`, lastName: 'Hopper', company: 'Acme' },
  lastMessageAt: new Date(Date.UTC(2026, 0, 1) + minute * 60_000).toISOString(),
  createdAt: '2026-01-01T00:00:00.000Z',
});

const message = (threadId: string, n: number, body: string): ApiMessage => ({
  _id: `${threadId.slice(0, 20)}${n.toString().padStart(4, '0')}`,
  chatThreadId: threadId,
  direction: 'inbound',
  from: { email: 'p@acme.test', name: 'P' },
  to: [{ email: 'me@seller.test', name: 'Me' }],
  subject: `Subject ${n}`,
  bodyHtml: `<p>${body}</p>`,
  bodyText: body,
  emailAccountId: null,
  sentAt: new Date(Date.UTC(2026, 0, 1) + n * 1000).toISOString(),
});

describe('thread upsert', () => {
  it('reports new, changed and moved threads, and an unchanged page changes nothing', () => {
    const s = open();
    const first = s.tx(() => s.threads.upsertMany([thread(1), thread(2), thread(3)]));
    expect(first.created).toHaveLength(3);
    expect(first.moved).toHaveLength(3);

    const same = s.tx(() => s.threads.upsertMany([thread(1), thread(2), thread(3)]));
    expect(same).toEqual({ created: [], changed: [], moved: [] });

    // 1: new reply (moved), 2: renamed prospect (changed, not moved), 3: service status (moved).
    const renamed = { ...thread(2), prospect: { ...thread(2).prospect, lastName: 'Lamarr' } };
    const next = s.tx(() => s.threads.upsertMany([thread(1, 'open', 99), renamed, thread(3, 'interested')]));
    expect(next.created).toEqual([]);
    expect(next.changed.sort()).toEqual([thread(1)._id, thread(2)._id, thread(3)._id].sort());
    expect(next.moved.sort()).toEqual([thread(1)._id, thread(3)._id].sort());
    expect(s.threads.get(thread(2)._id)!.prospectName).toBe('First2 Lamarr');
    expect(s.threads.list({ view: 'all', search: 'lamarr', offset: 0, limit: 10 }).total).toBe(1);
    expect(s.threads.list({ view: 'all', search: 'hopper', offset: 0, limit: 10 }).total).toBe(2);
    s.close();
  });

  it('puts the service status back under a pending change, which the overlay then re-applies', () => {
    const s = open();
    s.tx(() => s.threads.upsertMany([thread(1), thread(2)]));
    setThreadStatuses(s, [thread(1)._id], 'meeting_booked');
    expect(s.threads.get(thread(1)._id)!.status).toBe('meeting_booked');
    // The service still says open: totals per service status ignore the local change.
    expect(s.threads.serverStatusCounts()).toEqual({ open: 2 });
    s.tx(() => {
      s.threads.upsertMany([thread(1), thread(2)]);
      s.outbox.overlay('threads');
    });
    expect(s.threads.get(thread(1)._id)!.status).toBe('meeting_booked');
    expect(s.threads.serverStatusCounts()).toEqual({ open: 2 });
    // The service moves the other thread: its totals follow.
    s.tx(() => s.threads.upsertMany([thread(2, 'not_interested')]));
    expect(s.threads.serverStatusCounts()).toEqual({ open: 1, not_interested: 1 });
    s.close();
  });

  it('lists threads whose messages are missing or outdated, newest first', () => {
    const s = open();
    s.tx(() => s.threads.upsertMany([thread(1, 'open', 10), thread(2, 'open', 30), thread(3, 'open', 20)]));
    expect(s.threads.staleMessageIds()).toEqual([thread(2)._id, thread(3)._id, thread(1)._id]);
    const t2 = thread(2, 'open', 30);
    s.tx(() => s.messages.replaceForThread(t2._id, [message(t2._id, 1, 'hello')], t2.lastMessageAt));
    expect(s.threads.staleMessageIds()).toEqual([thread(3)._id, thread(1)._id]);
    // A new reply moves lastMessageAt: the thread is stale again.
    s.tx(() => s.threads.upsertMany([thread(2, 'open', 40)]));
    expect(s.threads.staleMessageIds()).toEqual([thread(2)._id, thread(3)._id, thread(1)._id]);
    s.close();
  });
});

describe('message upsert', () => {
  it('keeps unchanged messages, updates edited ones in search, drops the ones the service dropped', () => {
    const s = open();
    const t = thread(1);
    s.tx(() => s.threads.upsertMany([t]));
    const list = [message(t._id, 1, 'quarterly budget'), message(t._id, 2, 'pricing sheet attached')];
    const first = s.tx(() => s.messages.replaceForThread(t._id, list, t.lastMessageAt));
    expect(first.newInbound).toHaveLength(2);
    const again = s.tx(() => s.messages.replaceForThread(t._id, list, t.lastMessageAt));
    expect(again.newInbound).toEqual([]);
    expect(s.messages.list(t._id).map((m) => m.bodyText)).toEqual([
      'quarterly budget',
      'pricing sheet attached',
    ]);
    expect(s.threads.search('pricing', 10).map((r) => r.id)).toEqual([t._id]);

    const edited = [message(t._id, 1, 'annual budget')];
    s.tx(() => s.messages.replaceForThread(t._id, edited, t.lastMessageAt));
    expect(s.messages.list(t._id).map((m) => m.bodyText)).toEqual(['annual budget']);
    expect(s.threads.search('annual', 10).map((r) => r.id)).toEqual([t._id]);
    expect(s.threads.search('quarterly', 10)).toEqual([]);
    expect(s.threads.search('pricing', 10)).toEqual([]);
    expect(s.threads.get(t._id)!.messageCount).toBe(1);
    s.close();
  });

  it('previews a message sent only as HTML as it reads: entities decoded, no style or script text', () => {
    const s = open();
    const t = thread(1);
    s.tx(() => s.threads.upsertMany([t]));
    const htmlOnly = (n: number, bodyHtml: string): ApiMessage => ({
      ...message(t._id, n, ''),
      bodyHtml,
      bodyText: '',
    });
    const preview = (bodyHtml: string): string | null => {
      s.tx(() => s.messages.replaceForThread(t._id, [htmlOnly(1, bodyHtml)], t.lastMessageAt));
      return s.threads.get(t._id)!.snippet;
    };
    expect(
      preview(
        `<style>p{color:red}</style><p>Acme &lt;Labs&gt; &amp; Co: <b>yes</b>, let&#39;s talk&nbsp;Monday.</p>` +
          `<script>track()</script><div>Ana wrote:</div><blockquote><p>Our pricing</p></blockquote>`,
      ),
    ).toBe("Acme <Labs> & Co: yes, let's talk Monday. Ana wrote: > Our pricing");
    // A stray <body> in the middle of a message hides nothing before it.
    expect(preview('<p>Thanks!</p><body onload="alert(1)"><p>See you then</p>')).toBe('Thanks! See you then');
    // A huge body: its head is enough for the preview, and a style cut open there shows nothing.
    expect(preview(`<p>Report attached</p><style>${'td{color:red}'.repeat(10_000)}</style><p>Rows</p>`)).toBe(
      'Report attached',
    );
    s.close();
  });

  it("indexes a pull's batch once per message: repeats, moves, edits and a thread gone in one write", () => {
    const s = open();
    const [a, b, c] = [thread(1), thread(2), thread(3)];
    s.tx(() => s.threads.upsertMany([a, b, c]));
    const moving = message(a._id, 2, 'moving invoice');
    s.tx(() =>
      s.messages.replaceForThread(a._id, [message(a._id, 1, 'quarterly budget'), moving], a.lastMessageAt),
    );
    s.tx(() => s.messages.replaceForThread(c._id, [message(c._id, 1, 'gone budget')], c.lastMessageAt));
    // Which messages' rows the index gives for a word, and which messages hold it.
    const hits = (word: string) =>
      s.db
        .prepare(`SELECT rowid FROM messages_fts WHERE messages_fts MATCH ? ORDER BY rowid`)
        .pluck()
        .all(word);
    const holders = (word: string) =>
      s.db
        .prepare(
          `SELECT rid FROM messages WHERE (' ' || subject || ' ' || body_text || ' ') LIKE ? ORDER BY rid`,
        )
        .pluck()
        .all(`% ${word} %`);
    WRITES.messages(s, {
      initialDone: true,
      batch: [
        // Thread 1 edits its first message; a message listed twice keeps its last copy.
        {
          id: a._id,
          at: a.lastMessageAt,
          messages: [
            message(a._id, 1, 'annual budget'),
            message(a._id, 3, 'draft contract'),
            message(a._id, 3, 'signed contract'),
          ],
        },
        // Thread 2 now holds the message thread 1 no longer lists.
        {
          id: b._id,
          at: b.lastMessageAt,
          messages: [{ ...moving, chatThreadId: b._id }, message(b._id, 4, 'budget call')],
        },
        { id: c._id, at: c.lastMessageAt, messages: null },
      ],
    });
    for (const word of [
      'budget',
      'annual',
      'quarterly',
      'contract',
      'draft',
      'signed',
      'invoice',
      'gone',
      'subject',
    ])
      expect(hits(word), word).toEqual(holders(word));
    expect(hits('budget')).toHaveLength(2);
    expect(hits('signed')).toHaveLength(1);
    expect(s.messages.list(a._id).map((m) => m.bodyText)).toEqual(['annual budget', 'signed contract']);
    expect(s.messages.list(b._id).map((m) => m.bodyText)).toEqual(['moving invoice', 'budget call']);
    expect(s.threads.search('invoice', 10).map((r) => r.id)).toEqual([b._id]);
    expect(s.threads.search('draft', 10)).toEqual([]);
    expect(s.threads.exists(c._id)).toBe(false);
    s.close();
  });

  it('writes and indexes a batch of bodies larger than one statement takes, each message once', () => {
    const s = open();
    const t = thread(1);
    s.tx(() => s.threads.upsertMany([t]));
    const big = (n: number, word: string) =>
      message(t._id, n, `${word} ${'filler '.repeat(STATEMENT_CHARS / 7 / 2)}`);
    const list = [big(1, 'alpha'), big(2, 'bravo'), big(3, 'charlie'), message(t._id, 4, 'delta')];
    s.tx(() => s.messages.replaceForThread(t._id, list, t.lastMessageAt));
    expect(s.messages.list(t._id).map((m) => m.bodyText.split(' ')[0])).toEqual([
      'alpha',
      'bravo',
      'charlie',
      'delta',
    ]);
    for (const word of ['alpha', 'bravo', 'charlie', 'delta'])
      expect(
        s.db.prepare(`SELECT count(*) FROM messages_fts WHERE messages_fts MATCH ?`).pluck().get(word),
        word,
      ).toBe(1);
    expect(
      s.db.prepare(`SELECT count(*) FROM messages_fts WHERE messages_fts MATCH 'filler'`).pluck().get(),
    ).toBe(3);
    s.close();
  });
});
