// Addresses and domains for the do-not-contact list. Sending them twice is harmless; nothing here
// shows them, so there is nothing to lay over or restore.
import type { ChangeKind, KindStore } from '../kind';

export interface DncPayload {
  entries: string[];
}

export const dnc: ChangeKind<DncPayload, { added: number }> = {
  name: 'dnc',
  label: 'Do not contact',
  idempotent: true,
  send: (c, e, o) => c.addDnc(e.payload.entries, o),
  scope: 'outbox',
};

/** Queues entries for the list; `holdUntil` keeps them waiting until then (an undo may take them
 *  back while they wait). Answers the outbox entry's id. */
export function addDnc(store: KindStore, entries: string[], holdUntil?: string): number {
  return store.tx(() => {
    const n = entries.length;
    const payload: DncPayload = { entries };
    const id = store.outbox.add(
      dnc.name,
      null,
      payload,
      `Add ${n} do-not-contact entr${n === 1 ? 'y' : 'ies'}`,
    );
    if (holdUntil) store.outbox.move(id, 'pending', 'pending', { notBefore: holdUntil });
    return id;
  });
}
