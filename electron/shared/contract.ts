// The IPC contract: every channel's input schema, which main validates every input against
// before any handler runs. The types and constants the renderer needs live in contract-types.ts
// (no validation library, so the renderer bundle stays small); this module re-exports them for
// main, preload, core and the web bridge. Free of Node and Electron imports.
import { z } from 'zod';
import { CAMPAIGN_STATUSES, IN_VIEW_MAX, type Channel, type Input, type Result } from './contract-types';

export * from './contract-types';

export const objectId = z.string().regex(/^[0-9a-f]{24}$/, 'must be a 24-character lowercase hex id');
export const accountId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be an account id');
/** Any status string the service may use (we keep unknown ones), bounded so it cannot be abused. */
export const threadStatus = z.string().trim().min(1).max(64);
const isoTime = z.iso.datetime({ offset: true });
const ofAccount = { accountId };

// ---------------------------------------------------------------- input schemas

const threadQuery = z
  .object({
    ...ofAccount,
    /** inbox: open and not snoozed; snoozed: snoozed now; all: everything; status: the given status. */
    view: z.enum(['inbox', 'all', 'snoozed', 'status']),
    status: threadStatus.optional(),
    campaignId: objectId.optional(),
    emailAccountId: objectId.optional(),
    search: z.string().max(200).optional(),
    /** newest (the default): latest message first; waiting: longest unanswered first. */
    sort: z.enum(['newest', 'waiting']).optional(),
    withCounts: z.boolean().optional(),
    offset: z.number().int().min(0).max(10_000_000),
    limit: z.number().int().min(1).max(500),
  })
  .strict();

const threadIds = z.array(objectId).min(1).max(1000);
const campaignName = z
  .string()
  .trim()
  .min(1, 'A campaign needs a name.')
  .max(200, 'A campaign name has at most 200 characters.');
const httpUrl = z.string().url().max(2048);
const none = z.object({}).strict();

