// Every kind of change the outbox carries: one file each in this folder, one row in TABLE.
import type { ChangeKind } from '../kind';
import { campaignRename } from './campaignRename';
import { campaignStatus } from './campaignStatus';
import { dnc } from './dnc';
import { emailAccounts } from './emailAccounts';
import { reply } from './reply';
import { threadStatus } from './threadStatus';

export type AnyKind = ChangeKind<unknown, unknown>;

const TABLE = {
  threadStatus,
  campaignRename,
  campaignStatus,
  reply,
  emailAccounts,
  dnc,
} satisfies Record<string, AnyKind>;

/** The kinds by name (the name each entry carries on disk). */
export const KINDS: Readonly<Record<string, AnyKind>> = Object.fromEntries(
  Object.values(TABLE).map((k: AnyKind) => [k.name, k]),
);

/** The kind an entry names (an entry of a kind this version does not know is a bug, not data). */
export function kindOf(name: string): AnyKind {
  const kind = KINDS[name];
  if (!kind) throw new Error(`outbox: no kind of change named ${name}`);
  return kind;
}
