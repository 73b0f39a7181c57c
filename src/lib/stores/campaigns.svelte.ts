// The chosen account's campaigns, the campaigns view's cursor, and renaming in place.
import type { Campaign } from '../../../electron/shared/contract';
import { campaignNameProblem } from '../../../electron/shared/fields';
import { call, errorMessage } from '../api';
import { forAccount } from './accountCall';
import { accounts } from './accounts.svelte';
import { notices } from './notices.svelte';
import { threadList } from './threadList.svelte';
import { didAction } from './undo';

class CampaignsStore {
  all = $state<Campaign[]>([]);
  /** The campaign whose name is being edited in place. */
  renaming = $state<string | null>(null);
  /** The campaign the cursor of the campaigns view is on. */
  cursor = $state(0);

  async load(): Promise<void> {
    const c = await forAccount((accountId) => call('campaigns.list', { accountId }));
    if (c) this.all = c;
  }

  /** Pauses an active campaign or resumes a paused one, through the outbox (shown at once). */
  async toggleStatus(campaignId: string): Promise<void> {
    const accountId = accounts.id;
    const c = this.all.find((x) => x.id === campaignId);
    if (!accountId || !c) return;
    const status = c.status === 'Active' ? 'Paused' : c.status === 'Paused' ? 'Active' : null;
    if (!status) {
      notices.notify(
        `“${c.name}” is ${c.status}: only an active campaign can be paused, a paused one resumed.`,
      );
      return;
    }
    const before = this.all;
    this.all = this.all.map((x) => (x.id === campaignId ? { ...x, status, pending: true } : x));
    try {
      const updated = await call('campaigns.setStatus', { accountId, campaignId, status });
      this.all = this.all.map((x) => (x.id === campaignId ? updated : x));
      // Undoable like a verdict: z in Campaigns (or the toast's button) sets the status it had.
      const was = status === 'Paused' ? 'Active' : 'Paused';
      didAction(
        {
          label: `${status === 'Paused' ? 'Pause' : 'Resume'} of “${c.name}”`,
          undo: async () => {
            const back = await call('campaigns.setStatus', { accountId, campaignId, status: was });
            this.all = this.all.map((x) => (x.id === campaignId ? back : x));
          },
        },
        `“${c.name}” ${status === 'Paused' ? 'paused' : 'resumed'}.`,
      );
    } catch (e) {
      this.all = before;
      notices.notify(
        `“${c.name}” could not be ${status === 'Paused' ? 'paused' : 'resumed'}: ${errorMessage(e)}`,
        'error',
      );
    }
  }

  /** Renames a campaign; returns an error message for the field, or null when done. */
  async rename(campaignId: string, name: string): Promise<string | null> {
    const accountId = accounts.id;
    if (!accountId) return 'No account.';
    const problem = campaignNameProblem(name);
    if (problem) return problem;
    const trimmed = name.trim();
    const before = this.all;
    this.all = this.all.map((c) => (c.id === campaignId ? { ...c, name: trimmed, pending: true } : c));
    try {
      const updated = await call('campaigns.rename', { accountId, campaignId, name: trimmed });
      this.all = this.all.map((c) => (c.id === campaignId ? updated : c));
      threadList.refreshSoon();
      const was = before.find((c) => c.id === campaignId)?.name;
      notices.notify(
        was && was !== trimmed ? `“${was}” renamed to “${trimmed}”.` : `Renamed to “${trimmed}”.`,
      );
      return null;
    } catch (e) {
      this.all = before;
      return errorMessage(e);
    }
  }
}

export const campaigns = new CampaignsStore();
