// Reading ahead: once a thread is shown and the page is idle, the thread below it (where `j`, and a
// verdict's auto-advance, go next) is asked for and its opening bodies are sanitized, so moving on
// shows it in the key's own frame, with no round trip to the core and no long sanitizing task. The
// pane still asks the core again as it opens it, and shows that answer when it comes.
import type { ThreadDetail } from '../../../electron/shared/contract';
import { call } from '../api';
import { prepareWhenIdle, whenIdle } from '../bodyPrep';
import { reading } from './reading.svelte';
import { threadList } from './threadList.svelte';
import { refOf } from './threadRef';

/** Bodies longer than this are not read ahead: sanitizing one would hold an idle moment far longer
 *  than a frame (a pasted report of a megabyte takes a quarter of a second). */
const AHEAD_MAX_CHARS = 200_000;

let ahead: { id: string; detail: ThreadDetail } | null = null;
let token = 0;

/** The thread read ahead, if it is `id` (its service answer, as `threads.get` gave it). */
export function takeReadAhead(id: string): ThreadDetail | null {
  const hit = ahead?.id === id ? ahead.detail : null;
  ahead = null;
  return hit;
}

/** Drops what was read ahead when a change names its thread (or names none: it may be any), so
 *  it never shows a thread as it was before a change the window has heard of. */
export function forgetReadAhead(threadIds?: readonly string[]): void {
  if (!ahead || (threadIds && !threadIds.includes(ahead.id))) return;
  ahead = null;
}

/** Reads the thread below `shownId` ahead, while `wanted` says `shownId` is still the one shown. */
export function readAheadFrom(shownId: string, wanted: () => boolean): void {
  const mine = ++token;
  const still = () => mine === token && wanted();
  whenIdle(() => {
    if (!still()) return;
    const at = threadList.rows.indexOf(shownId);
    const nextId = at >= 0 ? threadList.rows.at(at + 1)?.id : undefined;
    const ref = nextId ? refOf(nextId) : null;
    if (!nextId || !ref || ahead?.id === nextId) return;
    call('threads.get', ref)
      .then((d) => {
        if (!d || !still()) return;
        ahead = { id: nextId, detail: d };
        const opening = new Set(reading.willExpand(nextId, d.messages));
        prepareWhenIdle(
          d.messages.filter((m) => opening.has(m.id)),
          still,
          AHEAD_MAX_CHARS,
        );
      })
      .catch(() => {});
  });
}
