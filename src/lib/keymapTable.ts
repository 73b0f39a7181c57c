// The shortcut tables of the docs, made from the keymap: every key in docs/keyboard.md, the keys a
// newcomer needs first in README.md (test/unit/readme-keymap.test.ts keeps both copies equal).
import { displayKey, KEYMAP, SCOPE_TITLES, type CommandId } from './keymap';

/** The keys README.md shows: moving, opening, the verdicts, undo, replying, finding. */
export const README_COMMANDS: readonly CommandId[] = [
  'cursor.down',
  'cursor.up',
  'thread.open',
  'thread.close',
  'verdict.closed',
  'verdict.interested',
  'verdict.meeting_booked',
  'verdict.not_interested',
  'verdict.out_of_office',
  'verdict.wrong_person',
  'suggest.accept',
  'triage.undo',
  'select.toggle',
  'thread.snooze',
  'reply.start',
  'reply.send',
  'reply.sendDone',
  'search.focus',
  'palette.open',
  'help.open',
  'go.inbox',
  'go.unified',
];

/** A shortcut table in Markdown, in the keymap's order: every command with a key, or only `only`. */
export function markdownTable(only?: readonly CommandId[]): string {
  const lines = ['| Keys | Action | Where |', '|---|---|---|'];
  for (const b of KEYMAP) {
    if (b.keys.length === 0) continue;
    if (only && !only.includes(b.command)) continue;
    const keys = b.keys.map((k) => '`' + displayKey(k, false) + '`').join(', ');
    lines.push(`| ${keys} | ${b.description} | ${SCOPE_TITLES[b.scope]} |`);
  }
  return lines.join('\n');
}
