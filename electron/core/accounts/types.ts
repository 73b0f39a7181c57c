// What the accounts' life (lifecycle.ts) needs and offers: its dependencies, the full check of
// a store file off the core's thread, and the accounts' face to the app.
import type { Handlers } from '../../shared/contract';
import type { Emit } from '../account/context';
import type { AccountService } from '../account/service';
import type { Logger } from '../log';
import type { Classifier } from '../suggest/stored';
import type { BatchWriter } from '../sync/writes';
import type { DemoOptions, DemoSandbox } from './demo';
import type { Keychain } from './keychain';
import type { WorkspaceChannel } from './workspaces';
import type { SettingsStore } from './settings';

export type AccountsChannel =
  | 'accounts.list'
  | 'accounts.add'
  | 'accounts.remove'
  | 'accounts.test'
  | WorkspaceChannel
  | 'accounts.updateKey'
  | 'accounts.repair'
  | 'accounts.demo';

export interface AccountsDeps {
  dataDir: string;
  log: Logger;
  /** Keys seen by this process, only so they can be blanked out of logs and messages. */
  secrets: Set<string>;
  keychain: Keychain;
  settings: SettingsStore;
  emit: Emit;
  nativeBinding?: string;
  fetch?: typeof fetch;
  /** Start the demo workspace when there is no account yet. */
  startDemo?: boolean;
  demoOptions?: DemoOptions;
  /** The full check of a store file, off the core's thread, and letting go of a replaced file. */
  storeCheck?: StoreCheck;
  /** Where replies are read for suggestions, off the core's thread (every account's). */
  classifier?: Classifier;
  /** Where a sync writes its message batches, off the core's thread (every account's). */
  writer?: BatchWriter;
}

export interface StoreCheck {
  check(file: string): Promise<string | null>;
  forget(): Promise<void>;
}

export interface Accounts {
  readonly handlers: Pick<Handlers, AccountsChannel>;
  /** Resolves once accounts are open and the demo (if any) is running. */
  readonly ready: Promise<void>;
  /** The service of an account (not_found when there is none). */
  service(accountId: string): AccountService;
  /** Every open account's service (or those named), in the registry's order (All inboxes). */
  services(only?: readonly string[]): { accountId: string; service: AccountService }[];
  openFile(accountId: string): string | null;
  /** The settings changed: each account reads its replies for suggestions when they are on. */
  settingsChanged(): void;
  demoSandbox(): DemoSandbox | null;
  /** Whether close() has begun to stop the services: channels then answer that the app is closing. */
  closed(): boolean;
  close(): Promise<void>;
}
