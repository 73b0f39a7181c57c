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

export function addDnc(store: KindStore, entries: string[]): void {
  store.tx(() => {
    const n = entries.length;
    const payload: DncPayload = { entries };
    store.outbox.add(dnc.name, null, payload, `Add ${n} do-not-contact entr${n === 1 ? 'y' : 'ies'}`);
  });
}
