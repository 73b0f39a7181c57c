// How each kind of outbox entry reaches the service and what its answer changes locally. A new
// kind is one row here plus one in store/repos/outboxKinds.ts.
import type { OutboxKind } from '../../shared/contract';
import type { ApiClient, CallOptions } from '../api/client';
import type { Store } from '../store/index';
import type { CampaignStatusPayload } from '../store/repos/outboxKinds';
import type {
  DncPayload,
  EmailAccountsPayload,
  OutboxRecord,
  RenamePayload,
  ReplyPayload,
  ThreadStatusPayload,
} from '../store/repos/outbox';

export type PushScope = 'threads' | 'campaigns' | 'emailAccounts' | 'outbox';

export interface Sender {
  /** A cheap read before a request that must not be repeated: proves the connection (and that the
   *  target still exists) so the one request that counts does not meet a dead socket. */
  check?: (client: ApiClient, e: OutboxRecord, o: CallOptions) => Promise<void>;
  send: (client: ApiClient, e: OutboxRecord, o: CallOptions) => Promise<unknown>;
  /** Writes the service's answer (inside the transaction that marks the entry done). */
  apply?: (store: Store, e: OutboxRecord, answer: unknown) => void;
  scope: PushScope;
}

export const SENDERS: Record<OutboxKind, Sender> = {
  thread_status: {
    send: (c, e, o) => c.setThreadStatus(e.targetId!, (e.payload as ThreadStatusPayload).status, o),
    apply: (store, _e, answer) => {
      const t = answer as Awaited<ReturnType<ApiClient['setThreadStatus']>>;
      if (!store.threads.exists(t._id)) return;
      store.threads.upsertMany([t]);
      store.outbox.overlayThreads([t._id]);
    },
    scope: 'threads',
  },
  campaign_rename: {
    send: (c, e, o) => c.renameCampaign(e.targetId!, (e.payload as RenamePayload).name, o),
    apply: (store, _e, answer) => {
      store.campaigns.upsertMany([answer as Awaited<ReturnType<ApiClient['renameCampaign']>>]);
      store.outbox.overlayCampaigns();
    },
    scope: 'campaigns',
  },
  campaign_status: {
    send: (c, e, o) => c.setCampaignStatus(e.targetId!, (e.payload as CampaignStatusPayload).status, o),
    apply: (store, _e, answer) => {
      store.campaigns.upsertMany([answer as Awaited<ReturnType<ApiClient['setCampaignStatus']>>]);
      store.outbox.overlayCampaigns();
    },
    scope: 'campaigns',
  },
  reply: {
    check: async (c, e, o) => {
      await c.getThread(e.targetId!, o);
    },
    send: (c, e, o) => {
      const p = e.payload as ReplyPayload;
      return c.reply(
        e.targetId!,
        { bodyHtml: p.bodyHtml, ...(p.emailAccountId ? { emailAccountId: p.emailAccountId } : {}) },
        o,
      );
    },
    apply: (store, e, answer) => {
      if (store.threads.exists(e.targetId!))
        store.messages.add(e.targetId!, answer as Awaited<ReturnType<ApiClient['reply']>>);
    },
    scope: 'threads',
  },
  email_accounts: {
    send: (c, e, o) => {
      const p = e.payload as EmailAccountsPayload;
      return c.updateEmailAccounts(
        {
          emailAccountIds: p.emailAccountIds,
          ...(p.signature !== undefined ? { signature: p.signature } : {}),
          ...(p.tags !== undefined ? { tags: p.tags } : {}),
        },
        o,
      );
    },
    scope: 'emailAccounts',
  },
  dnc: {
    send: (c, e, o) => c.addDnc((e.payload as DncPayload).entries, o),
    scope: 'outbox',
  },
};
