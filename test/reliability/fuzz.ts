// Payloads for fuzzing the IPC contract: a valid sample per channel, and mutations of it (wrong
// types, missing and extra keys, prototype keys, huge strings, NaN/Infinity, deep nesting, other
// containers). The verdict of the channel's own schema decides what the dispatcher must answer.
import type { Channel } from '../../electron/shared/contract';
import type { Rng } from './prng';

const ID = 'a1b2c3d4e5f6a1b2c3d4e5f6';
/** A well-formed account id that no account has. */
export const UNKNOWN_ACCOUNT = 'no-such-account';
const acc = { accountId: UNKNOWN_ACCOUNT };

/** One valid input per channel (every channel must have one: a new channel without a sample fails the suite). */
export const SAMPLES: Record<Channel, Record<string, unknown>> = {
  'accounts.list': {},
  'accounts.start': { limit: 100 },
  'accounts.add': { label: 'Work', baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'k-fuzz-0000' },
  'accounts.remove': { ...acc },
  'accounts.test': { baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'k-fuzz-0000' },
  'accounts.workspaces': { ...acc },
  'accounts.chooseWorkspace': { ...acc, workspaceId: ID },
  'accounts.updateKey': { ...acc, apiKey: 'k-fuzz-0000' },
  'accounts.repair': { ...acc, action: 'retry' },
  'accounts.demo': {},
  'accounts.addWorkspace': { ...acc, workspaceId: ID },
  'unified.list': { view: 'inbox', offset: 0, limit: 50 },
  'unified.counts': {},
  'unified.search': { query: 'fuzz', limit: 8 },
  'threads.list': { ...acc, view: 'inbox', offset: 0, limit: 50 },
  'threads.counts': { ...acc },
  'threads.get': { ...acc, threadId: ID },
  'threads.setStatus': { ...acc, threadId: ID, status: 'interested' },
  'threads.setStatusMany': { ...acc, threadIds: [ID], status: 'closed' },
  'threads.restoreStatuses': { ...acc, previous: [{ threadId: ID, status: 'open' }] },
  'threads.markRead': { ...acc, threadIds: [ID], read: true },
  'threads.acceptSuggestions': { ...acc, threadIds: [ID] },
  'threads.restoreAccepted': {
    ...acc,
    previous: [{ threadId: ID, status: 'open', snoozedUntil: null }],
    dncOutboxIds: [1],
  },
  'threads.suggestionStats': { ...acc },
  'threads.acceptSuggestedGroup': { ...acc, group: 'out_of_office' },
  'threads.snooze': { ...acc, threadIds: [ID], until: '2026-12-01T09:00:00.000Z' },
  'threads.inView': { ...acc, threadIds: [ID] },
  'reply.send': { ...acc, threadId: ID, bodyHtml: '<p>Hi</p>' },
  'reply.aiSuggestion': { ...acc, threadId: ID },
  'drafts.save': { ...acc, threadId: ID, bodyHtml: '<p>draft</p>' },
  'snippets.list': { ...acc },
  'campaigns.list': { ...acc },
  'campaigns.rename': { ...acc, campaignId: ID, name: 'Q1 outreach' },
  'campaigns.setStatus': { ...acc, campaignId: ID, status: 'Paused' },
  'campaigns.dailyStatistics': { ...acc, campaignId: ID },
  'campaigns.activity': { ...acc, campaignId: ID, days: 30, utcOffsetMinutes: 0 },
  'emailAccounts.list': { ...acc },
  'emailAccounts.update': { ...acc, emailAccountIds: [ID], signature: '<p>Ana</p>' },
  'tags.list': { ...acc },
  'dnc.add': { ...acc, entries: ['example.com'] },
  search: { ...acc, query: 'ana', limit: 20 },
  'outbox.list': { ...acc },
  'outbox.sent': { ...acc },
  'outbox.retry': { ...acc, entryId: 1 },
  'outbox.discard': { ...acc, entryId: 1 },
  'outbox.resolveUncertain': { ...acc, entryId: 1, resolution: 'mark_sent' },
  'sync.now': { ...acc },
  'sync.state': { ...acc },
  'settings.get': {},
  'settings.set': { theme: 'dark' },
  'links.open': { url: 'https://example.com/' },
  'updates.status': {},
  'updates.check': {},
  'updates.install': {},
};

function deepNest(depth: number): unknown {
  let v: unknown = 'bottom';
  for (let i = 0; i < depth; i++) v = i % 2 === 0 ? { a: v } : [v];
  return v;
}

/** Values that break a schema one way or another, as a renderer might send them. */
function badValue(rng: Rng): unknown {
  switch (rng.int(0, 21)) {
    case 0:
      return null;
    case 1:
      return undefined;
    case 2:
      return Number.NaN;
    case 3:
      return rng.chance(0.5) ? Infinity : -Infinity;
    case 4:
      return -1;
    case 5:
      return 1.5;
    case 6:
      return 2 ** 53 + 2;
    case 7:
      return '';
    case 8:
      return 'x'.repeat(rng.pick([257, 70_000, 1_000_001]));
    case 9:
      return ' \u0000\u202e<script>alert(1)</script>';
    case 10:
      return [];
    case 11:
      return [ID, 42, null];
    case 12:
      return {};
    case 13:
      return JSON.parse(
        '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
      ) as unknown;
    case 14:
      return deepNest(rng.pick([100, 5_000]));
    case 15:
      return true;
    case 16:
      return new Date(0);
    case 17:
      return new Uint8Array([1, 2, 3]);
    case 18:
      return new Map([['a', 1]]);
    case 19:
      return 'A1B2C3D4E5F6A1B2C3D4E5F6';
    case 20:
      return '../../etc/passwd';
    default:
      return 12345678901234567890n;
  }
}

const EXTRA_KEYS = ['__proto__', 'constructor', 'prototype', 'isAdmin', 'apiKey', 'then', 'toString', ''];

/** A mutation of `sample`: usually invalid, sometimes still valid (the schema has the last word). */
export function mutate(sample: Record<string, unknown>, rng: Rng): unknown {
  const keys = Object.keys(sample);
  const copy: Record<string, unknown> = { ...sample };
  switch (rng.int(0, 7)) {
    case 0:
      return badValue(rng);
    case 1: {
      if (keys.length === 0) return badValue(rng);
      delete copy[rng.pick(keys)];
      return copy;
    }
    case 2:
    case 3: {
      if (keys.length === 0) return { [rng.pick(EXTRA_KEYS)]: badValue(rng) };
      copy[rng.pick(keys)] = badValue(rng);
      return copy;
    }
    case 4: {
      const key = rng.pick(EXTRA_KEYS);
      // Define (not assign), so "__proto__" becomes an own key as it would after JSON.parse.
      Object.defineProperty(copy, key, {
        value: badValue(rng),
        enumerable: true,
        configurable: true,
        writable: true,
      });
      return copy;
    }
    case 5:
      return [copy];
    case 6: {
      for (const k of keys) copy[k] = badValue(rng);
      return copy;
    }
    default:
      return deepNest(rng.int(1, 3) * 2_000);
  }
}

/** Things that are not channels. */
export const BAD_CHANNELS: unknown[] = [
  undefined,
  null,
  42,
  '',
  'accounts',
  'accounts.list ',
  'ACCOUNTS.LIST',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  ['accounts.list'],
  { channel: 'accounts.list' },
  'x'.repeat(100_000),
  'sync.now\u0000',
];
