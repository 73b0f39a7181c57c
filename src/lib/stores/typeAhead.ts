// Keys typed right after `r`, before the thread's reply box could open (its messages still on their
// way): they are the start of the reply, never commands. A fast "Yes, Thursday works." must not
// accept a suggestion (y), mark the thread Done (e) or snooze it (s) on the way.

/** How long after `r` typed keys count as the reply's; after that (the thread never came) keys are
 *  commands again. */
const WINDOW_MS = 2000;

class TypeAhead {
  private since = 0;
  private typed = '';

  begin(): void {
    if (!this.active) this.typed = '';
    this.since = Date.now();
  }

  get active(): boolean {
    return this.since > 0 && Date.now() - this.since < WINDOW_MS;
  }

  /** Whether a key is text for the reply (a character, Enter, Backspace), not a shortcut. */
  takes(e: KeyboardEvent): boolean {
    if (!this.active || e.ctrlKey || e.metaKey || e.altKey) return false;
    return e.key.length === 1 || e.key === 'Enter' || e.key === 'Backspace';
  }

  type(key: string): void {
    this.since = Date.now();
    this.typed = key === 'Backspace' ? this.typed.slice(0, -1) : this.typed + (key === 'Enter' ? '\n' : key);
  }

  /** What was typed, once: the reply box opens with it. */
  take(): string {
    const t = this.typed;
    this.typed = '';
    this.since = 0;
    return t;
  }

  cancel(): void {
    this.take();
  }
}

export const typeAhead = new TypeAhead();
