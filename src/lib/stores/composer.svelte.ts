// The reply being written to the open thread: its text (kept as a draft), the AI suggestion,
// sending it, and the snippets to insert.
import type { EmailAccount, Snippet, ThreadDetail } from '../../../electron/shared/contract';
import { textToHtml } from '../compose';
import { findPlaceholders, type Placeholder } from '../placeholders';
import { call, errorKind, errorMessage } from '../api';
import { forAccount } from './accountCall';
import { emailAccounts } from './emailAccounts.svelte';
import { pane } from './pane.svelte';
import { hub } from './hub';
import { keepDraft, signatureBlock } from './drafts';
import { refOf } from './threadRef';
import { typeAhead } from './typeAhead';
import { didAction } from './undo';
import { holdReply } from './replySend';

const DRAFT_DELAY_MS = 600;

class ComposerStore {
  open = $state(false);
  /** Set by `r`: the composer takes focus once, then clears it. */
  focusWanted = $state(false);
  text = $state('');
  error = $state<string | null>(null);
  aiBusy = $state(false);
  sending = $state(false);
  snippets = $state<Snippet[]>([]);
  /** The snippet picker is open over the composer. */
  pickerOpen = $state(false);

  private draftTimer: ReturnType<typeof setTimeout> | null = null;

  async loadSnippets(): Promise<void> {
    const c = await forAccount((accountId) => call('snippets.list', { accountId }));
    if (c) this.snippets = c;
  }

  /** The pane moves to another thread: keep this one's draft, start empty. */
  leaveThread(): void {
    this.saveDraftNow();
    this.open = false;
    this.focusWanted = false;
    this.text = '';
    this.error = null;
  }

  /** The pane closes: keep the draft, forget a pending `r`. */
  paneClosed(): void {
    typeAhead.cancel();
    this.saveDraftNow();
    this.open = false;
    this.text = '';
    this.error = null;
  }

  /** A thread's detail arrived: its saved draft opens the composer. */
  enterThread(d: ThreadDetail): void {
    if (d.draft) {
      this.text = d.draft;
      this.open = true;
    }
  }

  /** Opens the reply box on the thread shown (the keyboard keeps `r` until its thread is). */
  startReply(): void {
    if (!pane.openDetail || pane.targetId !== pane.openId) return;
    this.focusWanted = true;
    if (!this.open) {
      this.open = true;
      if (!this.text) this.text = signatureBlock();
    }
    const typed = typeAhead.take();
    if (typed) this.setText(typed + this.text);
    this.caretAt = typed.length;
  }

  caretAt = 0; // where the caret goes when the box takes the keyboard

  setText(text: string): void {
    this.text = text;
    this.error = null;
    if (this.draftTimer) clearTimeout(this.draftTimer);
    this.draftTimer = setTimeout(() => this.saveDraftNow(), DRAFT_DELAY_MS);
  }

  private saveDraftNow(): void {
    if (this.draftTimer) {
      clearTimeout(this.draftTimer);
      this.draftTimer = null;
    } else return;
    const ref = pane.openId ? refOf(pane.openId) : null;
    if (!ref) return;
    const body = this.text.trim() === '' ? null : this.text;
    void keepDraft(ref, body).catch(() => {});
  }

  async aiSuggestion(): Promise<string | null> {
    const ref = pane.openId ? refOf(pane.openId) : null;
    if (!ref) return null;
    this.aiBusy = true;
    try {
      const { suggestion } = await call('reply.aiSuggestion', ref);
      return suggestion;
    } catch (e) {
      const kind = errorKind(e);
      this.error =
        kind === 'offline'
          ? 'The AI suggestion needs a connection: you are offline.'
          : kind === 'not_supported'
            ? 'This service does not offer AI suggestions.'
            : `No AI suggestion: ${errorMessage(e)}`;
      return null;
    } finally {
      this.aiBusy = false;
    }
  }

  /** Puts the AI's suggestion above what is written (or in place of the bare signature). */
  async putAiSuggestion(): Promise<void> {
    if (!pane.openDetail || pane.targetId !== pane.openId) return;
    this.startReply();
    const suggestion = await this.aiSuggestion();
    if (suggestion === null) return;
    const sig = signatureBlock();
    const current = this.text;
    const body = current.trim() === '' || current === sig ? suggestion + sig : `${suggestion}\n\n${current}`;
    this.setText(body);
  }

