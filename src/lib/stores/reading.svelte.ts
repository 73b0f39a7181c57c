// How the open thread is read: which messages are expanded (the newest inbound one and what came
// after it, on opening), which message the keys are on, and scrolling the pane by keys.
import { SvelteSet } from 'svelte/reactivity';
import type { Message } from '../../../electron/shared/contract';
import { latestInboundIndex } from '../messageSource';

/** The pane's scrolling element and its message elements, registered by the reading pane. */
export interface ReadingView {
  scroller(): HTMLElement | null;
  message(index: number): HTMLElement | null;
  /** What stays at the pane's top while the messages scroll under it (the subject). */
  stuck(): HTMLElement | null;
}

class ReadingStore {
  /** Expanded message ids of the thread on screen. */
  expanded = new SvelteSet<string>();
  /** The message n/p/v act on. */
  current = $state(0);
  private threadId: string | null = null;
  private ids: string[] = [];
  private view: ReadingView | null = null;
  /** The message last scrolled to the top, and the scroll position that left it there. */
  private pinned: { index: number; top: number } | null = null;

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
      this.pinned = null;
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

  /** Whether the pane has shown this thread here (its messages are the ones the keys act on). */
  shows(threadId: string): boolean {
    return this.threadId === threadId;
  }

  forget(): void {
    this.threadId = null;
    this.pinned = null;
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
    requestAnimationFrame(() => this.scrollTo(index));
  }

  /** A message frame took its height (frames size themselves once drawn): the message last
   *  scrolled to goes back to the top, where the thread's room below it was too short before,
   *  unless the rep scrolled since. */
  frameSized(): void {
    const pin = this.pinned;
    const top = this.view?.scroller()?.scrollTop;
    if (!pin || top === undefined) return;
    if (Math.abs(top - pin.top) > 1 || pin.index !== this.current) this.pinned = null;
    else this.scrollTo(pin.index);
  }

  private scrollTo(index: number): void {
    const el = this.view?.message(index);
    const scroller = this.view?.scroller();
    if (!el || !scroller) return;
    el.scrollIntoView({ block: 'start' });
    // Below the subject, which stays on top of what scrolls under it.
    const under = (this.view?.stuck()?.getBoundingClientRect().bottom ?? 0) - el.getBoundingClientRect().top;
    if (under > 0) scroller.scrollTop -= under + 6;
    this.pinned = { index, top: scroller.scrollTop };
  }

  /** Space / Shift+Space: most of a screen down or up, keeping a line of context. */
  page(direction: 1 | -1): void {
    const el = this.view?.scroller();
    if (!el) return;
    el.scrollBy({ top: direction * Math.max(40, el.clientHeight - 48) });
  }
}

export const reading = new ReadingStore();
