// What the person does: each action changes the local tables AND queues an outbox entry in ONE
// transaction, so the screen changes at once and the change survives a restart.
import type { Store } from './index';

export function addDnc(store: Store, entries: string[]): void {
  store.tx(() => {
    const n = entries.length;
    store.outbox.add('dnc', null, { entries }, `Add ${n} do-not-contact entr${n === 1 ? 'y' : 'ies'}`);
  });
}
