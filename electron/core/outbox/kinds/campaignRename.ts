// A campaign's new name. The newest name waits for the service and is laid over every pull until
// it is confirmed; a discard puts the service's name back.
import type { ApiCampaign } from '../../api/schemas';
import type { Overlay } from '../entry';
import type { ChangeKind, KindStore } from '../kind';

export interface RenamePayload {
  name: string;
}

const overlay: Overlay<RenamePayload> = {
  rows: 'campaigns',
  lay: (db, id, p) => db.prepare(`UPDATE campaigns SET name = ? WHERE id = ?`).run(p.name, id),
  restore: (db, id) =>
    db
      .prepare(`UPDATE campaigns SET name = coalesce(json_extract(raw, '$.name'), name) WHERE id = ?`)
      .run(id),
};

export const campaignRename: ChangeKind<RenamePayload, ApiCampaign> = {
  name: 'campaign_rename',
  label: 'Campaign name',
  idempotent: true,
  supersedes: () => true,
  overlay,
  send: (c, e, o) => c.renameCampaign(e.targetId!, e.payload.name, o),
  apply(store, _e, campaign) {
    store.campaigns.upsertMany([campaign]);
    store.outbox.overlay('campaigns');
  },
  scope: 'campaigns',
};

/** Renames a campaign. False when the campaign is not here. */
export function renameCampaign(store: KindStore, campaignId: string, name: string): boolean {
  return store.tx(() => {
    const current = store.campaigns.nameOf(campaignId);
    if (current === null) return false;
    const payload: RenamePayload = { name };
    store.outbox.add(campaignRename.name, campaignId, payload, `Rename campaign “${current}” → “${name}”`);
    overlay.lay(store.db, campaignId, payload);
    return true;
  });
}
