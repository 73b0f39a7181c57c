// How a do-not-contact entry reaches the service.
import type { ApiClient, CallOptions } from '../api/client';
import type { OutboxRecord } from '../outbox/entry';
import type { DncPayload } from '../store/repos/outboxKinds';

export const SENDERS = {
  dnc: {
    send: (c: ApiClient, e: OutboxRecord, o: CallOptions) => c.addDnc((e.payload as DncPayload).entries, o),
    scope: 'outbox' as const,
  },
};
