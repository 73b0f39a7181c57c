// The contract's few runtime values the page needs (status lists, limits, error kinds, the error
// class), in a module without the validation library: the renderer imports these at run time and
// everything else of contract.ts as types only, so its bundle ships no zod. contract.ts re-exports
// all of it and builds its schemas from the same lists.

/** Campaign statuses a person may set (api.md, "Update campaign status"). */
export const CAMPAIGN_STATUSES = ['Draft', 'Active', 'Paused', 'Completed'] as const;

/** Where an account stands (contract-records.ts's Account.state); store_failed: its local file
 *  cannot be opened, the account shows why with Retry, Rebuild and Remove. */
export const ACCOUNT_STATES = ['ok', 'auth_failed', 'forbidden', 'store_failed'] as const;

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

/** The verdicts the app suggests on its own (the classifier's classes; `closed` and `open` are the
 *  rep's alone). */
export const SUGGESTED_VERDICTS = [
  'interested',
  'meeting_booked',
  'not_interested',
  'out_of_office',
  'wrong_person',
] as const;
export type SuggestedVerdict = (typeof SUGGESTED_VERDICTS)[number];
/** Accepting a whole Suggested folder takes at most this many threads per press. */
export const ACCEPT_GROUP_MAX = 5000;

/** At most this many rows in view are sent to the core at once (more than any window shows). */
export const IN_VIEW_MAX = 200;

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

/** Error kinds the renderer acts on. `validation`: the input broke the contract. */
const ERROR_KINDS = [
  'validation',
  'auth',
  'forbidden',
  'not_supported',
  'not_found',
  'rate_limited',
  'transient',
  'offline',
  'invalid',
  'conflict',
  'storage',
  'internal',
] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

export function isErrorKind(value: unknown): value is ErrorKind {
  return typeof value === 'string' && (ERROR_KINDS as readonly string[]).includes(value);
}

export interface WireError {
  kind: ErrorKind;
  message: string;
  /** Field paths and reasons for a validation error. */
  issues?: { path: string; message: string }[];
}

/** How every answer travels: a value, or the error the renderer shows. */
export type Envelope<R> = { ok: true; value: R } | { ok: false; error: WireError };

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

/** The first window of an account's Inbox with its counts: what a window asks for first, and what
 *  accounts.start answers with (one definition, so the core's answer is the window's own). */
export const inboxFirstWindow = (accountId: string, limit: number) =>
  ({ accountId, view: 'inbox', withCounts: true, offset: 0, limit }) as const;
