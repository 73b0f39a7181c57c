// How a workspace is named and marked in All inboxes: the account's label with its workspace's
// name, and one of eight colours (theme.css, --ws-0 … --ws-7) by its place among the accounts,
// so the same workspace keeps its colour while accounts are not added or removed before it.
import { accounts } from './accounts.svelte';

export const WORKSPACE_TONES = 8;

/** "Agency · Client A", or the label alone when the account names no workspace. */
export function workspaceName(accountId: string): string {
  const a = accounts.all.find((x) => x.id === accountId);
  // Before the accounts have answered (a remembered All inboxes paints first), nothing is said.
  if (!a) return accounts.booted ? 'A removed account' : '';
  return a.workspaceName ? `${a.label} · ${a.workspaceName}` : a.label;
}

/** What a row shows: the workspace's own name (the label when the account names none); the
 *  full name is the row's hover text. */
export function workspaceShort(accountId: string): string {
  const a = accounts.all.find((x) => x.id === accountId);
  if (!a) return accounts.booted ? 'Removed' : '';
  return a.workspaceName ?? a.label;
}

/** The workspace's colour: the CSS variable of its tone. */
export function workspaceColour(accountId: string): string {
  const at = Math.max(
    0,
    accounts.all.findIndex((x) => x.id === accountId),
  );
  return `var(--ws-${at % WORKSPACE_TONES})`;
}
