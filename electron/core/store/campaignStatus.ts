// Pausing and resuming a campaign (PUT /campaigns/{id}/status) as an outbox intent: the local row
// changes at once with the outbox entry in one transaction; a newer status supersedes one still
// waiting (store/repos/outboxKinds.ts), is laid back over every pull until the service confirms it,
// and a discard puts the service's status back.
import type { Store } from './index';
import type { CampaignStatusPayload } from './repos/outboxKinds';

/** Sets a campaign's status. False when the campaign is not here. */
export function setCampaignStatus(store: Store, campaignId: string, status: string): boolean {
  return store.tx(() => {
    const row = store.db.prepare(`SELECT name, status FROM campaigns WHERE id = ?`).get(campaignId) as
      { name: string; status: string } | undefined;
    if (!row) return false;
    // What the row shows is already the newest intent: asking for it again changes nothing.
    if (status === row.status) return true;
    const summary = `Campaign “${row.name}” → ${status}`;
    store.outbox.add('campaign_status', campaignId, { status } satisfies CampaignStatusPayload, summary);
    store.db.prepare(`UPDATE campaigns SET status = ? WHERE id = ?`).run(status, campaignId);
    return true;
  });
}
