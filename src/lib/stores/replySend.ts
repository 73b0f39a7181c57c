// A reply on its way out of the composer: held for the undo-send window, then put in the outbox;
// with Done, the thread is closed too and one undo takes back both.
import type { TriageResult } from '../../../electron/shared/contract';
import { holdSend, type UndoEntry } from '../undo';
import { call, errorMessage } from '../api';
import { notices } from './notices.svelte';
import { pane } from './pane.svelte';
import { settings } from './settings.svelte';
import { sync } from './sync.svelte';
import { triage } from './triage.svelte';
import { showDraft } from './drafts';
import type { ThreadRef } from './threadRef';
import { didAction, dropUndo } from './undo';

export interface HeldReply {
  ref: ThreadRef;
  threadId: string;
  /** The prospect, as the toasts and the undo name them. */
  who: string;
  html: string;
  emailAccountId: string;
  done: boolean;
  /** Undone before it left: the text goes back in the box. */
  putBack(): void;
}

export function holdReply(r: HeldReply): void {
  const { who, done } = r;
  const delayMs = settings.undoSendSeconds * 1000;
  let previous: Promise<TriageResult['previous']> | null = null;
  const entry: UndoEntry = {
    label: done ? `Reply and Done for ${who}` : `Reply to ${who}`,
    undo: async () => {
      const cancelled = held.cancel();
      if (previous) await triage.restore(await previous);
      if (cancelled) r.putBack();
    },
  };
  const held = holdSend(delayMs, () => {
    // In the outbox now: only Done (if any) can still be undone; the reply goes at most once.
    if (done) {
      entry.label = `Done for ${who}`;
      entry.undo = async () => {
        if (previous) await triage.restore(await previous);
      };
    } else dropUndo(entry);
    void commit(r);
  });
  if (delayMs > 0 || done)
    didAction(
      entry,
      delayMs > 0
        ? `${done ? 'Done; the reply' : 'The reply'} to ${who} goes in ${settings.undoSendSeconds} s.`
        : `Reply to ${who} queued; Done.`,
    );
  // Done goes to the thread replied to, whatever is selected in the list meanwhile.
  if (done) previous = triage.verdict('closed', { undoable: false, ids: [r.threadId] });
}

/** The reply enters the outbox (after its window). */
async function commit(r: HeldReply): Promise<void> {
  try {
    const msg = await call('reply.send', { ...r.ref, bodyHtml: r.html, emailAccountId: r.emailAccountId });
    pane.appendLocal(r.threadId, msg);
    // Queued, the reply took the draft's place (the core dropped it).
    showDraft(r.ref, false);
    notices.notify(
      sync.state?.online === false ? 'Reply queued: it is sent when you are back online.' : 'Reply queued.',
    );
  } catch (e) {
    notices.notify(`The reply was not queued (your draft is kept): ${errorMessage(e)}`, 'error');
  }
}
