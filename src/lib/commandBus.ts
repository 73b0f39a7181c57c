// Buttons run the same commands as keys: the App registers the one handler, anyone may call it.
import type { CommandId } from './keymap';

let handler: ((id: CommandId) => void) | null = null;

export function setCommandHandler(fn: (id: CommandId) => void): void {
  handler = fn;
}

export function runCommand(id: CommandId): void {
  handler?.(id);
}
