// The one undo stack of the window (z, the toast's Undo button, the palette): verdicts, bulk
// verdicts, snoozes, discarded drafts and replies in their undo-send window. An action is pushed
// in the frame it shows. `z` undoes the newest entry still undoable; a toast's Undo undoes its own
// entry, never another, and its button goes once that entry was undone, left the stack (a reply
// past its window) or was superseded (a newer action on the same threads). `z` acts where the rep
// is: the newest action done in the view shown (a verdict in the thread list, a pause in Campaigns).
import { errorMessage } from '../api';
import { UndoStack, type UndoEntry } from '../undo';
import { nav, type Page } from './nav.svelte';
import { notices } from './notices.svelte';

export const undoStack = new UndoStack();

/** The toast of each entry still on the stack, and the threads each entry is about. */
const toastOf = new Map<UndoEntry, number>();
const threadsOf = new Map<UndoEntry, ReadonlySet<string>>();

function forget(entry: UndoEntry): void {
  const toast = toastOf.get(entry);
  if (toast !== undefined) notices.dropAction(toast);
  toastOf.delete(entry);
  threadsOf.delete(entry);
}

/** Pushes an action and shows its toast with an Undo button for it alone. `threads` names the
 *  threads it changed: an older entry about any of them can no longer be undone from its toast. */
export function didAction(entry: UndoEntry, text: string, threads: readonly string[] = []): UndoEntry {
  entry.place ??= nav.page;
  if (threads.length > 0) {
    for (const [older, ids] of threadsOf)
      if (threads.some((t) => ids.has(t))) notices.dropAction(toastOf.get(older) ?? -1);
    threadsOf.set(entry, new Set(threads));
  }
  undoStack.push(entry);
  toastOf.set(
    entry,
    notices.notify(text, 'info', { action: { label: 'Undo', run: () => void undoEntry(entry) } }),
  );
  return entry;
}

/** An entry can no longer be undone (a reply left its window): off the stack, its button gone. */
export function dropUndo(entry: UndoEntry): void {
  undoStack.remove(entry);
  forget(entry);
}

async function run(entry: UndoEntry): Promise<void> {
  forget(entry);
  try {
    await entry.undo();
    notices.notify(`Undone: ${entry.label}.`);
  } catch (e) {
    notices.notify(`Could not undo ${entry.label}: ${errorMessage(e)}`, 'error');
  }
}

/** `z`: the newest action still on the stack that was done in the view shown. One done in another
 *  view is named, never undone from here: the rep would not see what changed. */
export async function undoLast(): Promise<void> {
  const entry = undoStack.pop(nav.page);
  if (entry) return run(entry);
  const other = undoStack.newest();
  const there = other ? (PLACE_NAMES[other.place as Page] ?? 'another view') : '';
  notices.notify(
    other
      ? `Nothing to undo in ${PLACE_NAMES[nav.page]}. ${other.label} was done in ${there}: z there undoes it.`
      : 'Nothing to undo.',
  );
}

const PLACE_NAMES: Record<Page, string> = {
  threads: 'the thread list',
  campaigns: 'Campaigns',
  outbox: 'the Outbox',
  accounts: 'Accounts',
  emailAccounts: 'E-mail accounts',
  settings: 'Settings',
};

/** A toast's Undo: exactly its own action, wherever it is on the stack. */
export async function undoEntry(entry: UndoEntry): Promise<void> {
  if (!undoStack.has(entry)) {
    notices.notify(`${entry.label} was already undone.`);
    return;
  }
  undoStack.remove(entry);
  await run(entry);
}

export function clearUndo(): void {
  for (const entry of [...toastOf.keys()]) forget(entry);
  undoStack.clear();
}
