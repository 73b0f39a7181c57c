// The one list of commands and their keys. The help overlay, the command palette, the keyboard
// handler and the README table are all built from it, so a key is defined here and nowhere else.
import { PREFIX_TIMEOUT_MS } from './keys';

/** Where a binding works. `global` works everywhere outside text fields; `list` and `thread` need a
 *  thread list or an open thread (the list's j/k, ↓/↑ also move between the items of the Outbox and
 *  Settings); `composer` keys also work while typing a reply; `outbox` keys on the Outbox. */
export type Scope = 'global' | 'list' | 'thread' | 'composer' | 'campaigns' | 'outbox';

export type CommandId =
  | 'cursor.down'
  | 'cursor.up'
  | 'cursor.first'
  | 'cursor.last'
  | 'thread.open'
  | 'thread.close'
  | 'verdict.closed'
  | 'verdict.interested'
  | 'verdict.meeting_booked'
  | 'verdict.not_interested'
  | 'verdict.out_of_office'
  | 'verdict.wrong_person'
  | 'verdict.open'
  | 'suggest.accept'
  | 'suggest.acceptAll'
  | 'go.suggested'
  | 'triage.undo'
  | 'select.toggle'
  | 'select.down'
  | 'select.up'
  | 'thread.snooze'
  | 'reply.start'
  | 'reply.send'
  | 'reply.sendDone'
  | 'snippet.pick'
  | 'draft.discard'
  | 'reply.ai'
  | 'thread.dnc'
  | 'search.focus'
  | 'palette.open'
  | 'help.open'
  | 'go.inbox'
  | 'go.campaigns'
  | 'go.outbox'
  | 'go.accounts'
  | 'go.emailAccounts'
  | 'account.add'
  | 'lead.toggle'
  | 'campaign.toggleStatus'
  | 'go.all'
  | 'go.unified'
  | 'workspace.next'
  | 'go.snoozed'
  | 'campaign.rename'
  | 'sync.now'
  | 'theme.toggle'
  | 'pane.pageDown'
  | 'pane.pageUp'
  | 'message.next'
  | 'message.previous'
  | 'message.toggle'
  | 'list.sortWaiting'
  | 'go.settings'
  | 'outbox.retryAll'
  | 'outbox.discardAll';

export interface Binding {
  command: CommandId;
  /** What the command does, in the words the help overlay and the palette show. */
  description: string;
  /** Normalized keys (see `keyOf`); a space separates the keys of a sequence ("g i"). Empty: palette only. */
  keys: string[];
  scope: Scope;
}

