// What the renderer needs of the IPC contract, without the validation library: the channels with
// their input and result types, the events main sends, the wire envelope and the error class.
// contract.ts re-exports all of it and adds the input schemas main validates with; a type check
// there keeps each schema equal to the input type declared here.
import type {
  Workspace,
  Account,
  Message,
  ThreadDetail,
  Campaign,
  CampaignStatistics,
  CampaignDay,
  CampaignActivityDay,
  EmailAccount,
  EmailAccountTag,
  OutboxEntry,
  Counts,
  ThreadWindow,
  SyncState,
  SearchResult,
  Settings,
  TriageResult,
  Snippet,
} from './contract-records';

export type {
  Workspace,
  AccountState,
  Account,
  ThreadRow,
  MessageDelivery,
  Person,
  Message,
  Lead,
  LeadMatch,
  ThreadDetail,
  CampaignSchedule,
  Campaign,
  CampaignStatistics,
  CampaignDay,
  CampaignActivityDay,
  EmailAccount,
  EmailAccountTag,
  OutboxKind,
  OutboxState,
  OutboxEntry,
  Counts,
  ThreadWindow,
  SyncState,
  SearchResult,
  Settings,
  TriageResult,
  Snippet,
} from './contract-records';

/** Campaign statuses a person may set (api.md, "Update campaign status"). */
export const CAMPAIGN_STATUSES = ['Draft', 'Active', 'Paused', 'Completed'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** At most this many rows in view are sent to the core at once (more than any window shows). */
export const IN_VIEW_MAX = 200;

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

// ---------------------------------------------------------------- inputs

type None = Record<string, never>;
interface OfAccount {
  accountId: string;
}
interface OfThread extends OfAccount {
  threadId: string;
}
interface OfCampaign extends OfAccount {
  campaignId: string;
}
interface OfEntry extends OfAccount {
  entryId: number;
}

export interface ThreadQuery extends OfAccount {
  /** inbox: open and not snoozed; snoozed: snoozed now; all: everything; status: the given status. */
  view: 'inbox' | 'all' | 'snoozed' | 'status';
  status?: string | undefined;
  campaignId?: string | undefined;
  emailAccountId?: string | undefined;
  search?: string | undefined;
  /** newest (the default): latest message first; waiting: longest unanswered first. */
  sort?: 'newest' | 'waiting' | undefined;
  /** Answer the counts with the window (the first paint of a list needs both, in one call). */
  withCounts?: boolean | undefined;
  offset: number;
  limit: number;
}

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

// ---------------------------------------------------------------- channels

/** Every channel the renderer may call: what it takes and what it answers. */
export interface ChannelTypes {
  'accounts.list': { input: None; result: Account[] };
  /** Checks the key against the service, then stores it in the keychain and starts a sync. */
  'accounts.add': { input: AddAccountInput; result: Account };
  'accounts.remove': { input: OfAccount; result: void };
  /** Checks a base URL and key without storing anything; lists the key's workspaces. */
  'accounts.test': { input: TestAccountInput; result: { workspaces: Workspace[] } };
  'accounts.workspaces': { input: OfAccount; result: Workspace[] };
  'accounts.chooseWorkspace': { input: OfAccount & { workspaceId: string }; result: Account };
  /** Replaces a paused account's key after a 401. */
  'accounts.updateKey': { input: OfAccount & { apiKey: string }; result: Account };
  /** Starts the built-in demo service and adds its Demo account (or returns the existing one). */
  'accounts.demo': { input: None; result: Account };

  'threads.list': { input: ThreadQuery; result: ThreadWindow };
  'threads.counts': { input: OfAccount; result: Counts };
  /** One thread as stored; reading it changes nothing (opening it marks it read: threads.markRead). */
  'threads.get': { input: OfThread; result: ThreadDetail | null };
  'threads.setStatus': { input: OfThread & { status: string }; result: TriageResult };
  'threads.setStatusMany': {
    input: OfAccount & { threadIds: string[]; status: string };
    result: TriageResult;
  };
  /** Puts each thread back to the status it had (the undo of a verdict). */
  'threads.restoreStatuses': {
    input: OfAccount & { previous: { threadId: string; status: string }[] };
    result: void;
  };
  'threads.markRead': { input: OfAccount & { threadIds: string[]; read: boolean }; result: void };
  /** Local only: the thread leaves the Inbox until `until` (null wakes it now). */
  'threads.snooze': { input: OfAccount & { threadIds: string[]; until: string | null }; result: void };
  /** The rows the window shows now (at most IN_VIEW_MAX): a sync fetches their messages next. */
  'threads.inView': { input: OfAccount & { threadIds: string[] }; result: void };

  /** Queues a reply in the outbox; it is sent at most once. */
  'reply.send': { input: SendReplyInput; result: Message };
  'reply.aiSuggestion': { input: OfThread; result: { suggestion: string } };
  'drafts.save': { input: OfThread & { bodyHtml: string | null }; result: void };
  'snippets.list': { input: OfAccount; result: Snippet[] };

  'campaigns.list': { input: OfAccount; result: Campaign[] };
  'campaigns.rename': { input: OfCampaign & { name: string }; result: Campaign };
  /** Online only; fails with `offline` or `not_supported` where the service cannot answer. */
  'campaigns.statistics': { input: OfCampaign; result: CampaignStatistics };
  'campaigns.setStatus': { input: OfCampaign & { status: CampaignStatus }; result: Campaign };
  'campaigns.dailyStatistics': { input: OfCampaign; result: CampaignDay[] };
  'campaigns.activity': {
    input: OfCampaign & { days: number; utcOffsetMinutes: number };
    result: CampaignActivityDay[];
  };

  'emailAccounts.list': { input: OfAccount; result: EmailAccount[] };
  'emailAccounts.update': { input: UpdateEmailAccountsInput; result: void };
  'tags.list': { input: OfAccount; result: EmailAccountTag[] };

  /** Queues addresses or domains for the do-not-contact list. */
  'dnc.add': { input: OfAccount & { entries: string[] }; result: void };

  search: { input: OfAccount & { query: string; limit: number }; result: SearchResult };

  'outbox.list': { input: OfAccount; result: OutboxEntry[] };
  'outbox.retry': { input: OfEntry; result: void };
  'outbox.discard': { input: OfEntry; result: void };
  /** The person's answer for a reply whose fate is unknown: send it again, or take it as sent. */
  'outbox.resolveUncertain': {
    input: OfEntry & { resolution: 'send_again' | 'mark_sent' | 'discard' };
    result: void;
  };

  'sync.now': { input: OfAccount; result: void };
  'sync.state': { input: OfAccount; result: SyncState };

  'settings.get': { input: None; result: Settings };
  'settings.set': { input: Partial<Settings>; result: Settings };

  /** Opens a link from a message in the system browser, after the person confirms (http/https only). */
  'links.open': { input: { url: string }; result: { opened: boolean } };
}

export type Channel = keyof ChannelTypes;
export type Input<C extends Channel> = ChannelTypes[C]['input'];
export type Result<C extends Channel> = ChannelTypes[C]['result'];

// ---------------------------------------------------------------- events (main → renderer)

/** `unread`: only whether the named threads are read changed (their rows and the unread count). */
export type DataScope =
  'threads' | 'unread' | 'campaigns' | 'leads' | 'emailAccounts' | 'outbox' | 'accounts' | 'settings';

export interface Events {
  'sync.state': SyncState;
  /** Something the renderer shows has changed (one event per change); re-ask for the scopes named.
   *  With the outbox scope it carries what waits now, for the status bar. */
  'data.changed': {
    accountId: string | null;
    scopes: DataScope[];
    threadIds?: string[];
    outbox?: { pending: number; failed: number; uncertain: number };
  };
  connectivity: { accountId: string; online: boolean };
  /** New inbound replies found by a sync. */
  'replies.new': { accountId: string; count: number; threadIds: string[] };
  /** The person chose an item of the application menu (Electron only); `command` is a keymap command id. */
  'menu.command': { command: MenuCommand };
  /** The person clicked the shell's new-reply notification (Electron only): show this thread. */
  'notification.open': { accountId: string; threadId: string };
}
export type EventName = keyof Events;

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

/** What `window.triage` offers, in Electron (preload) and in a browser (web bridge client) alike:
 *  the envelope as plain data (src/lib/api.ts makes an error envelope a TriageError). */
export interface TriageApi {
  invoke<C extends Channel>(channel: C, input: Input<C>): Promise<Envelope<Result<C>>>;
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
