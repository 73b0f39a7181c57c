// One valid input per channel of the contract, and which of its fields may be left out or set to
// null: the starting points the IPC fuzz tests mutate into invalid payloads.
import type { Channel } from '../../electron/shared/contract';

const A = 'acc_test';
const ID = '0123456789abcdef01234567';

export interface Sample {
  input: Record<string, unknown>;
  optional?: string[];
  nullable?: string[];
  /** Array fields for which [] is valid. */
  emptyArrayOk?: string[];
}

export const SAMPLES: Record<Channel, Sample> = {
  'accounts.list': { input: {} },
  'accounts.start': { input: { limit: 100 } },
  'accounts.add': {
    input: { label: 'Work', baseUrl: 'https://api.example.com/v1', workspaceId: ID, apiKey: 'k' },
    optional: ['workspaceId'],
    nullable: ['workspaceId'],
  },
  'accounts.remove': { input: { accountId: A } },
  'accounts.test': {
    input: { baseUrl: 'https://api.example.com/v1', apiKey: 'k', workspaceId: ID },
    optional: ['workspaceId'],
    nullable: ['workspaceId'],
  },
  'accounts.workspaces': { input: { accountId: A } },
  'accounts.chooseWorkspace': { input: { accountId: A, workspaceId: ID } },
  'accounts.updateKey': { input: { accountId: A, apiKey: 'k' } },
  'accounts.repair': { input: { accountId: A, action: 'rebuild' } },
  'accounts.demo': { input: {} },
  'accounts.addWorkspace': { input: { accountId: A, workspaceId: ID } },
  'unified.list': {
    input: {
      view: 'status',
      status: 'open',
      search: 'x',
      sort: 'waiting',
      accountIds: [A],
      offset: 0,
      limit: 50,
    },
    optional: ['status', 'search', 'sort', 'accountIds'],
  },
  'unified.counts': { input: { accountIds: [A] }, optional: ['accountIds'] },
  'unified.search': { input: { query: 'q', limit: 8, accountIds: [A] }, optional: ['accountIds'] },
  'threads.list': {
    input: {
      accountId: A,
      view: 'status',
      status: 'open',
      campaignId: ID,
      emailAccountId: ID,
      search: 'x',
      sort: 'waiting',
      offset: 0,
      limit: 50,
    },
    optional: ['status', 'campaignId', 'emailAccountId', 'search', 'sort'],
  },
  'threads.counts': { input: { accountId: A } },
  'threads.get': { input: { accountId: A, threadId: ID } },
  'threads.setStatus': { input: { accountId: A, threadId: ID, status: 'interested' } },
  'threads.setStatusMany': { input: { accountId: A, threadIds: [ID], status: 'closed' } },
  'threads.restoreStatuses': { input: { accountId: A, previous: [{ threadId: ID, status: 'open' }] } },
  'threads.markRead': { input: { accountId: A, threadIds: [ID], read: true } },
  'threads.acceptSuggestions': { input: { accountId: A, threadIds: [ID] } },
  'threads.restoreAccepted': {
    input: {
      accountId: A,
      previous: [{ threadId: ID, status: 'open', snoozedUntil: '2030-01-01T09:00:00.000Z' }],
      dncOutboxIds: [1],
    },
    emptyArrayOk: ['dncOutboxIds'],
  },
  'threads.suggestionStats': { input: { accountId: A } },
  'threads.acceptSuggestedGroup': { input: { accountId: A, group: 'out_of_office' } },
  'threads.snooze': {
    input: { accountId: A, threadIds: [ID], until: '2030-01-01T09:00:00.000Z' },
    nullable: ['until'],
  },
  'threads.inView': { input: { accountId: A, threadIds: [ID] }, emptyArrayOk: ['threadIds'] },
  'reply.send': {
    input: { accountId: A, threadId: ID, bodyHtml: '<p>Hi</p>', emailAccountId: ID },
    optional: ['emailAccountId'],
  },
  'reply.aiSuggestion': { input: { accountId: A, threadId: ID } },
  'drafts.save': { input: { accountId: A, threadId: ID, bodyHtml: 'draft' }, nullable: ['bodyHtml'] },
  'snippets.list': { input: { accountId: A } },
  'campaigns.list': { input: { accountId: A } },
  'campaigns.rename': { input: { accountId: A, campaignId: ID, name: 'Q3 founders' } },
  'campaigns.setStatus': { input: { accountId: A, campaignId: ID, status: 'Paused' } },
  'campaigns.dailyStatistics': { input: { accountId: A, campaignId: ID } },
  'campaigns.activity': { input: { accountId: A, campaignId: ID, days: 30, utcOffsetMinutes: 60 } },
  'emailAccounts.list': { input: { accountId: A } },
  'emailAccounts.update': {
    input: { accountId: A, emailAccountIds: [ID], signature: '<p>Ana</p>', tags: [ID] },
    optional: ['signature', 'tags'],
    emptyArrayOk: ['tags'],
  },
  'tags.list': { input: { accountId: A } },
  'dnc.add': { input: { accountId: A, entries: ['someone@example.com'] } },
  search: { input: { accountId: A, query: 'ana', limit: 20 } },
  'outbox.list': { input: { accountId: A } },
  'outbox.sent': { input: { accountId: A } },
  'outbox.retry': { input: { accountId: A, entryId: 1 } },
  'outbox.discard': { input: { accountId: A, entryId: 1 } },
  'outbox.resolveUncertain': { input: { accountId: A, entryId: 1, resolution: 'mark_sent' } },
  'sync.now': { input: { accountId: A } },
  'sync.state': { input: { accountId: A } },
  'settings.get': { input: {} },
  'settings.set': {
    input: {
      theme: 'dark',
      syncIntervalSeconds: 60,
      notifyNewReplies: false,
      rowDensity: 'compact',
      autoUpdates: false,
    },
    optional: ['theme', 'syncIntervalSeconds', 'notifyNewReplies', 'rowDensity', 'autoUpdates'],
  },
  'links.open': { input: { url: 'https://example.com/' } },
  'updates.status': { input: {} },
  'updates.check': { input: {} },
  'updates.install': { input: {} },
};
