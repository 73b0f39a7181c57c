// The registry of accounts: who they are and where they live, in `accounts.json` in the data
// folder. It never holds an API key: keys live in the keychain under the account's id. Each record
// is read on its own: one that cannot be read is set aside (the file is kept as it was, beside it)
// and the other accounts open as before, so one bad record never costs the rep every account.
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { ACCOUNT_STATES, type Account } from '../../shared/contract';
import type { Logger } from '../log';
import { readJson, writeJson } from './json-file';

const record = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  label: z.string(),
  baseUrl: z.string(),
  workspaceId: z.string().nullable(),
  workspaceName: z.string().nullable(),
  isDemo: z.boolean(),
  state: z.enum(ACCOUNT_STATES),
  stateMessage: z.string().nullable(),
  // What the app did on its own (a local copy replaced), said until the rep dismisses it.
  notice: z.string().nullable().optional(),
  createdAt: z.string(),
});
const fileSchema = z.object({ version: z.literal(1), accounts: z.array(z.unknown()) });

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

/** The readable records; the file as it was is copied aside when any record could not be read. */
function readAccounts(file: string, log?: Logger): Account[] {
  const raw = readJson(file, fileSchema, { version: 1, accounts: [] }).accounts;
  const accounts: Account[] = [];
  let unreadable = 0;
  for (const r of raw) {
    const parsed = record.safeParse(r);
    if (parsed.success && !accounts.some((a) => a.id === parsed.data.id)) accounts.push(parsed.data);
    else unreadable++;
  }
  if (unreadable > 0 && existsSync(file)) {
    const aside = `${file}.unreadable-${Date.now()}`;
    copyFileSync(file, aside);
    log?.warn('accounts that could not be read were set aside', { unreadable, aside });
  }
  return accounts;
}

export function openRegistry(dataDir: string, log?: Logger): Registry {
  const file = join(dataDir, 'accounts.json');
  let accounts: Account[] = readAccounts(file, log);
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
