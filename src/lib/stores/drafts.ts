// A thread's kept draft (saved in the core, and marked on its row in the list at once), and the
// signature a new reply starts with.
import { call } from '../api';
import { htmlToText } from '../compose';
import { idSet } from '../ids';
import { emailAccounts } from './emailAccounts.svelte';
import { pane } from './pane.svelte';
import { threadList } from './threadList.svelte';
import { localId, type ThreadRef } from './threadRef';

/** The thread's row says whether a draft is kept for it, at once (a refresh brings the same). */
export function showDraft(ref: ThreadRef, kept: boolean): void {
  threadList.rows.patchLocal(idSet([localId(ref.accountId, ref.threadId)]), { hasDraft: kept });
}

/** Keeps a thread's draft (null: drops it), in the thread's own account. */
export async function keepDraft(ref: ThreadRef, body: string | null): Promise<void> {
  await call('drafts.save', { ...ref, bodyHtml: body });
  showDraft(ref, body !== null);
}

/** The open thread's mailbox signature as text, below two empty lines for the reply. */
export function signatureBlock(): string {
  const ea = emailAccounts.mailboxOf(pane.detail?.thread);
  const text = ea?.signature ? htmlToText(ea.signature) : '';
  return text ? `\n\n${text}` : '';
}