export const KEYMAP: readonly Binding[] = [
  {
    command: 'cursor.down',
    description: 'Next thread (on the Outbox and Settings: the next item)',
    keys: ['j', 'ArrowDown'],
    scope: 'list',
  },
  {
    command: 'cursor.up',
    description: 'Previous thread (on the Outbox and Settings: the previous item)',
    keys: ['k', 'ArrowUp'],
    scope: 'list',
  },
  { command: 'cursor.first', description: 'First thread of the list', keys: ['Home'], scope: 'list' },
  { command: 'cursor.last', description: 'Last thread of the list', keys: ['End'], scope: 'list' },
  { command: 'thread.open', description: 'Open the thread', keys: ['Enter', 'o'], scope: 'list' },
  { command: 'thread.close', description: 'Back to the list', keys: ['Escape', 'u'], scope: 'thread' },
  { command: 'verdict.closed', description: 'Done (close the thread)', keys: ['e'], scope: 'list' },
  { command: 'verdict.interested', description: 'Interested', keys: ['1'], scope: 'list' },
  { command: 'verdict.meeting_booked', description: 'Meeting booked', keys: ['2'], scope: 'list' },
  { command: 'verdict.not_interested', description: 'Not interested', keys: ['3'], scope: 'list' },
  { command: 'verdict.out_of_office', description: 'Out of office', keys: ['4'], scope: 'list' },
  { command: 'verdict.wrong_person', description: 'Wrong person', keys: ['5'], scope: 'list' },
  { command: 'verdict.open', description: 'Back to open', keys: ['0'], scope: 'list' },
  {
    command: 'suggest.accept',
    description: 'Accept the suggested verdict and go on',
    keys: ['y'],
    scope: 'list',
  },
  {
    command: 'suggest.acceptAll',
    description: 'Accept every suggestion in this Suggested folder',
    keys: ['Shift+y'],
    scope: 'list',
  },
  {
    command: 'triage.undo',
    description: 'Undo the last action done in this view',
    keys: ['z'],
    scope: 'global',
  },
  { command: 'select.toggle', description: 'Select or unselect the thread', keys: ['x'], scope: 'list' },
  { command: 'select.down', description: 'Extend the selection down', keys: ['Shift+j'], scope: 'list' },
  { command: 'select.up', description: 'Extend the selection up', keys: ['Shift+k'], scope: 'list' },
  { command: 'thread.snooze', description: 'Snooze until…', keys: ['s'], scope: 'list' },
  { command: 'pane.pageDown', description: 'Scroll the thread down', keys: ['Space'], scope: 'thread' },
  { command: 'pane.pageUp', description: 'Scroll the thread up', keys: ['Shift+Space'], scope: 'thread' },
  { command: 'message.next', description: 'Next message', keys: ['n'], scope: 'thread' },
  { command: 'message.previous', description: 'Previous message', keys: ['p'], scope: 'thread' },
  { command: 'message.toggle', description: 'Expand or collapse the message', keys: ['v'], scope: 'thread' },
  { command: 'reply.start', description: 'Reply', keys: ['r'], scope: 'thread' },
  { command: 'reply.send', description: 'Send the reply', keys: ['Mod+Enter'], scope: 'composer' },
  {
    command: 'reply.sendDone',
    description: 'Send, mark Done and open the next thread',
    keys: ['Mod+Shift+Enter'],
    scope: 'composer',
  },
  { command: 'snippet.pick', description: 'Insert a snippet…', keys: ['Mod+;'], scope: 'composer' },
  { command: 'draft.discard', description: 'Discard the draft', keys: [], scope: 'composer' },
  { command: 'lead.toggle', description: 'Show or hide the lead panel', keys: ['l'], scope: 'thread' },
  { command: 'reply.ai', description: 'Put the AI suggestion in the reply', keys: ['a'], scope: 'thread' },
  { command: 'thread.dnc', description: 'Add the prospect to do-not-contact…', keys: [], scope: 'thread' },
  { command: 'search.focus', description: 'Search', keys: ['/'], scope: 'global' },
  { command: 'palette.open', description: 'Command palette', keys: ['Mod+k'], scope: 'global' },
  { command: 'help.open', description: 'Keyboard shortcuts', keys: ['?', 'Mod+/'], scope: 'global' },
  { command: 'go.inbox', description: 'Go to the Inbox', keys: ['g i'], scope: 'global' },
  { command: 'go.campaigns', description: 'Go to campaigns', keys: ['g c'], scope: 'global' },
  { command: 'go.outbox', description: 'Go to the outbox', keys: ['g o'], scope: 'global' },
  { command: 'go.all', description: 'Go to all threads', keys: ['g a'], scope: 'global' },
  {
    command: 'go.unified',
    description: 'Go to All inboxes (every account and workspace in one list)',
    keys: ['g u'],
    scope: 'global',
  },
  {
    command: 'workspace.next',
    description: 'All inboxes: show only the next workspace (after the last, every one again)',
    keys: ['w'],
    scope: 'list',
  },
  { command: 'go.snoozed', description: 'Go to snoozed threads', keys: ['g s'], scope: 'global' },
  {
    command: 'go.suggested',
    description: 'Go to the Suggested folders (again: the next one)',
    keys: ['g y'],
    scope: 'global',
  },
  { command: 'go.accounts', description: 'Go to accounts', keys: [], scope: 'global' },
  { command: 'go.emailAccounts', description: 'Go to e-mail accounts', keys: ['g e'], scope: 'global' },
  { command: 'account.add', description: 'Add an account…', keys: [], scope: 'global' },
  { command: 'go.settings', description: 'Go to settings', keys: [], scope: 'global' },
  {
    command: 'list.sortWaiting',
    description: 'Sort by waiting longest (or newest first again)',
    keys: [],
    scope: 'global',
  },
  {
    command: 'campaign.rename',
    description: 'Rename the campaign in view',
    keys: ['F2'],
    scope: 'campaigns',
  },
  {
    command: 'campaign.toggleStatus',
    description: 'Pause or resume the campaign',
    keys: ['Shift+p'],
    scope: 'campaigns',
  },
  {
    command: 'outbox.retryAll',
    description: 'Retry every failed change',
    keys: ['Shift+r'],
    scope: 'outbox',
  },
  {
    command: 'outbox.discardAll',
    description: 'Discard every failed change…',
    keys: ['Shift+d'],
    scope: 'outbox',
  },
  { command: 'sync.now', description: 'Sync now', keys: [], scope: 'global' },
  { command: 'theme.toggle', description: 'Switch theme (system, light, dark)', keys: [], scope: 'global' },
];

