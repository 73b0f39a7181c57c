// What one store tells the stores above it, without importing them: the stores form layers (the
// account and the list below, the reading pane above them, the composer and triage above that,
// session.svelte.ts on top), and an effect that would point down-to-up goes through here. Each
// event is listened to by the one module that owns its effect; session.svelte.ts wires the
// cross-store effects of choosing an account.
import type { ThreadDetail } from '../../../electron/shared/contract';

export interface HubEvents {
  /** Another account (or workspace) is shown now: everything about the last one is reset. */
  'account.chosen': { accountId: string };
  /** The list starts over (another view, sort or search): the open thread closes. */
  'list.reset': Record<string, never>;
  /** The list is back where the rep was before a search, with this thread open then. */
  'list.returned': { openId: string };
  /** The cursor moved by key to this thread: an open pane follows it. */
  'cursor.moved': { threadId: string };
  /** The pane leaves the thread it showed (if any) for this one. */
  'thread.leaving': { to: string };
  /** The open thread's detail arrived. */
  'thread.entered': { detail: ThreadDetail };
  /** The pane closed. */
  'pane.closed': Record<string, never>;
}

type Listener<E extends keyof HubEvents> = (payload: HubEvents[E]) => void | Promise<void>;
const listeners: { [E in keyof HubEvents]?: Listener<E>[] } = {};

export const hub = {
  on<E extends keyof HubEvents>(event: E, listener: Listener<E>): () => void {
    const list = (listeners[event] ??= []) as Listener<E>[];
    list.push(listener);
    return () => void list.splice(list.indexOf(listener), 1);
  },
  /** Calls every listener in order; resolves once those that answer with a promise have. */
  async emit<E extends keyof HubEvents>(event: E, payload: HubEvents[E]): Promise<void> {
    const list = (listeners[event] ?? []) as Listener<E>[];
    await Promise.all(list.map((l) => l(payload)));
  },
};
