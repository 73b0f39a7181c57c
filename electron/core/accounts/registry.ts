// The registry of accounts: who they are and where they live, in `accounts.json` in the data
// folder. It never holds an API key: keys live in the keychain under the account's id.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import type { Account } from '../../shared/contract';
import { readJson, writeJson } from './json-file';

const record = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  label: z.string(),
  baseUrl: z.string(),
  workspaceId: z.string().nullable(),
  workspaceName: z.string().nullable(),
  isDemo: z.boolean(),
  state: z.enum(['ok', 'auth_failed', 'forbidden']),
  stateMessage: z.string().nullable(),
  createdAt: z.string(),
});
const fileSchema = z.object({ version: z.literal(1), accounts: z.array(record) });

export interface Registry {
  list(): Account[];
  get(id: string): Account | null;
  add(account: Account): void;
  update(id: string, patch: Partial<Omit<Account, 'id'>>): Account;
  remove(id: string): void;
}

export function newAccountId(): string {
  return `acc_${randomBytes(9).toString('base64url')}`;
}

export function openRegistry(dataDir: string): Registry {
  const file = join(dataDir, 'accounts.json');
  let accounts: Account[] = readJson(file, fileSchema, { version: 1, accounts: [] }).accounts;
  const save = (next: Account[]): void => {
    writeJson(file, { version: 1, accounts: next });
    accounts = next;
  };
  const find = (id: string): Account | null => accounts.find((a) => a.id === id) ?? null;
  return {
    list: () => accounts.map((a) => ({ ...a })),
    get: (id) => {
      const found = find(id);
      return found ? { ...found } : null;
    },
    add: (account) => save([...accounts, { ...account }]),
    update: (id, patch) => {
      const current = find(id);
      if (!current) throw new Error(`no account ${id}`);
      const next = { ...current, ...patch, id };
      save(accounts.map((a) => (a.id === id ? next : a)));
      return { ...next };
    },
    remove: (id) => save(accounts.filter((a) => a.id !== id)),
  };
}