export const SCOPE_TITLES: Record<Scope, string> = {
  global: 'Anywhere',
  list: 'Thread list',
  thread: 'Open thread',
  composer: 'Writing a reply',
  campaigns: 'Campaigns',
  outbox: 'Outbox',
};

/** The verdict keys' statuses, in key order: the contract's status names. */
export const VERDICTS: Partial<Record<CommandId, string>> = {
  'verdict.closed': 'closed',
  'verdict.interested': 'interested',
  'verdict.meeting_booked': 'meeting_booked',
  'verdict.not_interested': 'not_interested',
  'verdict.out_of_office': 'out_of_office',
  'verdict.wrong_person': 'wrong_person',
  'verdict.open': 'open',
};

/** Keys that still act while focus is in a text field; the palette and the shortcuts too, the
 *  ways to any command even from the reply box (Ctrl+K and Ctrl+/ never type a letter). */
const TEXT_FIELD_KEYS = new Set(['Escape', 'Mod+Enter', 'Mod+Shift+Enter', 'Mod+;', 'Mod+k', 'Mod+/']);

export { keyOf, type KeyLike } from './keys';

export function worksInTextField(key: string): boolean {
  return TEXT_FIELD_KEYS.has(key);
}

/** Matches keys typed one after another against the bindings: `feed` returns the command a key
 *  completes, `'prefix'` while a sequence ("g …") is half typed, or null. A half-typed sequence
 *  is forgotten PREFIX_TIMEOUT_MS after its last key. */
export class KeySequencer {
  private buffer: string[] = [];
  private lastAt = 0;
  private readonly bindings: Map<string, CommandId[]>;
  private readonly prefixes: Set<string>;

  constructor(bindings: readonly Binding[] = KEYMAP) {
    this.bindings = new Map();
    this.prefixes = new Set();
    for (const b of bindings) {
      for (const k of b.keys) {
        const list = this.bindings.get(k) ?? [];
        list.push(b.command);
        this.bindings.set(k, list);
        const parts = k.split(' ');
        for (let i = 1; i < parts.length; i++) this.prefixes.add(parts.slice(0, i).join(' '));
      }
    }
  }

  /** Commands bound to the typed keys (several when scopes share a key, e.g. Escape). */
  feed(key: string, now: number = Date.now()): CommandId[] | 'prefix' | null {
    if (this.buffer.length > 0 && now - this.lastAt > PREFIX_TIMEOUT_MS) this.buffer = [];
    this.lastAt = now;
    const seq = [...this.buffer, key].join(' ');
    if (this.prefixes.has(seq)) {
      this.buffer.push(key);
      return 'prefix';
    }
    this.buffer = [];
    const hit = this.bindings.get(seq);
    if (hit) return hit;
    // A wrong second key of a sequence starts over with the key itself.
    if (seq !== key) return this.feed(key, now);
    return null;
  }

  /** Whether a sequence is half typed (for a hint on screen). */
  get pending(): boolean {
    return this.buffer.length > 0;
  }

  reset(): void {
    this.buffer = [];
  }
}

/** "Mod+Enter" → "Ctrl+Enter" (or "⌘+Enter" on a Mac), "g i" → "g then i". */
export function displayKey(key: string, mac = isMac()): string {
  return key
    .split(' ')
    .map((part) =>
      part
        .replace('Mod+', mac ? '⌘+' : 'Ctrl+')
        .replace('ArrowDown', '↓')
        .replace('ArrowUp', '↑')
        .replace('Escape', 'Esc'),
    )
    .join(' then ');
}

function isMac(): boolean {
  return typeof navigator !== 'undefined' && /Mac/i.test(navigator.platform);
}
