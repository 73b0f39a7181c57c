// Short messages in the bottom-right corner: what an action did, or why it failed; an action that
// can be undone carries an Undo button (the same as z). Each is also said to screen readers through
// the window's live region (the toasts themselves are not a live region, so nothing is said twice).
import { liveRegion } from './liveRegion.svelte';

export interface Notice {
  id: number;
  text: string;
  tone: 'info' | 'error';
  action?: { label: string; run: () => void } | undefined;
}

class NoticesStore {
  items = $state<Notice[]>([]);
  private nextId = 0;

  notify(
    text: string,
    tone: Notice['tone'] = 'info',
    opts: { action?: Notice['action']; ms?: number } = {},
  ): number {
    // The same words twice in a row are one notice, shown again for longer.
    const same = this.items.at(-1);
    const id = ++this.nextId;
    const kept = same && same.text === text && same.tone === tone ? this.items.slice(0, -1) : this.items;
    this.items = [...kept.slice(-2), { id, text, tone, action: opts.action }];
    liveRegion.say(text);
    setTimeout(() => this.dismiss(id), opts.ms ?? (tone === 'error' ? 8000 : 4000));
    return id;
  }

  /** The toast stays but its button goes (what it offered can no longer be done). */
  dropAction(id: number): void {
    this.items = this.items.map((n) => (n.id === id && n.action ? { ...n, action: undefined } : n));
  }

  dismiss(id: number): void {
    this.items = this.items.filter((n) => n.id !== id);
  }
}

export const notices = new NoticesStore();
