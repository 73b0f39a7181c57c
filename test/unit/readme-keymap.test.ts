import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { markdownTable } from '../../src/lib/keymapTable';

// The keymap is the one source of the shortcuts: the README's table must say what the app does.
describe('README keyboard table', () => {
  it('equals the table generated from the keymap', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const match = /<!-- keymap:start -->\n([\s\S]*?)\n<!-- keymap:end -->/.exec(readme);
    expect(match, 'README.md has a keymap:start/keymap:end block').not.toBeNull();
    expect(match?.[1]?.trim()).toBe(markdownTable().trim());
  });
});
