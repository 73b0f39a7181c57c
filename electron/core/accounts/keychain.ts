// API keys live in the OS keychain (keytar) under one service name, one entry per account id,
// and nowhere else: SQLite, logs and events only ever hold the account id.
import keytar from 'keytar';

export interface Keychain {
  get(accountId: string): Promise<string | null>;
  set(accountId: string, key: string): Promise<void>;
  delete(accountId: string): Promise<boolean>;
}

export function createKeychain(service = 'Outreach Triage'): Keychain {
  return {
    get: (accountId) => keytar.getPassword(service, accountId),
    set: (accountId, key) => keytar.setPassword(service, accountId, key),
    delete: (accountId) => keytar.deletePassword(service, accountId),
  };
}
