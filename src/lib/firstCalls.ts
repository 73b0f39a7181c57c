// The window's first calls, sent by src/main.ts before the app's own modules are evaluated and
// its parts made, so the core answers them while the page's script compiles and runs. A window
// that remembers no account asks for the accounts and the first one's Inbox in one call
// (accounts.start); one that remembers its account asks for that account's rows at once. Plain
// TypeScript, no Svelte: this module runs first, and what it imports is evaluated before it.
import type {
  Account,
  AccountsStart,
  DataScope,
  Settings,
  ThreadWindow,
} from '../../electron/shared/contract';
import { inboxFirstWindow } from '../../electron/shared/contract-values';
import { call } from './api';

/** Rows per window of the thread list (the first one is the first paint's). */
export const WINDOW_SIZE = 100;
/** Remembered: the account shown last. */
export const LAST_ACCOUNT = 'triage.lastAccount';
/** Remembered: the list shown is All inboxes (every account and workspace at once). */
export const ALL_INBOXES = 'triage.allInboxes';

export interface FirstCalls {
  /** The account remembered from the last time (null: a window that remembers nothing). */
  remembered: string | null;
  unified: boolean;
  /** A window that remembers no account: the accounts and the first one's Inbox. */
  start: Promise<AccountsStart> | null;
  /** A window that remembers its account: the accounts, and that account's first window. */
  accounts: Promise<Account[]> | null;
  inbox: { accountId: string; window: Promise<ThreadWindow> } | null;
  settings: Promise<Settings | null>;
  /** What changed while the first answers were on their way (they may predate it). */
  changed: Set<DataScope>;
  /** Stops listening for that change (the session listens from then on). */
  stopListening: () => void;
}

let first: FirstCalls | null = null;

/** Sends the first calls (once); session.svelte.ts takes their answers. */
export function sendFirstCalls(): FirstCalls {
  if (first) return first;
  const remembered = localStorage.getItem(LAST_ACCOUNT);
  const unified = remembered !== null && localStorage.getItem(ALL_INBOXES) === '1';
  const calls: FirstCalls = {
    remembered,
    unified,
    start: null,
    accounts: null,
    inbox: null,
    settings: call('settings.get', {}).catch(() => null),
    changed: new Set(),
    stopListening: () => undefined,
  };
  // Listening first opens the event stream, so a change made while the answers are on their way
  // is heard; the session asks again for the list when one was.
  calls.stopListening = window.triage.on('data.changed', (e) => {
    for (const scope of e.scopes) calls.changed.add(scope);
  });
  if (!remembered) calls.start = call('accounts.start', { limit: WINDOW_SIZE });
  else {
    calls.accounts = call('accounts.list', {});
    if (!unified) {
      const window = call('threads.list', inboxFirstWindow(remembered, WINDOW_SIZE));
      // Taken by the list (or let go), never left unhandled.
      window.catch(() => undefined);
      calls.inbox = { accountId: remembered, window };
    }
  }
  calls.start?.catch(() => undefined);
  calls.accounts?.catch(() => undefined);
  return (first = calls);
}

/** The first calls' answers, for the session to take once. */
export function takeFirstCalls(): FirstCalls {
  const calls = sendFirstCalls();
  first = null;
  return calls;
}
