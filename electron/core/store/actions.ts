// What the person does: each action changes the local tables AND queues an outbox entry in ONE
// transaction, so the screen changes at once and the change survives a restart.
import type { Message, TriageResult } from '../../shared/contract';
import { statusLabel } from '../../shared/labels';
import type { Store } from './index';
import type { EmailAccountsPayload, RenamePayload, ReplyPayload, ThreadStatusPayload } from './repos/outbox';

function nameOf(store: Store, threadId: string): string {
  const t = store.threads.get(threadId);
  return t ? t.prospectName || t.prospectEmail : threadId;
}

/** Sets the status of threads. Each change is a new intent (an undo too) that retires the older
 *  waiting ones of its thread; the row shows it at once. It is queued even when the row already
 *  shows it: what the rep saw may be older than the service, and a PUT of a value is harmless. */
export function setThreadStatuses(store: Store, ids: string[], status: string): TriageResult {
  return store.tx(() => {
    const previous: TriageResult['previous'] = [];
    for (const id of ids) {
      const current = store.threads.statusOf(id);
      if (current === null) continue;
      previous.push({ threadId: id, status: current });
      const summary = `Status of ${nameOf(store, id)} → ${statusLabel(status)}`;
      store.outbox.add('thread_status', id, { status } satisfies ThreadStatusPayload, summary);
      store.threads.setStatus(id, status);
    }
    return { previous };
  });
}

export function renameCampaign(store: Store, campaignId: string, name: string): boolean {
  return store.tx(() => {
    const current = store.campaigns.nameOf(campaignId);
    if (current === null) return false;
    const summary = `Rename campaign “${current}” → “${name}”`;
    store.outbox.add('campaign_rename', campaignId, { name } satisfies RenamePayload, summary);
    store.campaigns.setName(campaignId, name);
    return true;
  });
}

/** Queues a reply; it shows in the thread at once as a queued message. */
export function queueReply(
  store: Store,
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
    const id = store.outbox.add(
      'reply',
      threadId,
      payload,
      `Reply to ${thread.prospectName || thread.prospectEmail}`,
    );
    store.local.saveDraft(threadId, null);
    const local = store.outbox.localReplies(threadId).find((m) => m.outboxId === id);
    return local ?? null;
  });
}

export function updateEmailAccounts(store: Store, change: EmailAccountsPayload): void {
  store.tx(() => {
    store.emailAccounts.update(change.emailAccountIds, change);
    const what = [
      change.signature !== undefined ? 'signature' : null,
      change.tags !== undefined ? 'tags' : null,
    ]
      .filter(Boolean)
      .join(' and ');
    const n = change.emailAccountIds.length;
    // No one target: a change may name any account another names (see migration 7).
    store.outbox.add(
      'email_accounts',
      null,
      change,
      `Update ${what} of ${n} email account${n === 1 ? '' : 's'}`,
    );
  });
}

export function addDnc(store: Store, entries: string[]): void {
  store.tx(() => {
    const n = entries.length;
    store.outbox.add('dnc', null, { entries }, `Add ${n} do-not-contact entr${n === 1 ? 'y' : 'ies'}`);
  });
}
