// One account's service: its store, client, sync and the handlers behind every account channel.
import type { AccountHandlers, AccountState, EventName, Events } from '../contract';
import type { Logger } from './log';
import { AppError } from './errors';

export interface AccountConfig {
  id: string;
  baseUrl: string;
  workspaceId: string | null;
  dir: string;
  getApiKey: () => Promise<string | null>;
  nativeBinding?: string;
  syncIntervalSeconds?: number;
  fetch?: typeof fetch;
  log?: Logger;
  onStateChange?: (state: AccountState, message: string | null) => void;
}

export interface AccountService {
  readonly handlers: AccountHandlers;
  start(): void;
  syncNow(): Promise<void>;
  setWorkspace(workspaceId: string | null): Promise<void>;
  resume(): void;
  stop(): Promise<void>;
  destroy(): Promise<void>;
}

export type Emit = <E extends EventName>(name: E, payload: Events[E]) => void;

export function openAccount(_config: AccountConfig, _emit: Emit): AccountService {
  throw new AppError('internal', 'openAccount is being built');
}
