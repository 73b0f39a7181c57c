// The thread list's title: the folder, campaign or mailbox shown, and in All inboxes where.
import { statusLabel } from './format';
import { accounts } from './stores/accounts.svelte';
import { campaigns } from './stores/campaigns.svelte';
import { emailAccounts } from './stores/emailAccounts.svelte';
import { threadList } from './stores/threadList.svelte';
import { workspaceShort } from './stores/workspaces';

/** Read inside a `$derived`: every store it reads is tracked. */
export function listTitle(): string {
  const f = threadList.filter;
  let name = 'Inbox';
  if (f.campaignId) name = campaigns.all.find((c) => c.id === f.campaignId)?.name ?? 'Campaign';
  else if (f.emailAccountId)
    name = emailAccounts.all.find((e) => e.id === f.emailAccountId)?.email ?? 'Email account';
  else if (f.view === 'status' && f.status) name = statusLabel(f.status);
  else if (f.view === 'suggested' && f.suggested) name = `Suggested: ${statusLabel(f.suggested)}`;
  else if (f.view === 'all') name = 'All threads';
  else if (f.view === 'snoozed') name = 'Snoozed';
  if (!accounts.unified) return name;
  // Narrowed to one workspace, the title names it; the filter beside it says how to widen again.
  const where = accounts.only ? workspaceShort(accounts.only) : 'All inboxes';
  return f.view === 'inbox' ? where : `${name} · ${where}`;
}
