// The README's shortcut table, made from the keymap (test/unit/readme-keymap.test.ts keeps the
// README's copy equal to it).
import { displayKey, KEYMAP, SCOPE_TITLES } from './keymap';

/** The README's shortcut table, in Markdown. */
export function markdownTable(): string {
  const lines = ['| Keys | Action | Where |', '|---|---|---|'];
  for (const b of KEYMAP) {
    if (b.keys.length === 0) continue;
    const keys = b.keys.map((k) => '`' + displayKey(k, false) + '`').join(', ');
    lines.push(`| ${keys} | ${b.description} | ${SCOPE_TITLES[b.scope]} |`);
  }
  return lines.join('\n');
}
