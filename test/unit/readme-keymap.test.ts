import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { KEYMAP } from '../../src/lib/keymap';
import { markdownTable, README_COMMANDS } from '../../src/lib/keymapTable';

// The keymap is the one source of the shortcuts: the tables of the docs must say what the app does.
function block(file: string, marker: string): string | undefined {
  const text = readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
  const match = new RegExp(`<!-- ${marker}:start -->\\n([\\s\\S]*?)\\n<!-- ${marker}:end -->`).exec(text);
  expect(match, `${file} has a ${marker}:start/${marker}:end block`).not.toBeNull();
  return match?.[1]?.trim();
}

describe('keyboard tables of the docs', () => {
  it('docs/keyboard.md holds every shortcut, as the keymap has them', () => {
    expect(block('docs/keyboard.md', 'keymap')).toBe(markdownTable().trim());
  });

  it("README's keys that matter are the keymap's own, each still bound", () => {
    const bound = new Set(KEYMAP.filter((b) => b.keys.length > 0).map((b) => b.command));
    for (const id of README_COMMANDS) expect(bound.has(id), `${id} has a key`).toBe(true);
    const table = block('README.md', 'keymap-essentials');
    expect(table).toBe(markdownTable(README_COMMANDS).trim());
    expect(table?.split('\n')).toHaveLength(README_COMMANDS.length + 2);
  });
});
