// Campaigns: the list, a rename and a status (through the outbox: the row changes at once), the
// service's daily statistics (online only) and the replies per day (from the local store).
import { renameCampaign } from '../../outbox/kinds/campaignRename';
import { setCampaignStatus } from '../../outbox/kinds/campaignStatus';
import { campaignActivity } from '../../store/campaignActivity';
import { campaignGone, guard, online, type Feature } from './guard';

type Channels =
  | 'campaigns.list'
  | 'campaigns.rename'
  | 'campaigns.setStatus'
  | 'campaigns.dailyStatistics'
  | 'campaigns.activity';

const figures = <
  T extends { sent: number; opened: number; replied: number; bounced: number; interested: number },
>(
  r: T,
) => ({ sent: r.sent, opened: r.opened, replied: r.replied, bounced: r.bounced, interested: r.interested });

export const campaignHandlers: Feature<Channels> = (ctx, engine) => ({
  'campaigns.list': () => guard(() => ctx.db().campaigns.list()),
  'campaigns.rename': ({ campaignId, name }) =>
    guard(() => {
      if (!renameCampaign(ctx.db(), campaignId, name)) throw campaignGone();
      ctx.changed(['campaigns', 'threads', 'outbox']);
      engine.pushSoon();
      return ctx.db().campaigns.get(campaignId)!;
    }),
  'campaigns.setStatus': ({ campaignId, status }) =>
    guard(() => {
      if (!setCampaignStatus(ctx.db(), campaignId, status)) throw campaignGone();
      ctx.changed(['campaigns', 'outbox']);
      engine.pushSoon();
      return ctx.db().campaigns.get(campaignId)!;
    }),
  'campaigns.dailyStatistics': ({ campaignId }) =>
    online(ctx, async () => {
      const r = await ctx.client().campaignDailyStatistics(campaignId, {});
      return r.data.map((d) => ({ date: d.date, ...figures(d) }));
    }),
  'campaigns.activity': ({ campaignId, days, utcOffsetMinutes }) =>
    guard(() => campaignActivity(ctx.db(), campaignId, days, utcOffsetMinutes)),
});