  /** Whether the box holds something the rep wrote: the signature alone was put there for them. */
  get written(): boolean {
    if (!this.open) return false;
    const sig = signatureBlock().trim();
    return (sig ? this.text.replace(sig, '') : this.text).trim() !== '';
  }

  /** A send held back: the reason shows at the Send button, as an alert (so it is heard). */
  private refuse(why: string): void {
    this.error = why;
  }

  /** The mailbox the open thread's reply goes out from (its e-mail account), when known. */
  get from(): EmailAccount | null {
    return emailAccounts.mailboxOf(pane.openDetail?.thread);
  }

  /** A send from a mailbox the service says is not connected waits for a second press. */
  private sendAnywayFor: string | null = null;

  /**
   * Sends what is written after the undo-send window (the setting; 0 sends at once), through the
   * outbox. Unfilled {{placeholders}} hold it back. With `done`, the thread is also marked Done
   * and the next one opens; one undo then takes back both.
   */
  async sendHeld(done: boolean): Promise<void> {
    const detail = pane.openDetail;
    const ref = detail ? refOf(detail.thread.id) : null;
    if (!ref || !detail || this.sending) return;
    const left = findPlaceholders(this.text);
    if (left.length > 0) {
      this.refuse(`Fill in or remove ${left.map((p) => `{{${p.name}}}`).join(', ')} before sending.`);
      this.placeholderWanted = left[0]!;
      return;
    }
    const html = textToHtml(this.text);
    if (!html || !this.written) {
      this.refuse('Write something before sending.');
      return;
    }
    const from = this.from;
    if (from && from.status.toLowerCase() !== 'connected' && this.sendAnywayFor !== detail.thread.id) {
      this.sendAnywayFor = detail.thread.id;
      this.refuse(
        `${from.email} is ${from.status} on the service: the reply may wait there until the mailbox is connected again. Press Send again to send it anyway.`,
      );
      return;
    }
    this.sendAnywayFor = null;
    const text = this.text;
    const threadId = detail.thread.id;
    // The draft stays saved until the reply is in the outbox: a crash in the window loses nothing.
    if (this.draftTimer) clearTimeout(this.draftTimer);
    this.draftTimer = null;
    void keepDraft(ref, text).catch(() => {});
    this.text = '';
    this.open = false;
    this.error = null;
    holdReply({
      ref,
      threadId,
      who: detail.thread.prospectName || detail.thread.prospectEmail,
      html,
      emailAccountId: detail.thread.emailAccountId,
      done,
      // Undone within its window: back in the box, as it was.
      putBack: () => {
        if (pane.openId !== threadId) return;
        this.text = text;
        this.open = true;
        this.focusWanted = true;
      },
    });
  }

  /** Throws the draft away; undo puts it back. */
  discard(): void {
    const threadId = pane.openId;
    const ref = threadId ? refOf(threadId) : null;
    const text = this.text;
    if (this.draftTimer) clearTimeout(this.draftTimer);
    this.draftTimer = null;
    this.text = '';
    this.open = false;
    this.error = null;
    this.pickerOpen = false;
    if (!ref || !threadId || text.trim() === '') return;
    void keepDraft(ref, null).catch(() => {});
    const who = pane.detail?.thread.prospectName ?? 'this thread';
    didAction(
      {
        label: `Discard of the draft to ${who}`,
        undo: async () => {
          await keepDraft(ref, text);
          if (pane.openId === threadId) {
            this.text = text;
            this.open = true;
            this.focusWanted = true;
          }
        },
      },
      `Draft to ${who} discarded.`,
    );
  }

  /** The first unfilled placeholder, to select in the box after a refused send. */
  placeholderWanted = $state<Placeholder | null>(null);
}

export const composer = new ComposerStore();

// The reading pane's moves, as the composer follows them (the pane does not know the composer).
hub.on('thread.leaving', () => composer.leaveThread());
hub.on('pane.closed', () => composer.paneClosed());
hub.on('thread.entered', ({ detail }) => {
  void emailAccounts.ensure(detail.thread.accountId);
  composer.enterThread(detail);
});
