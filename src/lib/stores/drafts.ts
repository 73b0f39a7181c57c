// A thread's kept draft (saved in the core, and marked on its row in the list at once), and the
// signature a new reply starts with.
import { call } from '../api';
import { htmlToText } from '../compose';
import { idSet } from '../ids';
import { accounts } from './accounts.svelte';
import { emailAccounts } from './emailAccounts.svelte';
import { pane } from './pane.svelte';
import { threadList } from './threadList.svelte';

/** The thread's row says whether a draft is kept for it, at once (a refresh brings the same). */
export function showDraft(accountId: string, threadId: string, kept: boolean): void {
  if (accounts.id === accountId) threadList.rows.patchLocal(idSet([threadId]), { hasDraft: kept });
}

/** Keeps a thread's draft (null: drops it). */
export async function keepDraft(accountId: string, threadId: string, body: string | null): Promise<void> {
  await call('drafts.save', { accountId, threadId, bodyHtml: body });
  showDraft(accountId, threadId, body !== null);
}

/** The open thread's mailbox signature as text, below two empty lines for the reply. */
export function signatureBlock(): string {
  const ea = emailAccounts.all.find((a) => a.id === pane.detail?.thread.emailAccountId);
  const text = ea?.signature ? htmlToText(ea.signature) : '';
  return text ? `\n\n${text}` : '';
}
