// The figures shown on each campaign, all over the same days (a card speaks of one period): reply
// threads per day by verdict from the local store (offline too), and the service's daily
// statistics where it answers (optional).
import type { Campaign, CampaignActivityDay, CampaignDay } from '../../../electron/shared/contract';
import { call, errorKind, errorMessage } from '../api';

/** Why a figure from the service is missing, in words. */
function missing(e: unknown, what: string): string {
  const kind = errorKind(e);
  if (kind === 'offline') return `${what} need a connection.`;
  if (kind === 'not_supported') return `This service has no ${what.toLowerCase()}.`;
  return `No ${what.toLowerCase()}: ${errorMessage(e)}`;
}

/** The days every campaign card covers: the service's daily statistics default to the same. */
export const PERIOD_DAYS = 30;

class CampaignFiguresStore {
  daily = $state<Record<string, CampaignDay[] | string>>({});
  activity = $state<Record<string, CampaignActivityDay[]>>({});

  /** The local activity is read again on each call (after any change); the service's figures once.
   *  The service's aggregate statistics count a campaign's whole life, so no card shows them. */
  load(accountId: string, list: Campaign[]): void {
    const utcOffsetMinutes = -new Date().getTimezoneOffset();
    for (const c of list) {
      const campaignId = c.id;
      call('campaigns.activity', { accountId, campaignId, days: PERIOD_DAYS, utcOffsetMinutes })
        .then((d) => (this.activity = { ...this.activity, [campaignId]: d }))
        .catch(() => {});
      if (this.daily[campaignId] === undefined)
        call('campaigns.dailyStatistics', { accountId, campaignId })
          .then((d) => (this.daily = { ...this.daily, [campaignId]: d }))
          .catch((e) => (this.daily = { ...this.daily, [campaignId]: missing(e, 'Daily statistics') }));
    }
  }

  clear(): void {
    this.daily = {};
    this.activity = {};
  }
}

export const campaignFigures = new CampaignFiguresStore();

export type DayFigures = Omit<CampaignDay, 'date'>;

export const sumDays = (days: CampaignDay[]): DayFigures =>
  days.reduce<DayFigures>(
    (a, d) => ({
      sent: a.sent + d.sent,
      opened: a.opened + d.opened,
      replied: a.replied + d.replied,
      bounced: a.bounced + d.bounced,
      interested: a.interested + d.interested,
    }),
    { sent: 0, opened: 0, replied: 0, bounced: 0, interested: 0 },
  );
