// The one undo stack of the window (z, the toast's Undo button, the palette): verdicts, bulk
// verdicts, snoozes, discarded drafts and replies in their undo-send window. An action is pushed
// in the frame it shows; undo takes exactly the last one and says what it undid.
import { errorMessage } from '../api';
import { UndoStack, type UndoEntry } from '../undo';
import { notices } from './notices.svelte';

export const undoStack = new UndoStack();

/** Pushes an action and shows its toast with an Undo button. */
export function didAction(entry: UndoEntry, text: string): UndoEntry {
  undoStack.push(entry);
  notices.notify(text, 'info', { action: { label: 'Undo (z)', run: () => void undoLast() } });
  return entry;
}

export async function undoLast(): Promise<void> {
  const entry = undoStack.pop();
  if (!entry) {
    notices.notify('Nothing to undo.');
    return;
  }
  try {
    await entry.undo();
    notices.notify(`Undone: ${entry.label}.`);
  } catch (e) {
    notices.notify(`Could not undo ${entry.label}: ${errorMessage(e)}`, 'error');
  }
}
