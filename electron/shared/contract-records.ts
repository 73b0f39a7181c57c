// The records the app's channels answer with: rows of the local store as the renderer sees them.
// Plain types (no schemas, no runtime code); re-exported by contract.ts, whose types the renderer
// imports without its validation library.
import type { ThreadSuggestion, VerdictOutcome } from './contract-suggestions';
import type { ACCOUNT_STATES } from './contract-values';

export type * from './contract-suggestions';
export type * from './contract-campaigns';

export interface Workspace {
  id: string;
  name: string;
}

/** store_failed: the account's local file cannot be opened (a newer app's, a refused write, damage
 *  that could not be healed); the account shows what failed with Retry, Rebuild and Remove. */
export type AccountState = (typeof ACCOUNT_STATES)[number];

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
  /** What the app did on its own that the rep should know (a damaged local copy replaced), until dismissed. */
  notice?: string | null;
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
  /** A reply to this thread is being written: a draft is kept for it. */
  hasDraft: boolean;
  /** What the app suggests for the prospect's newest reply, null when it has no suggestion. */
  suggestion: ThreadSuggestion | null;
  /** In All inboxes: the account (one workspace) the thread belongs to. */
  accountId?: string;
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

/** A kind of change: its name in the core's table of kinds (electron/core/outbox/kinds), e.g.
 *  'thread_status'. The renderer shows the entry's `kindLabel`. */
export type OutboxKind = string;
/** pending: waits to be sent; sending: on the wire now; failed: the service refused it or it ran out
 *  of tries (kept with its error); uncertain: a reply whose fate is unknown (never resent on its own). */
export type OutboxState = 'pending' | 'sending' | 'failed' | 'uncertain';

export interface OutboxEntry {
  id: number;
  kind: OutboxKind;
  /** What kind of change it is, in words: "Thread status". */
  kindLabel: string;
  state: OutboxState;
  /** The thread or campaign the change is about; null for e-mail account changes (they may name
   *  several accounts) and do-not-contact entries. */
  targetId: string | null;
  /** One line for the person: "Status of Ana Silva → interested". */
  summary: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A change the service confirmed, kept a week in the Outbox's Sent list; `sentAt`: when it was
 *  confirmed (or the person said a reply of unknown fate was sent). */
export type SentChange = Pick<OutboxEntry, 'id' | 'kind' | 'kindLabel' | 'targetId' | 'summary'> & {
  sentAt: string;
};

export interface Counts {
  /** Open threads that are not snoozed: what waits for a verdict. */
  inbox: number;
  all: number;
  snoozed: number;
  unread: number;
  byStatus: Record<string, number>;
  byCampaign: Record<string, number>;
  byEmailAccount: Record<string, number>;
  /** Open threads not snoozed, by the verdict the app suggests for them. */
  bySuggestion: Record<string, number>;
}

/** All inboxes' counts: the sums over the accounts, and each account's own. */
export interface UnifiedCounts extends Counts {
  byAccount: Record<string, { inbox: number; unread: number }>;
}

export interface UnifiedWindow {
  total: number;
  offset: number;
  rows: ThreadRow[];
  counts?: UnifiedCounts;
}

export interface ThreadWindow {
  total: number;
  offset: number;
  rows: ThreadRow[];
  /** The counts as of the same moment, when asked for (`withCounts`): a first paint needs both. */
  counts?: Counts;
}

/** accounts.start's answer: the accounts, and the first one's Inbox, first window with counts. */
export interface AccountsStart {
  accounts: Account[];
  /** Null with no account, or when that read failed: the window then asks for it on its own and
   *  says why it failed. */
  inbox: { accountId: string; window: ThreadWindow } | null;
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

/** A lead the search found: only leads with a thread, each with the thread choosing it opens. */
export interface LeadMatch extends Lead {
  /** The lead's thread with the newest message. */
  newestThreadId: string;
}

export interface SearchResult {
  threads: ThreadRow[];
  /** People with a thread, the one who wrote last first. */
  leads: LeadMatch[];
}

/** All inboxes' search: each thread names its account (ThreadRow.accountId), and so does each person. */
export interface UnifiedSearchResult {
  threads: ThreadRow[];
  leads: (LeadMatch & { accountId: string })[];
}

export interface Settings {
  theme: 'system' | 'light' | 'dark';
  syncIntervalSeconds: number;
  /** Show a desktop notice when new replies arrive. */
  notifyNewReplies: boolean;
  /** comfortable: three lines a row; compact: one line, for long lists. */
  rowDensity: 'comfortable' | 'compact';
  /** A prospect's reply waiting longer than this (hours) is marked in a warm colour. */
  waitingAlertHours: number;
  /** Suggest a verdict for each reply (chips, the Suggested folders, the accept key). */
  suggestions: boolean;
  /** An accepted out-of-office without a return date snoozes the thread this many days. */
  outOfOfficeDays: number;
  /** The desktop app looks for a new version by itself (at start and every few hours). */
  autoUpdates: boolean;
}

export interface TriageResult {
  /** The statuses the threads had before, to undo with (and the rep's verdict the suggestions
   *  learned from then, which the undo puts back as it was). */
  previous: { threadId: string; status: string; outcome?: VerdictOutcome | null }[];
}

export interface Snippet {
  id: string;
  name: string;
  body: string;
}
