// A thread's message bodies sanitized ahead of showing them, one body per task: a key pressed
// meanwhile is handled between two bodies (and cancels the rest), instead of waiting for a whole
// thread's sanitizing inside one long task. The message the thread opens on goes first; folded
// messages are prepared later, when the page is idle, so unfolding one (v, n, p) is quick.
import type { Message } from '../../electron/shared/contract';
import { postTask } from './afterFrame';
import { chunkLoader } from './chunk';
import { messageSource } from './messageSource';

// The sanitizer (DOMPurify behind messageHtml) is a chunk of its own, not compiled before the
// first rows: it loads with the reading pane once the page is idle, and a thread's bodies wait for
// it only when one is opened before then.
type Sanitizer = typeof import('./messageHtml');
let sanitizer: Sanitizer | null = null;

/** The sanitizer, loaded once (tried again on the next call if its chunk failed to load). */
export const loadSanitizer = chunkLoader(
  () => import('./messageHtml'),
  (m) => (sanitizer = m),
);

/** Folded bodies longer than this are left for when they are unfolded: sanitizing one takes longer
 *  than an idle moment has (a pasted report of a megabyte takes a quarter of a second). */
const IDLE_MAX_CHARS = 30_000;

interface Scheduler {
  yield?: () => Promise<void>;
}

/** Resolves in a new task, after any input waiting (scheduler.yield where the browser has it). */
export function yieldToInput(): Promise<void> {
  const s = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof s?.yield === 'function') return s.yield();
  return new Promise((resolve) => postTask(resolve));
}

/** The body a message shows on opening (not cut short by the rep's choice, its HTML). */
function openingHtml(m: Message): string {
  return messageSource(m, { whole: false, textOnly: false }).html;
}

/** Sanitizes the bodies of `ids` (in that order), one per task; stops as soon as `wanted` says the
 *  thread is no longer the one to show. Answers whether every body was prepared. */
export async function prepareBodies(
  messages: readonly Message[],
  ids: readonly string[],
  wanted: () => boolean,
): Promise<boolean> {
  const byId = new Map(messages.map((m) => [m.id, m]));
  const { prepareMessage, isPrepared } = sanitizer ?? (await loadSanitizer());
  for (const id of ids) {
    const m = byId.get(id);
    // One read ahead is ready: no task of its own.
    if (!m || isPrepared(openingHtml(m))) continue;
    await yieldToInput();
    if (!wanted()) return false;
    prepareMessage(openingHtml(m));
  }
  return wanted();
}

type IdleCallback = (deadline: { timeRemaining(): number }) => void;
/** Runs `cb` when the page is idle (within two seconds even when it never is). */
export const whenIdle: (cb: IdleCallback) => void =
  typeof requestIdleCallback === 'function'
    ? (cb) => void requestIdleCallback(cb, { timeout: 2000 })
    : (cb) => void setTimeout(() => cb({ timeRemaining: () => 8 }), 50);

/** Prepares these bodies in this order (each under `maxChars`), a few per idle moment, while
 *  `wanted`. */
export function prepareWhenIdle(
  messages: readonly Message[],
  wanted: () => boolean,
  maxChars = IDLE_MAX_CHARS,
): void {
  const queue = messages.filter((m) => m.bodyHtml.length + m.bodyText.length < maxChars);
  if (queue.length > 0 && !sanitizer) {
    void loadSanitizer().then(
      () => prepareWhenIdle(queue, wanted, maxChars),
      () => undefined,
    );
    return;
  }
  const step: IdleCallback = (deadline) => {
    const { prepareMessage } = sanitizer!;
    while (queue.length > 0 && wanted() && deadline.timeRemaining() > 4)
      prepareMessage(openingHtml(queue.shift()!));
    if (queue.length > 0 && wanted()) whenIdle(step);
  };
  if (queue.length > 0) whenIdle(step);
}

/** Prepares folded messages' bodies, newest first, when the page is idle, while `wanted`. */
export function prepareFoldedWhenIdle(folded: readonly Message[], wanted: () => boolean): void {
  prepareWhenIdle([...folded].reverse(), wanted);
}
