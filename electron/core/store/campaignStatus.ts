// Pausing and resuming a campaign (PUT /campaigns/{id}/status) as an outbox kind: the local row
// changes at once with the outbox entry in one transaction, the change is laid back over every
// pull until the service confirms it, and dropping it puts the service's status back. A refused
// change stays visible with its error, like a refused rename.
import type { ApiClient, CallOptions } from '../api/client';
import type { OutboxRecord } from './repos/outbox';
import type { Store } from './index';

export interface CampaignStatusPayload {
  status: string;
}

/** Shown change states, as for the other kinds (a failed one stays until discarded). */
const OVERLAID = `('pending', 'sending', 'failed')`;

/** Sets a campaign's status; a newer status replaces one still waiting, and going back to what
 *  the service has drops the waiting change. False when the campaign is not here. */
export function setCampaignStatus(store: Store, campaignId: string, status: string): boolean {
  return store.tx(() => {
    const row = store.db
      .prepare(`SELECT name, status, json_extract(raw, '$.status') AS server FROM campaigns WHERE id = ?`)
      .get(campaignId) as { name: string; status: string; server: string | null } | undefined;
    if (!row) return false;
    const summary = `Campaign “${row.name}” → ${status}`;
    const waiting = store.outbox.pendingOf('campaign_status', campaignId);
    if (waiting) {
      if (status === row.server) store.outbox.remove(waiting.id);
      else store.outbox.update(waiting.id, { payload: { status } satisfies CampaignStatusPayload, summary });
    } else if (status !== row.status) {
      store.outbox.add('campaign_status', campaignId, { status } satisfies CampaignStatusPayload, summary);
    }
    store.db.prepare(`UPDATE campaigns SET status = ? WHERE id = ?`).run(status, campaignId);
    return true;
  });
}

/** Lays waiting status changes over freshly pulled campaigns. */
export function overlayCampaignStatuses(store: Store): void {
  const rows = store.db
    .prepare(
      `SELECT target_id, payload FROM outbox WHERE kind = 'campaign_status' AND state IN ${OVERLAID} ORDER BY id`,
    )
    .all() as { target_id: string; payload: string }[];
  const set = store.db.prepare(`UPDATE campaigns SET status = ? WHERE id = ?`);
  for (const r of rows) {
    const p = JSON.parse(r.payload) as Partial<CampaignStatusPayload>;
    if (typeof p.status === 'string') set.run(p.status, r.target_id);
  }
}

/** Puts the service's status back after the change was discarded (then what still waits). */
export function restoreCampaignStatus(store: Store, campaignId: string): void {
  store.db
    .prepare(`UPDATE campaigns SET status = coalesce(json_extract(raw, '$.status'), status) WHERE id = ?`)
    .run(campaignId);
  overlayCampaignStatuses(store);
}

/** Sends one entry; the answer is the whole campaign, stored as the service's truth. */
export async function pushCampaignStatus(
  client: ApiClient,
  store: Store,
  e: OutboxRecord,
  o: CallOptions,
): Promise<void> {
  const c = await client.setCampaignStatus(e.targetId!, (e.payload as CampaignStatusPayload).status, o);
  store.tx(() => {
    store.outbox.remove(e.id);
    store.campaigns.upsertMany([c]);
    store.outbox.overlayCampaigns();
    overlayCampaignStatuses(store);
  });
}
