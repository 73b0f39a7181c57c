// What a rep's verdicts teach their on-device model: only the reply each verdict was given on (a
// later reply in the same thread is not what the rep judged), stored in a real SQLite file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore } from '../../electron/core/store/index';
import { setThreadStatuses } from '../../electron/core/outbox/kinds/threadStatus';
import type { ApiMessage } from '../../electron/core/api/schemas';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const tmpStore = () => {
  const d = mkdtempSync(join(tmpdir(), 'suggest-learning-'));
  dirs.push(d);
  return openStore(join(d, 'data.sqlite'));
};

const hex = (i: number) => i.toString(16).padStart(24, '0');
const thread = (i: number) => ({
  _id: hex(i),
  prospectId: hex(1000 + i),
  campaignId: 'c'.repeat(24),
  emailAccountId: 'e'.repeat(24),
  status: 'open',
  prospect: { email: `p${i}@acme.test`, firstName: `First${i}`, lastName: 'Lovelace', company: 'Acme' },
  lastMessageAt: '2026-11-20T09:00:00.000Z',
  createdAt: '2026-11-01T00:00:00.000Z',
});
const reply = (i: number, body: string, sentAt: string): ApiMessage =>
  ({
    _id: hex(5000 + i),
    direction: 'inbound',
    from: { email: 'p1@acme.test', name: 'First1' },
    to: [],
    subject: 'Re: Quick question',
    bodyHtml: '',
    bodyText: body,
    emailAccountId: null,
    sentAt,
  }) as ApiMessage;

describe("the rep's verdicts teach the reply they were given on", () => {
  it('a pricing question that came after a "No thanks" verdict is not learned as Not interested', () => {
    const s = tmpStore();
    const id = hex(1);
    const no = reply(1, 'No thanks, we are all set.', '2026-11-20T09:00:00.000Z');
    s.tx(() => {
      s.threads.upsertMany([thread(1)]);
      s.messages.replaceForThread(id, [no], 'x');
    });
    setThreadStatuses(s, [id], 'not_interested');
    // The prospect writes again later: a buying question the rep has not judged.
    const price = reply(2, 'Actually, what would the price be for 20 seats?', '2026-11-21T09:00:00.000Z');
    s.tx(() => s.messages.replaceForThread(id, [no, price], 'y'));
    const taught = s.suggestions.learningSet(100);
    expect(taught.map((t) => [t.given, t.bodyText])).toEqual([
      ['not_interested', 'No thanks, we are all set.'],
    ]);
    s.close();
  });
});
