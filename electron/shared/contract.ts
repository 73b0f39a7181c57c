// The IPC contract, declared once: every channel's input schema (main validates every input against
// it before any handler runs) beside the type of its answer; the input types are derived from the
// schemas. The renderer imports this module with `import type` only (erased, so its bundle ships no
// zod) and its few runtime values from contract-values.ts. Free of Node, DOM and Electron imports.
import { z } from 'zod';
import type * as R from './contract-records';
import type { EventName, Events } from './contract-events';
import { CAMPAIGN_STATUSES, IN_VIEW_MAX, SUGGESTED_VERDICTS, type Envelope } from './contract-values';
import {
  acceptedBefore,
  statusesBefore,
  account,
  accountLabel,
  apiKey,
  campaign,
  campaignName,
  dncEntry,
  entry,
  entryId,
  httpUrl,
  isoTime,
  none,
  objectId,
  ofAccount,
  settingsPatch,
  signature,
  thread,
  threadIds,
  threadQuery,
  threadStatus,
  unifiedCounts,
  unifiedQuery,
  unifiedSearch,
  searchQuery,
  activityQuery,
  windowLimit,
} from './contract-schemas';
import { UPDATE_CHANNELS, updateChannels } from './contract-updates';

export type * from './contract-events';
export type * from './contract-records';
export type { UpdatePhase, UpdateStatus } from './contract-updates';
export * from './contract-values';
export type { ThreadQuery, UnifiedQuery } from './contract-schemas';

/** Marks the type a channel answers with: a type only, nothing to check at run time. */
type Answer<R> = { readonly answer?: R };
const answers = <R>(): Answer<R> => ({});

// ---------------------------------------------------------------- channels

