// A kind of change the outbox carries, in one file under kinds/ with one row in kinds/index.ts:
// its payload, what it supersedes, how it lays over pulled data and restores it (entry.ts), how it
// is sent and what the service's answer writes, what that changes on screen, and its label. The
// file also exports how it is queued (the local change and the entry in one transaction).
import type { DataScope } from '../../shared/contract';
import type { ApiClient, CallOptions } from '../api/client';
import type { Db } from '../store/db';
import type { CampaignsRepo } from '../store/repos/campaigns';
import type { EmailAccountsRepo } from '../store/repos/emailAccounts';
import type { LocalRepo } from '../store/repos/local';
import type { MessagesRepo } from '../store/repos/messages';
import type { SuggestionsRepo } from '../store/repos/suggestions';
import type { ThreadsRepo } from '../store/repos/threads';
import type { KindRules, OutboxRecord } from './entry';
import type { OutboxRepo } from './lifecycle';

/** The parts of an account's store a kind reads and writes. */
export interface KindStore {
  db: Db;
  /** Runs fn in one transaction (never hold one across an HTTP call). */
  tx<T>(fn: () => T): T;
  threads: ThreadsRepo;
  messages: MessagesRepo;
  campaigns: CampaignsRepo;
  emailAccounts: EmailAccountsRepo;
  local: LocalRepo;
  outbox: OutboxRepo;
  suggestions: SuggestionsRepo;
}

export interface Entry<P> extends OutboxRecord {
  payload: P;
}

export interface ChangeKind<P, A = unknown> extends KindRules<P> {
  /** Its name in the outbox table (never changes: entries on disk carry it). */
  name: string;
  /** What kind of change it is, in words (the Outbox view's first column). */
  label: string;
  /** A cheap read before a request that must not be repeated: proves the connection (and that the
   *  target still exists) so the one request that counts does not meet a dead socket. */
  check?(client: ApiClient, e: Entry<P>, o: CallOptions): Promise<void>;
  send(client: ApiClient, e: Entry<P>, o: CallOptions): Promise<A>;
  /** Writes the service's answer (inside the transaction that marks the entry done). */
  apply?(store: KindStore, e: Entry<P>, answer: A): void;
  /** What the service's confirmation changes on screen. */
  scope: Extract<DataScope, 'threads' | 'campaigns' | 'emailAccounts' | 'outbox'>;
}
