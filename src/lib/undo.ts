// One undo stack for every triage action (verdicts, bulk verdicts, snooze, discarded drafts, sends
// in their undo window). An action is pushed the moment it shows, before the core answers, and
// undo takes exactly the last one. An entry that can no longer be undone (a reply that has left
// its window) is taken off, so undo never skips to an older action the person did not mean.

export interface UndoEntry {
  /** What undo says it undid: "Interested for Ana Silva", "Reply to Ana Silva". */
  label: string;
  undo: () => void | Promise<void>;
  /** The view it was done in: `z` there undoes it, `z` elsewhere leaves it alone. */
  place?: string;
}

/** How many actions are kept. */
const MAX = 100;

export class UndoStack {
  private entries: UndoEntry[] = [];

  push(entry: UndoEntry): UndoEntry {
    this.entries.push(entry);
    if (this.entries.length > MAX) this.entries.shift();
    return entry;
  }

  /** Takes the last action off (the last one done in `place`, when given), or null when there is
   *  nothing to undo (there). */
  pop(place?: string): UndoEntry | null {
    const i =
      place === undefined ? this.entries.length - 1 : this.entries.findLastIndex((e) => e.place === place);
    return i < 0 ? null : (this.entries.splice(i, 1)[0] ?? null);
  }

  /** The newest action of any view (what `z` would undo where it was done). */
  newest(): UndoEntry | null {
    return this.entries.at(-1) ?? null;
  }

  /** Takes an entry off wherever it is (it can no longer be undone). */
  remove(entry: UndoEntry): void {
    const i = this.entries.lastIndexOf(entry);
    if (i >= 0) this.entries.splice(i, 1);
  }

  has(entry: UndoEntry): boolean {
    return this.entries.includes(entry);
  }

  get size(): number {
    return this.entries.length;
  }

  /** The label of what undo would undo now. */
  peek(): string | null {
    return this.entries.at(-1)?.label ?? null;
  }

  clear(): void {
    this.entries = [];
  }
}

/** A reply held for its undo window before it enters the outbox. `cancel` answers true when the
 *  reply will certainly not be sent (the window had not ended), false when it already went. */
export interface HeldSend {
  cancel(): boolean;
  /** Sends now, skipping the rest of the window (answers false if it had already gone). */
  flush(): boolean;
}

export function holdSend(
  delayMs: number,
  commit: () => void,
  timers: { set: (fn: () => void, ms: number) => unknown; clear: (t: unknown) => void } = {
    set: (fn, ms) => setTimeout(fn, ms),
    clear: (t) => clearTimeout(t as ReturnType<typeof setTimeout>),
  },
): HeldSend {
  let state: 'held' | 'sent' | 'cancelled' = 'held';
  const go = (): boolean => {
    if (state !== 'held') return false;
    state = 'sent';
    commit();
    return true;
  };
  if (delayMs <= 0) {
    go();
    return { cancel: () => false, flush: () => false };
  }
  const timer = timers.set(go, delayMs);
  return {
    cancel() {
      if (state !== 'held') return false;
      state = 'cancelled';
      timers.clear(timer);
      return true;
    },
    flush() {
      timers.clear(timer);
      return go();
    },
  };
}
