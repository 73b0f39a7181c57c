// The IPC contract: every channel the renderer may call (its input schema and result type) and
// every event main sends. Imported by main, preload, the web bridge and the renderer, so it must
// stay free of Node and Electron imports. Main validates every input against these schemas
// before any handler runs.
import { z } from 'zod';

// ---------------------------------------------------------------- shared values

/** Thread statuses this app knows how to triage to. A server may send others: they are kept and shown. */
export const THREAD_STATUSES = [
  'open',
  'interested',
  'meeting_booked',
  'not_interested',
  'out_of_office',
  'wrong_person',
  'closed',
] as const;
export type KnownThreadStatus = (typeof THREAD_STATUSES)[number];

export const objectId = z.string().regex(/^[0-9a-f]{24}$/, 'must be a 24-character lowercase hex id');
export const accountId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be an account id');
/** Any status string the service may use (we keep unknown ones), bounded so it cannot be abused. */
export const threadStatus = z.string().trim().min(1).max(64);
const isoTime = z.iso.datetime({ offset: true });
const ofAccount = { accountId };

// ---------------------------------------------------------------- result types

export interface Workspace {
  id: string;
  name: string;
}

export type AccountState = 'ok' | 'auth_failed' | 'forbidden';

export interface Account {
  id: string;
  label: string;
  baseUrl: string;
  workspaceId: string | null;
  workspaceName: string | null;
  isDemo: boolean;
  state: AccountState;
  /** Why the account is paused, in words (never contains the key). */
  stateMessage: string | null;
  createdAt: string;
}

export interface ThreadRow {
  id: string;
  status: string;
  prospectId: string;
  prospectName: string;
  prospectEmail: string;
  company: string;
  campaignId: string;
  campaignName: string | null;
  emailAccountId: string;
  subject: string | null;
  snippet: string | null;
  lastMessageAt: string;
  createdAt: string;
  messageCount: number;
  unread: boolean;
  snoozedUntil: string | null;
  /** When the newest message arrived if it is the prospect's and still unanswered, else null. */
  waitingSince: string | null;
  /** Local changes to this thread not yet confirmed by the service. */
  pending: boolean;
}

export type MessageDelivery = 'sent' | 'queued' | 'sending' | 'failed' | 'uncertain';

export interface Person {
  email: string;
  name: string;
}

export interface Message {
  /** Server id once sent; `local-<outboxId>` while it waits in the outbox. */
  id: string;
  threadId: string;
  direction: 'inbound' | 'outbound';
  from: Person;
  to: Person[];
  subject: string;
  /** Untrusted HTML from the service: the renderer sanitizes it before showing it. */
  bodyHtml: string;
  bodyText: string;
  emailAccountId: string | null;
  sentAt: string;
  delivery: MessageDelivery;
  outboxId: number | null;
  error: string | null;
}

export interface Lead {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  company: string;
  title: string;
  phone: string;
  linkedinUrl: string;
  website: string;
  location: string;
  industry: string;
  customFields: Record<string, string>;
  leadListId: string | null;
  status: string;
  createdAt: string;
}

export interface ThreadDetail {
  thread: ThreadRow;
  messages: Message[];
  lead: Lead | null;
  /** Other threads with the same prospect, newest first. */
  otherThreads: ThreadRow[];
  draft: string | null;
}

export interface CampaignSchedule {
  timezone: string;
  days: number[];
  startHour: number;
  endHour: number;
}

export interface Campaign {
  id: string;
  name: string;
  status: string;
  emailAccounts: string[];
  tags: string[];
  dailyLimit: number | null;
  schedule: CampaignSchedule | null;
  createdAt: string;
  updatedAt: string;
  threadCount: number;
  /** Threads of this campaign by status. */
  replyCounts: Record<string, number>;
  /** A rename waits in the outbox. */
  pending: boolean;
}

