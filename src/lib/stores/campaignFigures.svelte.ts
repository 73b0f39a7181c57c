// The figures shown on each campaign: replies per day by verdict from the local store (offline
// too), and the service's aggregate and daily statistics where it answers (both optional).
import type {
  Campaign,
  CampaignActivityDay,
  CampaignDay,
  CampaignStatistics,
} from '../../../electron/shared/contract';
import { call, errorKind, errorMessage } from '../api';

/** Why a figure from the service is missing, in words. */
function missing(e: unknown, what: string): string {
  const kind = errorKind(e);
  if (kind === 'offline') return `${what} need a connection.`;
  if (kind === 'not_supported') return `This service has no ${what.toLowerCase()}.`;
  return `No ${what.toLowerCase()}: ${errorMessage(e)}`;
}

class CampaignFiguresStore {
  stats = $state<Record<string, CampaignStatistics | string>>({});
  daily = $state<Record<string, CampaignDay[] | string>>({});
  activity = $state<Record<string, CampaignActivityDay[]>>({});

  /** The local activity is read again on each call (after any change); the service's figures once. */
  load(accountId: string, list: Campaign[]): void {
    const utcOffsetMinutes = -new Date().getTimezoneOffset();
    for (const c of list) {
      const campaignId = c.id;
      call('campaigns.activity', { accountId, campaignId, days: 30, utcOffsetMinutes })
        .then((d) => (this.activity = { ...this.activity, [campaignId]: d }))
        .catch(() => {});
      if (this.stats[campaignId] === undefined)
        call('campaigns.statistics', { accountId, campaignId })
          .then((s) => (this.stats = { ...this.stats, [campaignId]: s }))
          .catch((e) => (this.stats = { ...this.stats, [campaignId]: missing(e, 'Statistics') }));
      if (this.daily[campaignId] === undefined)
        call('campaigns.dailyStatistics', { accountId, campaignId })
          .then((d) => (this.daily = { ...this.daily, [campaignId]: d }))
          .catch((e) => (this.daily = { ...this.daily, [campaignId]: missing(e, 'Daily statistics') }));
    }
  }

  clear(): void {
    this.stats = {};
    this.daily = {};
    this.activity = {};
  }
}

export const campaignFigures = new CampaignFiguresStore();

export const sumDays = (days: CampaignDay[]) =>
  days.reduce(
    (a, d) => ({ sent: a.sent + d.sent, opened: a.opened + d.opened, replied: a.replied + d.replied }),
    { sent: 0, opened: 0, replied: 0 },
  );
