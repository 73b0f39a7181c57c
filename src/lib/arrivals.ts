// New messages from the prospect in the open thread, in words for the live region: the thread
// shown before and now are compared by message id, and only inbound ones count (the rep's own
// reply is not news to the rep).
import type { ThreadDetail } from '../../electron/shared/contract';

/** The open thread as last seen: its id and the ids of its messages. */
export interface SeenThread {
  threadId: string;
  messageIds: ReadonlySet<string>;
}

export function seenOf(detail: ThreadDetail | null): SeenThread | null {
  return detail
    ? { threadId: detail.thread.id, messageIds: new Set(detail.messages.map((m) => m.id)) }
    : null;
}

/** "New message from Wei Haddad" when the same thread now holds inbound messages it did not. */
export function arrivalWords(before: SeenThread | null, now: ThreadDetail | null): string | null {
  if (!before || !now || now.thread.id !== before.threadId) return null;
  const fresh = now.messages.filter((m) => m.direction === 'inbound' && !before.messageIds.has(m.id));
  if (fresh.length === 0) return null;
  const names = [...new Set(fresh.map((m) => m.from.name || m.from.email))];
  const from = names.length === 1 ? names[0] : now.thread.prospectName;
  return fresh.length === 1
    ? `New message from ${from} in the open thread`
    : `${fresh.length} new messages from ${from} in the open thread`;
}
