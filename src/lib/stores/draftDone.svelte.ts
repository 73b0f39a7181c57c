// Done on a thread whose reply is half written asks first (DraftDoneDialog): send it, keep it with
// the thread, or discard it. A draft is never left behind unseen by a Done.
import type { ThreadRow } from '../../../electron/shared/contract';
import { composer } from './composer.svelte';
import { keepDraft } from './drafts';
import { nav } from './nav.svelte';
import { notices } from './notices.svelte';
import { pane } from './pane.svelte';
import { refOf } from './threadRef';
import { triage } from './triage.svelte';

class DraftDoneStore {
  /** The thread being asked about. */
  row = $state<ThreadRow | null>(null);
  /** Its draft is in the reply box, so it can be sent from the question. */
  canSend = $state(false);

  /** Asks when Done would leave a draft behind; answers whether it asked. */
  ask(): boolean {
    const row = triage.single();
    if (!row) return false;
    const inBox = pane.openId === row.id && composer.written;
    if (!inBox && !row.hasDraft) return false;
    this.row = row;
    this.canSend = inBox;
    nav.overlay = 'draftDone';
    return true;
  }

  cancel(): void {
    this.row = null;
    nav.overlay = null;
  }

  async choose(choice: 'send' | 'keep' | 'discard'): Promise<void> {
    const row = this.row;
    this.cancel();
    if (!row) return;
    if (choice === 'send' && this.canSend) return composer.sendHeld(true);
    const inBox = pane.openId === row.id && composer.open;
    if (choice === 'discard') {
      if (inBox) composer.discard();
      else {
        const ref = refOf(row.id);
        if (ref) await keepDraft(ref, null).catch(() => undefined);
      }
    }
    await triage.verdict('closed', { ids: [row.id] });
    if (choice === 'keep')
      notices.notify(
        `The draft to ${row.prospectName || row.prospectEmail} is kept: it opens with the thread (All threads marks it ✎ Draft).`,
      );
  }
}

export const draftDone = new DraftDoneStore();
