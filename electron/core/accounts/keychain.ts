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

/** Said when no keychain answered: nothing was saved. */
export const NO_KEYCHAIN =
  'Nothing was saved: the key goes only to the system keychain, and none answered. On Linux, start a Secret Service (GNOME Keyring or KeePassXC) in your desktop session; on macOS and Windows, unlock the keychain. The Demo workspace works without one.';
