// A reply to a thread. Every reply is its own intent (a second reply never retires the first) and
// is sent at most once: it is not idempotent, so a doubt after it left makes it `uncertain` and the
// person decides. While it waits it shows in its thread as a message of ours.
import type { Message, MessageDelivery } from '../../../shared/contract';
import type { ApiMessage } from '../../api/schemas';
import type { Db } from '../../store/db';
import { htmlToText, parseJson } from '../../store/util';
import type { OutboxDbRow } from '../entry';
import type { ChangeKind, KindStore } from '../kind';
import { LIVE_SQL } from '../live';

export interface ReplyPayload {
  bodyHtml: string;
  emailAccountId?: string | undefined;
  /** Filled for the local message shown while it waits. */
  fromEmail: string;
  fromName: string;
  toEmail: string;
  toName: string;
  subject: string;
}

export const reply: ChangeKind<ReplyPayload, ApiMessage> = {
  name: 'reply',
  label: 'Reply',
  idempotent: false,
  check: async (c, e, o) => {
    await c.getThread(e.targetId!, o);
  },
  send: (c, e, o) =>
    c.reply(
      e.targetId!,
      {
        bodyHtml: e.payload.bodyHtml,
        ...(e.payload.emailAccountId ? { emailAccountId: e.payload.emailAccountId } : {}),
      },
      o,
    ),
  apply(store, e, message) {
    if (store.threads.exists(e.targetId!)) store.messages.add(e.targetId!, message);
  },
  scope: 'threads',
};

/** Queues a reply; it shows in the thread at once as a queued message. */
export function queueReply(
  store: KindStore,
  threadId: string,
  bodyHtml: string,
  emailAccountId?: string,
): Message | null {
  return store.tx(() => {
    const thread = store.threads.get(threadId);
    if (!thread) return null;
    const messages = store.messages.list(threadId);
    const last = messages[messages.length - 1];
    const accountId = emailAccountId ?? thread.emailAccountId;
    const sender = store.emailAccounts.list().find((a) => a.id === accountId);
    const subject = last ? (/^re:/i.test(last.subject) ? last.subject : `Re: ${last.subject}`) : '';
    const payload: ReplyPayload = {
      bodyHtml,
      ...(emailAccountId ? { emailAccountId } : {}),
      fromEmail: sender?.email ?? '',
      fromName: sender?.name ?? '',
      toEmail: thread.prospectEmail,
      toName: thread.prospectName,
      subject,
    };
    const who = thread.prospectName || thread.prospectEmail;
    const id = store.outbox.add(reply.name, threadId, payload, `Reply to ${who}`);
    store.local.saveDraft(threadId, null);
    return localReplies(store.db, threadId).find((m) => m.outboxId === id) ?? null;
  });
}

/** Replies of a thread still in the outbox, shown as messages after the pulled ones. */
export function localReplies(db: Db, threadId: string): Message[] {
  const rows = db
    .prepare(`SELECT * FROM outbox WHERE kind = ? AND target_id = ? AND state IN ${LIVE_SQL} ORDER BY id`)
    .all(reply.name, threadId) as OutboxDbRow[];
  return rows.map((r) => {
    const p = parseJson<ReplyPayload>(r.payload, {} as ReplyPayload);
    const delivery: MessageDelivery = r.state === 'pending' ? 'queued' : (r.state as MessageDelivery);
    return {
      id: `local-${r.id}`,
      threadId,
      direction: 'outbound',
      from: { email: p.fromEmail ?? '', name: p.fromName ?? '' },
      to: [{ email: p.toEmail ?? '', name: p.toName ?? '' }],
      subject: p.subject ?? '',
      bodyHtml: p.bodyHtml ?? '',
      bodyText: htmlToText(p.bodyHtml ?? ''),
      emailAccountId: p.emailAccountId ?? null,
      sentAt: r.created_at,
      delivery,
      outboxId: r.id,
      error: r.last_error,
    };
  });
}