export const channels = {
  'accounts.list': { input: none },
  /** Checks the key against the service, then stores it in the keychain and starts a sync. */
  'accounts.add': {
    input: z
      .object({
        label: z.string().trim().min(1).max(100),
        baseUrl: httpUrl,
        workspaceId: objectId.nullable().optional(),
        apiKey: z.string().min(1).max(512),
      })
      .strict(),
  },
  'accounts.remove': { input: z.object(ofAccount).strict() },
  /** Checks a base URL and key without storing anything; lists the key's workspaces. */
  'accounts.test': {
    input: z
      .object({
        baseUrl: httpUrl,
        apiKey: z.string().min(1).max(512),
        workspaceId: objectId.nullable().optional(),
      })
      .strict(),
  },
  'accounts.workspaces': { input: z.object(ofAccount).strict() },
  'accounts.chooseWorkspace': { input: z.object({ ...ofAccount, workspaceId: objectId }).strict() },
  /** Replaces a paused account's key after a 401. */
  'accounts.updateKey': { input: z.object({ ...ofAccount, apiKey: z.string().min(1).max(512) }).strict() },
  /** Starts the built-in demo service and adds its Demo account (or returns the existing one). */
  'accounts.demo': { input: none },

  'threads.list': { input: threadQuery },
  'threads.counts': { input: z.object(ofAccount).strict() },
  'threads.get': { input: z.object({ ...ofAccount, threadId: objectId }).strict() },
  'threads.setStatus': {
    input: z.object({ ...ofAccount, threadId: objectId, status: threadStatus }).strict(),
  },
  'threads.setStatusMany': { input: z.object({ ...ofAccount, threadIds, status: threadStatus }).strict() },
  /** Puts each thread back to the status it had (the undo of a verdict). */
  'threads.restoreStatuses': {
    input: z
      .object({
        ...ofAccount,
        previous: z
          .array(z.object({ threadId: objectId, status: threadStatus }).strict())
          .min(1)
          .max(1000),
      })
      .strict(),
  },
  'threads.markRead': { input: z.object({ ...ofAccount, threadIds, read: z.boolean() }).strict() },
  /** Local only: the thread leaves the Inbox until `until` (null wakes it now). */
  'threads.snooze': { input: z.object({ ...ofAccount, threadIds, until: isoTime.nullable() }).strict() },
  /** The rows the window shows now: a sync fetches their messages next. None in view is valid. */
  'threads.inView': {
    input: z.object({ ...ofAccount, threadIds: z.array(objectId).max(IN_VIEW_MAX) }).strict(),
  },

  /** Queues a reply in the outbox; it is sent at most once. */
  'reply.send': {
    input: z
      .object({
        ...ofAccount,
        threadId: objectId,
        bodyHtml: z.string().trim().min(1, 'A reply needs some text.').max(200_000),
        emailAccountId: objectId.optional(),
      })
      .strict(),
  },
  'reply.aiSuggestion': { input: z.object({ ...ofAccount, threadId: objectId }).strict() },
  'drafts.save': {
    input: z
      .object({ ...ofAccount, threadId: objectId, bodyHtml: z.string().max(200_000).nullable() })
      .strict(),
  },
  'snippets.list': { input: z.object(ofAccount).strict() },

  'campaigns.list': { input: z.object(ofAccount).strict() },
  'campaigns.rename': {
    input: z.object({ ...ofAccount, campaignId: objectId, name: campaignName }).strict(),
  },
  /** Online only; fails with `offline` or `not_supported` where the service cannot answer. */
  'campaigns.statistics': { input: z.object({ ...ofAccount, campaignId: objectId }).strict() },
  /** Pause, resume or another status, through the outbox: the campaign changes at once. */
  'campaigns.setStatus': {
    input: z.object({ ...ofAccount, campaignId: objectId, status: z.enum(CAMPAIGN_STATUSES) }).strict(),
  },
  /** Online only, from the service; `not_supported` where it has no daily statistics. */
  'campaigns.dailyStatistics': { input: z.object({ ...ofAccount, campaignId: objectId }).strict() },
  /** From the local store, offline too: the last `days` days (the local calendar), oldest first. */
  'campaigns.activity': {
    input: z
      .object({
        ...ofAccount,
        campaignId: objectId,
        days: z.number().int().min(1).max(366),
        // Every time zone is a whole quarter of an hour from UTC.
        utcOffsetMinutes: z.number().int().min(-840).max(840).multipleOf(15),
      })
      .strict(),
  },

  'emailAccounts.list': { input: z.object(ofAccount).strict() },
  'emailAccounts.update': {
    input: z
      .object({
        ...ofAccount,
        emailAccountIds: z.array(objectId).min(1).max(1000),
        signature: z.string().max(100_000).optional(),
        tags: z.array(objectId).max(1000).optional(),
      })
      .strict()
      .refine((v) => v.signature !== undefined || v.tags !== undefined, {
        message: 'Give a signature, tags, or both.',
      }),
  },
  'tags.list': { input: z.object(ofAccount).strict() },

  /** Queues addresses or domains for the do-not-contact list. */
  'dnc.add': {
    input: z
      .object({
        ...ofAccount,
        entries: z
          .array(
            z
              .string()
              .trim()
              .toLowerCase()
              .regex(/^([^\s@]+@)?[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'must be an e-mail address or a domain'),
          )
          .min(1)
          .max(10_000),
      })
      .strict(),
  },

  search: {
    input: z
      .object({
        ...ofAccount,
        query: z.string().trim().min(1).max(200),
        limit: z.number().int().min(1).max(200),
      })
      .strict(),
  },

  'outbox.list': { input: z.object(ofAccount).strict() },
  'outbox.retry': { input: z.object({ ...ofAccount, entryId: z.number().int().positive() }).strict() },
  'outbox.discard': { input: z.object({ ...ofAccount, entryId: z.number().int().positive() }).strict() },
  /** The person's answer for a reply whose fate is unknown: send it again, or take it as sent. */
  'outbox.resolveUncertain': {
    input: z
      .object({
        ...ofAccount,
        entryId: z.number().int().positive(),
        resolution: z.enum(['send_again', 'mark_sent', 'discard']),
      })
      .strict(),
  },

  'sync.now': { input: z.object(ofAccount).strict() },
  'sync.state': { input: z.object(ofAccount).strict() },

  'settings.get': { input: none },
  'settings.set': {
    input: z
      .object({
        theme: z.enum(['system', 'light', 'dark']).optional(),
        syncIntervalSeconds: z.number().int().min(15).max(86_400).optional(),
        notifyNewReplies: z.boolean().optional(),
        rowDensity: z.enum(['comfortable', 'compact']).optional(),
      })
      .strict(),
  },

  /** Opens a link from a message in the system browser, after the person confirms (http/https only). */
  'links.open': { input: z.object({ url: z.string().max(8192) }).strict() },
} satisfies { [C in Channel]: { input: z.ZodType<Input<C>> } };

export type Channels = typeof channels;
export const CHANNEL_NAMES = Object.keys(channels) as Channel[];

// Each schema's output must be the input type declared in contract-types.ts (same keys, each side
// assignable to the other), so neither can drift from the other; a drift names its channel here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Equal<A, B> = Same<A, B> extends true ? Same<keyof A, keyof B> : false;
type Drifted = {
  [C in Channel]: Equal<z.output<Channels[C]['input']>, Input<C>> extends true ? never : C;
}[Channel];
const noDrift: [Drifted] extends [never] ? true : Drifted = true;
void noDrift;

/** The handlers behind every channel (built in electron/core/app.ts). */
export type Handlers = { [C in Channel]: (input: Input<C>) => Promise<Result<C>> };

/** Channels answered by the app itself; every other channel is about one account's data and is
 *  answered by that account's service (electron/core/account/). */
export const APP_CHANNELS = [
  'accounts.list',
  'accounts.add',
  'accounts.remove',
  'accounts.test',
  'accounts.workspaces',
  'accounts.chooseWorkspace',
  'accounts.updateKey',
  'accounts.demo',
  'settings.get',
  'settings.set',
  'links.open',
] as const satisfies readonly Channel[];
export type AppChannel = (typeof APP_CHANNELS)[number];
export type AccountChannel = Exclude<Channel, AppChannel>;
export type AccountHandlers = { [C in AccountChannel]: (input: Input<C>) => Promise<Result<C>> };
