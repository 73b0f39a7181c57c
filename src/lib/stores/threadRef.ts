// Where a thread lives. In one account's list a row's id is the service's thread id; in All
// inboxes it is `<account id>:<thread id>`, since two services may use the same thread id. The
// window keeps that id everywhere (rows, selection, the open thread, undo); each call to the
// core goes to the account the id names, with the service's own id.
import { accounts } from './accounts.svelte';

export interface ThreadRef {
  accountId: string;
  threadId: string;
}

/** A thread's id in All inboxes (an account id never holds a colon). */
export function unifiedId(accountId: string, threadId: string): string {
  return `${accountId}:${threadId}`;
}

/** The window's id of a thread the core names. */
export function localId(accountId: string, threadId: string): string {
  return accounts.unified ? unifiedId(accountId, threadId) : threadId;
}

/** The account and service id behind a window id (null: no account is shown). */
export function refOf(id: string): ThreadRef | null {
  const at = id.indexOf(':');
  if (at > 0) return { accountId: id.slice(0, at), threadId: id.slice(at + 1) };
  return accounts.id ? { accountId: accounts.id, threadId: id } : null;
}

/** Window ids grouped by the account each belongs to, in the order met. */
export function byAccount(ids: Iterable<string>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const id of ids) {
    const ref = refOf(id);
    if (!ref) continue;
    const list = out.get(ref.accountId);
    if (list) list.push(ref.threadId);
    else out.set(ref.accountId, [ref.threadId]);
  }
  return out;
}

/** The window ids of threads the core named for an account (events, answers). */
export function localIds(accountId: string, threadIds: readonly string[]): string[] {
  return threadIds.map((t) => localId(accountId, t));
}