/** Every channel the renderer may call: the schema of what it takes and the type it answers. */
export const channels = {
  'accounts.list': { input: none, result: answers<R.Account[]>() },
  /** What a window that remembers no account needs first, in one round trip (R.AccountsStart). */
  'accounts.start': {
    input: z.object({ limit: windowLimit }).strict(),
    result: answers<R.AccountsStart>(),
  },
  /** Checks the key against the service, then stores it in the keychain and starts a sync. */
  'accounts.add': {
    input: z
      .object({
        label: accountLabel,
        baseUrl: httpUrl,
        workspaceId: objectId.nullable().optional(),
        apiKey,
      })
      .strict(),
    result: answers<R.Account>(),
  },
  'accounts.remove': { input: account, result: answers<void>() },
  /** Checks a base URL and key without storing anything; lists the key's workspaces. */
  'accounts.test': {
    input: z.object({ baseUrl: httpUrl, apiKey, workspaceId: objectId.nullable().optional() }).strict(),
    result: answers<{ workspaces: R.Workspace[] }>(),
  },
  'accounts.workspaces': { input: account, result: answers<R.Workspace[]>() },
  'accounts.chooseWorkspace': {
    input: z.object({ ...ofAccount, workspaceId: objectId }).strict(),
    result: answers<R.Account>(),
  },
  /** Replaces a paused account's key after a 401. */
  'accounts.updateKey': { input: z.object({ ...ofAccount, apiKey }).strict(), result: answers<R.Account>() },
  /** A store that cannot be opened: try again, or rebuild it from the service (the old file is kept);
   *  `dismiss` clears the notice of a store that healed itself. */
  'accounts.repair': {
    input: z.object({ ...ofAccount, action: z.enum(['retry', 'rebuild', 'dismiss']) }).strict(),
    result: answers<R.Account>(),
  },
  /** Adds another workspace of an account's key as an account of its own (its own store and
   *  sync, in All inboxes beside the others); the key is copied in the keychain, never sent back. */
  'accounts.addWorkspace': {
    input: z.object({ ...ofAccount, workspaceId: objectId }).strict(),
    result: answers<R.Account>(),
  },
  /** Starts the built-in demo service and adds its Demo account (or returns the existing one). */
  'accounts.demo': { input: none, result: answers<R.Account>() },

  'threads.list': { input: threadQuery, result: answers<R.ThreadWindow>() },
  'threads.counts': { input: account, result: answers<R.Counts>() },
  /** All inboxes: a window of one list over every account (or those named), merged newest
   *  first (or longest waiting first); each row names its account. */
  'unified.list': { input: unifiedQuery, result: answers<R.UnifiedWindow>() },
  /** The palette's search over every account (or those named): threads newest first and people,
   *  each naming its account. */
  'unified.search': { input: unifiedSearch, result: answers<R.UnifiedSearchResult>() },
  'unified.counts': { input: unifiedCounts, result: answers<R.UnifiedCounts>() },
  /** One thread as stored; reading it changes nothing (opening it marks it read: threads.markRead). */
  'threads.get': { input: thread, result: answers<R.ThreadDetail | null>() },
  'threads.setStatus': {
    input: z.object({ ...ofAccount, threadId: objectId, status: threadStatus }).strict(),
    result: answers<R.TriageResult>(),
  },
  'threads.setStatusMany': {
    input: z.object({ ...ofAccount, threadIds, status: threadStatus }).strict(),
    result: answers<R.TriageResult>(),
  },
  /** Puts each thread back to the status it had (the undo of a verdict). */
  'threads.restoreStatuses': {
    input: z.object({ ...ofAccount, previous: statusesBefore }).strict(),
    result: answers<void>(),
  },
  'threads.markRead': {
    input: z.object({ ...ofAccount, threadIds, read: z.boolean() }).strict(),
    result: answers<void>(),
  },
  /** Takes the app's suggestion for each thread (the core's own, not a copy from the window): the
   *  status through the outbox; an absence also snoozes the thread until the day after its return
   *  (or `outOfOfficeDays`), a removal also adds the prospect to do-not-contact. */
  'threads.acceptSuggestions': {
    input: z.object({ ...ofAccount, threadIds }).strict(),
    result: answers<R.AcceptResult>(),
  },
  /** Accepts every thread of a Suggested folder (the newest ACCEPT_GROUP_MAX at most; press again
   *  for the rest), as one change and one undo. */
  'threads.acceptSuggestedGroup': {
    input: z.object({ ...ofAccount, group: z.enum(SUGGESTED_VERDICTS) }).strict(),
    result: answers<R.AcceptResult>(),
  },
  /** Puts back what accepting suggestions changed (the undo of an accept). */
  'threads.restoreAccepted': {
    input: z
      .object({ ...ofAccount, previous: acceptedBefore, dncOutboxIds: z.array(entryId).max(1000) })
      .strict(),
    /** dncSent: removals that had already left (they stay on the service's list). */
    result: answers<{ dncSent: number }>(),
  },
  'threads.suggestionStats': { input: account, result: answers<R.SuggestionStats>() },
  /** Local only: the thread leaves the Inbox until `until` (null wakes it now). */
  'threads.snooze': {
    input: z.object({ ...ofAccount, threadIds, until: isoTime.nullable() }).strict(),
    result: answers<void>(),
  },
  /** The rows the window shows now: a sync fetches their messages next. None in view is valid. */
  'threads.inView': {
    input: z.object({ ...ofAccount, threadIds: z.array(objectId).max(IN_VIEW_MAX) }).strict(),
    result: answers<void>(),
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
    result: answers<R.Message>(),
  },
  'reply.aiSuggestion': { input: thread, result: answers<{ suggestion: string }>() },
  'drafts.save': {
    input: z
      .object({ ...ofAccount, threadId: objectId, bodyHtml: z.string().max(200_000).nullable() })
      .strict(),
    result: answers<void>(),
  },
  'snippets.list': { input: account, result: answers<R.Snippet[]>() },

  'campaigns.list': { input: account, result: answers<R.Campaign[]>() },
  'campaigns.rename': {
    input: z.object({ ...ofAccount, campaignId: objectId, name: campaignName }).strict(),
    result: answers<R.Campaign>(),
  },
  /** Online only; fails with `offline` or `not_supported` where the service cannot answer. */
  /** Pause, resume or another status, through the outbox: the campaign changes at once. */
  'campaigns.setStatus': {
    input: z.object({ ...ofAccount, campaignId: objectId, status: z.enum(CAMPAIGN_STATUSES) }).strict(),
    result: answers<R.Campaign>(),
  },
  /** Online only, from the service; `not_supported` where it has no daily statistics. */
  'campaigns.dailyStatistics': { input: campaign, result: answers<R.CampaignDay[]>() },
  /** From the local store, offline too: the last `days` days (the local calendar), oldest first. */
  'campaigns.activity': { input: activityQuery, result: answers<R.CampaignActivityDay[]>() },

  'emailAccounts.list': { input: account, result: answers<R.EmailAccount[]>() },
  'emailAccounts.update': {
    input: z
      .object({
        ...ofAccount,
        emailAccountIds: z.array(objectId).min(1).max(1000),
        signature: signature.optional(),
        tags: z.array(objectId).max(1000).optional(),
      })
      .strict()
      .refine((v) => v.signature !== undefined || v.tags !== undefined, {
        message: 'Give a signature, tags, or both.',
      }),
    result: answers<void>(),
  },
  'tags.list': { input: account, result: answers<R.EmailAccountTag[]>() },

  /** Queues addresses or domains for the do-not-contact list. */
  'dnc.add': {
    input: z
      .object({
        ...ofAccount,
        entries: z.array(dncEntry).min(1).max(10_000),
      })
      .strict(),
    result: answers<void>(),
  },

  search: { input: searchQuery, result: answers<R.SearchResult>() },

  'outbox.list': { input: account, result: answers<R.OutboxEntry[]>() },
  /** Changes the service confirmed in the last week, newest first. */
  'outbox.sent': { input: account, result: answers<R.SentChange[]>() },
  'outbox.retry': { input: entry, result: answers<void>() },
  'outbox.discard': { input: entry, result: answers<void>() },
  /** The person's answer for a reply whose fate is unknown: send it again, or take it as sent. */
  'outbox.resolveUncertain': {
    input: z
      .object({ ...ofAccount, entryId, resolution: z.enum(['send_again', 'mark_sent', 'discard']) })
      .strict(),
    result: answers<void>(),
  },

  'sync.now': { input: account, result: answers<void>() },
  'sync.state': { input: account, result: answers<R.SyncState>() },

  'settings.get': { input: none, result: answers<R.Settings>() },
  'settings.set': {
    input: settingsPatch,
    result: answers<R.Settings>(),
  },

  /** Opens a link from a message in the system browser, after the person confirms (http/https only). */
  'links.open': {
    input: z.object({ url: z.string().max(8192) }).strict(),
    result: answers<{ opened: boolean }>(),
  },
  ...updateChannels,
} satisfies Record<string, { input: z.ZodType; result: Answer<unknown> }>;

