// API keys live in the OS keychain (keytar) under one service name, one entry per account id,
// and nowhere else: SQLite, logs and events only ever hold the account id.
// keytar is loaded on first use, and only where a keychain is made: the core's own thread is
// handed one by its process's main thread instead (host/router.ts), because libsecret keeps
// process-wide state that a second thread's copy of the addon breaks.
type Keytar = typeof import('keytar');
let keytar: Promise<Keytar> | null = null;
const load = (): Promise<Keytar> =>
  (keytar ??= import('keytar').then((m) => ((m as { default?: Keytar }).default ?? m) as Keytar));

export interface Keychain {
  get(accountId: string): Promise<string | null>;
  set(accountId: string, key: string): Promise<void>;
  delete(accountId: string): Promise<boolean>;
}

export function createKeychain(service = 'Outreach Triage'): Keychain {
  return {
    get: async (accountId) => (await load()).getPassword(service, accountId),
    set: async (accountId, key) => (await load()).setPassword(service, accountId, key),
    delete: async (accountId) => (await load()).deletePassword(service, accountId),
  };
}

/** Said when no keychain answered: nothing was saved. */
export const NO_KEYCHAIN =
  'Nothing was saved: the key goes only to the system keychain, and none answered. On Linux, start a Secret Service (GNOME Keyring or KeePassXC) in your desktop session; on macOS and Windows, unlock the keychain. The Demo workspace works without one.';
