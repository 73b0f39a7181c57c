// Pausing and resuming a campaign. The local row changes at once with the outbox entry in one
// transaction; a newer status supersedes one still waiting, is laid back over every pull until the
// service confirms it, and a discard puts the service's status back.
import type { ApiCampaign } from '../../api/schemas';
import type { Overlay } from '../entry';
import type { ChangeKind, KindStore } from '../kind';

export interface CampaignStatusPayload {
  status: string;
}

const overlay: Overlay<CampaignStatusPayload> = {
  rows: 'campaigns',
  lay: (db, id, p) => db.prepare(`UPDATE campaigns SET status = ? WHERE id = ?`).run(p.status, id),
  restore: (db, id) =>
    db
      .prepare(`UPDATE campaigns SET status = coalesce(json_extract(raw, '$.status'), status) WHERE id = ?`)
      .run(id),
};

export const campaignStatus: ChangeKind<CampaignStatusPayload, ApiCampaign> = {
  name: 'campaign_status',
  label: 'Campaign status',
  idempotent: true,
  supersedes: () => true,
  overlay,
  send: (c, e, o) => c.setCampaignStatus(e.targetId!, e.payload.status, o),
  apply(store, _e, campaign) {
    store.campaigns.upsertMany([campaign]);
    store.outbox.overlay('campaigns');
  },
  scope: 'campaigns',
};

/** Sets a campaign's status. False when the campaign is not here. */
export function setCampaignStatus(store: KindStore, campaignId: string, status: string): boolean {
  return store.tx(() => {
    const row = store.db.prepare(`SELECT name, status FROM campaigns WHERE id = ?`).get(campaignId) as
      { name: string; status: string } | undefined;
    if (!row) return false;
    // What the row shows is already the newest intent: asking for it again changes nothing.
    if (status === row.status) return true;
    const payload: CampaignStatusPayload = { status };
    store.outbox.add(campaignStatus.name, campaignId, payload, `Campaign “${row.name}” → ${status}`);
    overlay.lay(store.db, campaignId, payload);
    return true;
  });
}
