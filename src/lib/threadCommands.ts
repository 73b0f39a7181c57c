// Commands that work on the open thread's messages or prospect wait for them in one place: given
// while the thread is still on its way (Enter, then a key or the palette at once), each runs once,
// when that thread is shown. A command is for the thread the cursor is on when it is given (after
// j, the one the pane is about to show); if the pane goes elsewhere before that thread opens, none
// runs and a word says which command was not done. There is no time limit: on a loaded machine the
// thread may take seconds, and the rep asked for it (a thread that fails to load says so itself).
import { tick } from 'svelte';
import { nextFrame } from './afterFrame';
import { KEYMAP, type CommandId } from './keymap';
import { hub } from './stores/hub';
import { notices } from './stores/notices.svelte';
import { pane } from './stores/pane.svelte';
import { reading } from './stores/reading.svelte';

/** The commands that need the open thread's detail (not only its row in the list). */
const NEEDS_DETAIL: ReadonlySet<CommandId> = new Set<CommandId>([
  'reply.start',
  'reply.ai',
  'snippet.pick',
  'thread.dnc',
  'message.next',
  'message.previous',
  'message.toggle',
  'pane.pageDown',
  'pane.pageUp',
]);

interface Waiting {
  threadId: string;
  commands: CommandId[];
}

const ANOTHER_OPENED = 'Another thread opened before that one did.';

let waiting: Waiting | null = null;
let runner: ((command: CommandId) => void) | null = null;
/** Called for each command dropped (the reply's typed-ahead keys go with it). */
let onDrop: ((command: CommandId) => void) | null = null;

const labelOf = (c: CommandId): string =>
  (KEYMAP.find((b) => b.command === c)?.description ?? c).replace(/…$/, '');

function drop(why: string): void {
  const w = waiting;
  if (!w) return;
  waiting = null;
  for (const c of w.commands) onDrop?.(c);
  const names = [...new Set(w.commands.map(labelOf))].join(', ');
  notices.notify(`Not done: ${names}. ${why}`);
}

/** The keyboard's runner: a command kept here is run through it once its thread is shown. */
export function setThreadCommandRunner(
  run: (command: CommandId) => void,
  dropped: (command: CommandId) => void,
): void {
  runner = run;
  onDrop = dropped;
}

/** Whether `command` waits for the thread the pane is opening (it is then kept, and run later). */
export function waitsForThread(command: CommandId): boolean {
  if (!NEEDS_DETAIL.has(command)) return false;
  const target = pane.targetId;
  // No thread open: the command does what it does without one.
  if (target === null) return false;
  if (waiting && waiting.threadId !== target) drop(ANOTHER_OPENED);
  // Shown, and nothing kept before it: at once (a command kept earlier goes first).
  if (!waiting && pane.openDetail?.thread.id === target) return false;
  waiting ??= { threadId: target, commands: [] };
  waiting.commands.push(command);
  return true;
}

// The thread arrived: its commands run in the order given, once the pane has drawn it (the
// composer has taken its draft and the reading place is set by then).
hub.on('thread.entered', async ({ detail }) => {
  if (!waiting || waiting.threadId !== detail.thread.id) return;
  // The pane's own effects (where the thread opens, which messages unfold) run first: a command
  // run before them would be undone by them.
  await tick();
  await nextFrame();
  // The reading pane may take frames more (its part of the app still loading, a loaded
  // machine): the messages the keys act on are the ones it shows. A thread left meanwhile drops
  // what waited for it.
  const id = detail.thread.id;
  while (waiting?.threadId === id && !reading.shows(id)) await nextFrame();
  const w = waiting;
  if (!w || w.threadId !== id || pane.openDetail?.thread.id !== w.threadId) return;
  waiting = null;
  for (const c of w.commands) runner?.(c);
});
hub.on('thread.leaving', ({ to }) => {
  if (waiting && waiting.threadId !== to) drop(ANOTHER_OPENED);
});
hub.on('pane.closed', () => drop('The thread was closed before it opened.'));