type Channels = typeof channels;
export type Channel = keyof Channels;
/** What a caller sends on a channel (before the schema trims and lower-cases). */
export type Input<C extends Channel> = z.input<Channels[C]['input']>;
/** What a handler receives: the input as the schema parsed it. */
export type ParsedInput<C extends Channel> = z.output<Channels[C]['input']>;
export type Result<C extends Channel> = Channels[C]['result'] extends Answer<infer R> ? R : never;
export const CHANNEL_NAMES = Object.keys(channels) as Channel[];

/** The handlers behind every channel (built in electron/core/app.ts). */
export type Handlers = { [C in Channel]: (input: ParsedInput<C>) => Promise<Result<C>> };

/** Channels answered by the app itself; every other channel is about one account's data and is
 *  answered by that account's service (electron/core/account/). */
export const APP_CHANNELS = [
  'accounts.list',
  'accounts.start',
  'accounts.add',
  'accounts.remove',
  'accounts.test',
  'accounts.workspaces',
  'accounts.chooseWorkspace',
  'accounts.updateKey',
  'accounts.repair',
  'accounts.demo',
  'accounts.addWorkspace',
  'unified.list',
  'unified.counts',
  'unified.search',
  'settings.get',
  'settings.set',
  'links.open',
  ...UPDATE_CHANNELS,
] as const satisfies readonly Channel[];
export type AccountChannel = Exclude<Channel, (typeof APP_CHANNELS)[number]>;
export type AccountHandlers = Pick<Handlers, AccountChannel>;

/** What `window.triage` offers, in Electron (preload) and in a browser (web bridge client) alike:
 *  the envelope as plain data (src/lib/api.ts makes an error envelope a TriageError). */
export interface TriageApi {
  invoke<C extends Channel>(channel: C, input: Input<C>): Promise<Envelope<Result<C>>>;
  on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void;
}
