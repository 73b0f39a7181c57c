// Every item of the application menu runs a command of the keymap: the renderer runs a
// `menu.command` through the same handler as a key, so an id the keymap lacks would do nothing.
import { describe, expect, it } from 'vitest';
import { MENU_COMMANDS } from '../../electron/shared/contract-values';
import { KEYMAP } from '../../src/lib/keymap';

describe('application menu', () => {
  it('sends only commands the keymap has', () => {
    const known = new Set(KEYMAP.map((b) => b.command));
    expect(MENU_COMMANDS.filter((c) => !known.has(c))).toEqual([]);
  });
});