export interface CampaignStatistics {
  sent: number;
  opened: number;
  replied: number;
  bounced: number;
  interested: number;
}

export interface EmailAccount {
  id: string;
  email: string;
  name: string;
  signature: string;
  tags: string[];
  status: string;
  dailyLimit: number | null;
  pending: boolean;
}

export interface EmailAccountTag {
  id: string;
  name: string;
  color: string;
}

export type OutboxKind = 'thread_status' | 'campaign_rename' | 'reply' | 'email_accounts' | 'dnc';
/** pending: waits to be sent; sending: on the wire now; failed: the service refused it or it ran out
 *  of tries (kept with its error); uncertain: a reply whose fate is unknown (never resent on its own). */
export type OutboxState = 'pending' | 'sending' | 'failed' | 'uncertain';

export interface OutboxEntry {
  id: number;
  kind: OutboxKind;
  state: OutboxState;
  /** The thread, campaign or first email account the change is about. */
  targetId: string | null;
  /** One line for the person: "Status of Ana Silva → interested". */
  summary: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface Counts {
  /** Open threads that are not snoozed: what waits for a verdict. */
  inbox: number;
  all: number;
  snoozed: number;
  unread: number;
  byStatus: Record<string, number>;
  byCampaign: Record<string, number>;
  byEmailAccount: Record<string, number>;
}

export interface ThreadWindow {
  total: number;
  offset: number;
  rows: ThreadRow[];
}

export interface SyncState {
  accountId: string;
  online: boolean;
  running: boolean;
  /** The running sync is this account's first: the list fills as it goes. */
  firstSync: boolean;
  /** What the running sync is doing, e.g. "threads 3/12". */
  phase: string | null;
  done: number;
  total: number;
  lastSyncedAt: string | null;
  lastError: string | null;
  pendingChanges: number;
  failedChanges: number;
  uncertainChanges: number;
}

export interface SearchResult {
  threads: ThreadRow[];
  leads: Lead[];
}

export interface Settings {
  theme: 'system' | 'light' | 'dark';
  syncIntervalSeconds: number;
  /** Show a desktop notice when new replies arrive. */
  notifyNewReplies: boolean;
  /** comfortable: three lines a row; compact: one line, for long lists. */
  rowDensity: 'comfortable' | 'compact';
}

export interface TriageResult {
  /** The statuses the threads had before, to undo with. */
  previous: { threadId: string; status: string }[];
}

export interface Snippet {
  id: string;
  name: string;
  body: string;
}

// ---------------------------------------------------------------- inputs

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

function channel<I extends z.ZodType, R>(input: I): { input: I; result: R } {
  return { input, result: undefined as unknown as R };
}

export const channels = {
  'accounts.list': channel<typeof none, Account[]>(none),
  /** Checks the key against the service, then stores it in the keychain and starts a sync. */
  'accounts.add': channel<z.ZodType<AddAccountInput>, Account>(
    z
      .object({
        label: z.string().trim().min(1).max(100),
        baseUrl: httpUrl,
        workspaceId: objectId.nullable().optional(),
        apiKey: z.string().min(1).max(512),
      })
      .strict(),
  ),
  'accounts.remove': channel<z.ZodType<{ accountId: string }>, void>(z.object(ofAccount).strict()),
  /** Checks a base URL and key without storing anything; lists the key's workspaces. */
  'accounts.test': channel<z.ZodType<TestAccountInput>, { workspaces: Workspace[] }>(
    z
      .object({
        baseUrl: httpUrl,
        apiKey: z.string().min(1).max(512),
        workspaceId: objectId.nullable().optional(),
      })
      .strict(),
  ),
  'accounts.workspaces': channel<z.ZodType<{ accountId: string }>, Workspace[]>(z.object(ofAccount).strict()),
  'accounts.chooseWorkspace': channel<z.ZodType<{ accountId: string; workspaceId: string }>, Account>(
    z.object({ ...ofAccount, workspaceId: objectId }).strict(),
  ),
  /** Replaces a paused account's key after a 401. */
  'accounts.updateKey': channel<z.ZodType<{ accountId: string; apiKey: string }>, Account>(
    z.object({ ...ofAccount, apiKey: z.string().min(1).max(512) }).strict(),
  ),
  /** Starts the built-in demo service and adds its Demo account (or returns the existing one). */
  'accounts.demo': channel<typeof none, Account>(none),

  'threads.list': channel<typeof threadQuery, ThreadWindow>(threadQuery),
  'threads.counts': channel<z.ZodType<{ accountId: string }>, Counts>(z.object(ofAccount).strict()),
  'threads.get': channel<z.ZodType<{ accountId: string; threadId: string }>, ThreadDetail | null>(
    z.object({ ...ofAccount, threadId: objectId }).strict(),
  ),
  'threads.setStatus': channel<
    z.ZodType<{ accountId: string; threadId: string; status: string }>,
    TriageResult
  >(z.object({ ...ofAccount, threadId: objectId, status: threadStatus }).strict()),
  'threads.setStatusMany': channel<
    z.ZodType<{ accountId: string; threadIds: string[]; status: string }>,
    TriageResult
  >(z.object({ ...ofAccount, threadIds, status: threadStatus }).strict()),
  /** Puts each thread back to the status it had (the undo of a verdict). */
  'threads.restoreStatuses': channel<
    z.ZodType<{ accountId: string; previous: { threadId: string; status: string }[] }>,
    void
  >(
    z
      .object({
        ...ofAccount,
        previous: z
          .array(z.object({ threadId: objectId, status: threadStatus }).strict())
          .min(1)
          .max(1000),
      })
      .strict(),
  ),
  'threads.markRead': channel<z.ZodType<{ accountId: string; threadIds: string[]; read: boolean }>, void>(
    z.object({ ...ofAccount, threadIds, read: z.boolean() }).strict(),
  ),
  /** Local only: the thread leaves the Inbox until `until` (null wakes it now). */
  'threads.snooze': channel<
    z.ZodType<{ accountId: string; threadIds: string[]; until: string | null }>,
    void
  >(z.object({ ...ofAccount, threadIds, until: isoTime.nullable() }).strict()),

  'messages.list': channel<z.ZodType<{ accountId: string; threadId: string }>, Message[]>(
    z.object({ ...ofAccount, threadId: objectId }).strict(),
  ),
  /** Queues a reply in the outbox; it is sent at most once. */
  'reply.send': channel<z.ZodType<SendReplyInput>, Message>(
    z
      .object({
        ...ofAccount,
        threadId: objectId,
        bodyHtml: z.string().trim().min(1, 'A reply needs some text.').max(200_000),
        emailAccountId: objectId.optional(),
      })
      .strict(),
  ),
  'reply.aiSuggestion': channel<z.ZodType<{ accountId: string; threadId: string }>, { suggestion: string }>(
    z.object({ ...ofAccount, threadId: objectId }).strict(),
  ),
  'drafts.save': channel<z.ZodType<{ accountId: string; threadId: string; bodyHtml: string | null }>, void>(
    z.object({ ...ofAccount, threadId: objectId, bodyHtml: z.string().max(200_000).nullable() }).strict(),
  ),
  'snippets.list': channel<z.ZodType<{ accountId: string }>, Snippet[]>(z.object(ofAccount).strict()),

  'campaigns.list': channel<z.ZodType<{ accountId: string }>, Campaign[]>(z.object(ofAccount).strict()),
  'campaigns.get': channel<z.ZodType<{ accountId: string; campaignId: string }>, Campaign | null>(
    z.object({ ...ofAccount, campaignId: objectId }).strict(),
  ),
  'campaigns.rename': channel<z.ZodType<{ accountId: string; campaignId: string; name: string }>, Campaign>(
    z.object({ ...ofAccount, campaignId: objectId, name: campaignName }).strict(),
  ),
  /** Online only; fails with `offline` or `not_supported` where the service cannot answer. */
  'campaigns.statistics': channel<z.ZodType<{ accountId: string; campaignId: string }>, CampaignStatistics>(
    z.object({ ...ofAccount, campaignId: objectId }).strict(),
  ),

  'leads.get': channel<z.ZodType<{ accountId: string; leadId: string }>, Lead | null>(
    z.object({ ...ofAccount, leadId: objectId }).strict(),
  ),
  'leads.search': channel<
    z.ZodType<{ accountId: string; query: string; offset: number; limit: number }>,
    { total: number; rows: Lead[] }
  >(
    z
      .object({
        ...ofAccount,
        query: z.string().max(200),
        offset: z.number().int().min(0).max(10_000_000),
        limit: z.number().int().min(1).max(500),
      })
      .strict(),
  ),

  'emailAccounts.list': channel<z.ZodType<{ accountId: string }>, EmailAccount[]>(
    z.object(ofAccount).strict(),
  ),
  'emailAccounts.update': channel<z.ZodType<UpdateEmailAccountsInput>, void>(
    z
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
  ),
  'tags.list': channel<z.ZodType<{ accountId: string }>, EmailAccountTag[]>(z.object(ofAccount).strict()),

  /** Queues addresses or domains for the do-not-contact list. */
  'dnc.add': channel<z.ZodType<{ accountId: string; entries: string[] }>, void>(
    z
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
  ),

  search: channel<z.ZodType<{ accountId: string; query: string; limit: number }>, SearchResult>(
    z
      .object({
        ...ofAccount,
        query: z.string().trim().min(1).max(200),
        limit: z.number().int().min(1).max(200),
      })
      .strict(),
  ),

  'outbox.list': channel<z.ZodType<{ accountId: string }>, OutboxEntry[]>(z.object(ofAccount).strict()),
  'outbox.retry': channel<z.ZodType<{ accountId: string; entryId: number }>, void>(
    z.object({ ...ofAccount, entryId: z.number().int().positive() }).strict(),
  ),
  'outbox.discard': channel<z.ZodType<{ accountId: string; entryId: number }>, void>(
    z.object({ ...ofAccount, entryId: z.number().int().positive() }).strict(),
  ),
  /** The person's answer for a reply whose fate is unknown: send it again, or take it as sent. */
  'outbox.resolveUncertain': channel<
    z.ZodType<{ accountId: string; entryId: number; resolution: 'send_again' | 'mark_sent' | 'discard' }>,
    void
  >(
    z
      .object({
        ...ofAccount,
        entryId: z.number().int().positive(),
        resolution: z.enum(['send_again', 'mark_sent', 'discard']),
      })
      .strict(),
  ),

  'sync.now': channel<z.ZodType<{ accountId: string }>, void>(z.object(ofAccount).strict()),
  'sync.state': channel<z.ZodType<{ accountId: string }>, SyncState>(z.object(ofAccount).strict()),

  'settings.get': channel<typeof none, Settings>(none),
  'settings.set': channel<z.ZodType<Partial<Settings>>, Settings>(
    z
      .object({
        theme: z.enum(['system', 'light', 'dark']).optional(),
        syncIntervalSeconds: z.number().int().min(15).max(86_400).optional(),
        notifyNewReplies: z.boolean().optional(),
        rowDensity: z.enum(['comfortable', 'compact']).optional(),
      })
      .strict(),
  ),

  /** Opens a link from a message in the system browser, after the person confirms (http/https only). */
  'links.open': channel<z.ZodType<{ url: string }>, { opened: boolean }>(
    z.object({ url: z.string().max(8192) }).strict(),
  ),
} as const;

export interface AddAccountInput {
  label: string;
  baseUrl: string;
  workspaceId?: string | null | undefined;
  apiKey: string;
}
export interface TestAccountInput {
  baseUrl: string;
  apiKey: string;
  workspaceId?: string | null | undefined;
}
export interface SendReplyInput {
  accountId: string;
  threadId: string;
  bodyHtml: string;
  emailAccountId?: string | undefined;
}
export interface UpdateEmailAccountsInput {
  accountId: string;
  emailAccountIds: string[];
  signature?: string | undefined;
  tags?: string[] | undefined;
}

export type Channels = typeof channels;
export type Channel = keyof Channels;
export type Input<C extends Channel> = z.output<Channels[C]['input']>;
export type Result<C extends Channel> = Channels[C]['result'];
export const CHANNEL_NAMES = Object.keys(channels) as Channel[];

/** The handlers behind every channel (built in electron/core/app.ts). */
export type Handlers = { [C in Channel]: (input: Input<C>) => Promise<Result<C>> };

/** Channels answered by the app itself; every other channel is about one account's data and is
 *  answered by that account's service (electron/core/account.ts). */
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

// ---------------------------------------------------------------- events (main → renderer)

export type DataScope =
  'threads' | 'campaigns' | 'leads' | 'emailAccounts' | 'outbox' | 'accounts' | 'settings';

export interface Events {
  'sync.state': SyncState;
  /** Something the renderer shows has changed; re-ask for the scopes named. */
  'data.changed': { accountId: string | null; scopes: DataScope[]; threadIds?: string[] };
  connectivity: { accountId: string; online: boolean };
  'outbox.changed': { accountId: string; pending: number; failed: number; uncertain: number };
  /** New inbound replies found by a sync. */
  'replies.new': { accountId: string; count: number; threadIds: string[] };
  /** The person chose an item of the application menu (Electron only); `command` is a keymap command id. */
  'menu.command': { command: MenuCommand };
  /** The person clicked the shell's new-reply notification (Electron only): show this thread. */
  'notification.open': { accountId: string; threadId: string };
}
export type EventName = keyof Events;
export const EVENT_NAMES: EventName[] = [
  'sync.state',
  'data.changed',
  'connectivity',
  'outbox.changed',
  'replies.new',
  'menu.command',
  'notification.open',
];

/** Commands the application menu can send: the same ids as the renderer's keymap (src/lib/keymap.ts). */
export const MENU_COMMANDS = [
  'palette.open',
  'search.focus',
  'help.open',
  'go.inbox',
  'go.campaigns',
  'go.outbox',
  'go.accounts',
  'sync.now',
  'theme.toggle',
] as const;
export type MenuCommand = (typeof MENU_COMMANDS)[number];

// ---------------------------------------------------------------- the wire

/** Error kinds the renderer acts on. `validation`: the input broke the contract. */
export type ErrorKind =
  | 'validation'
  | 'auth'
  | 'forbidden'
  | 'not_supported'
  | 'not_found'
  | 'rate_limited'
  | 'transient'
  | 'offline'
  | 'invalid'
  | 'conflict'
  | 'internal';

export interface WireError {
  kind: ErrorKind;
  message: string;
  /** Field paths and reasons for a validation error. */
  issues?: { path: string; message: string }[];
}

export type Envelope<R> = { ok: true; value: R } | { ok: false; error: WireError };

/** What `window.triage` offers, in Electron (preload) and in a browser (web bridge client) alike. */
export interface TriageApi {
  invoke<C extends Channel>(channel: C, input: z.input<Channels[C]['input']>): Promise<Result<C>>;
  on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void;
}

/** Thrown in the renderer when a channel answers with an error. */
export class TriageError extends Error {
  readonly kind: ErrorKind;
  readonly issues: { path: string; message: string }[] | undefined;
  constructor(error: WireError) {
    super(error.message);
    this.name = 'TriageError';
    this.kind = error.kind;
    this.issues = error.issues;
  }
}
