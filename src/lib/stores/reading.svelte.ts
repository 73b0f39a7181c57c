// How the open thread is read: which messages are expanded (the newest inbound one and what came
// after it, on opening), which message the keys are on, and scrolling the pane by keys.
import { SvelteSet } from 'svelte/reactivity';
import type { Message } from '../../../electron/shared/contract';
import { latestInboundIndex } from '../messageSource';

/** The pane's scrolling element and its message elements, registered by the reading pane. */
export interface ReadingView {
  scroller(): HTMLElement | null;
  message(index: number): HTMLElement | null;
}

class ReadingStore {
  /** Expanded message ids of the thread on screen. */
  expanded = new SvelteSet<string>();
  /** The message n/p/v act on. */
  current = $state(0);
  private threadId: string | null = null;
  private ids: string[] = [];
  private view: ReadingView | null = null;

  attach(view: ReadingView | null): void {
    this.view = view;
  }

  /** Called as a thread's messages arrive. A new thread opens on its newest inbound message;
   *  messages that arrive later in the same thread open expanded. Returns whether the thread is
   *  new here (so the pane scrolls to the current message). */
  show(threadId: string, messages: readonly Message[]): boolean {
    const opened = this.willExpand(threadId, messages);
    const fresh = threadId !== this.threadId;
    if (fresh) {
      this.threadId = threadId;
      this.expanded.clear();
      this.current = Math.max(0, latestInboundIndex(messages));
    }
    for (const id of opened) this.expanded.add(id);
    this.ids = messages.map((m) => m.id);
    return fresh;
  }

  /** The messages that showing these would expand, the one the keys land on first: from the
   *  newest inbound message on for a thread new here, else the ones not seen before. */
  willExpand(threadId: string, messages: readonly Message[]): string[] {
    if (threadId !== this.threadId) {
      const at = Math.max(0, latestInboundIndex(messages));
      return messages.slice(at).map((m) => m.id);
    }
    const known = new Set(this.ids);
    return messages.filter((m) => !known.has(m.id)).map((m) => m.id);
  }

  forget(): void {
    this.threadId = null;
    this.ids = [];
    this.expanded.clear();
  }

  toggle(id: string): void {
    if (this.expanded.has(id)) this.expanded.delete(id);
    else this.expanded.add(id);
  }

  toggleCurrent(): void {
    const id = this.ids[this.current];
    if (id) this.toggle(id);
  }

  /** n / p: the next or previous message, expanded and brought into view. */
  step(delta: number): void {
    if (this.ids.length === 0) return;
    this.current = Math.min(Math.max(0, this.current + delta), this.ids.length - 1);
    this.expanded.add(this.ids[this.current]!);
    this.reveal();
  }

  /** Scrolls the current message's top into view (once it is drawn). */
  reveal(): void {
    const index = this.current;
    // In the frame that draws it, where the layout scrolling needs is made anyway, not forced
    // earlier in the task that changed the page.
    requestAnimationFrame(() => this.view?.message(index)?.scrollIntoView({ block: 'start' }));
  }

  /** Space / Shift+Space: most of a screen down or up, keeping a line of context. */
  page(direction: 1 | -1): void {
    const el = this.view?.scroller();
    if (!el) return;
    el.scrollBy({ top: direction * Math.max(40, el.clientHeight - 48) });
  }
}

export const reading = new ReadingStore();
