// A campaign's replies per day by verdict, from the local store (offline too): each thread counts
// on the local day it started (its createdAt: the prospect's first reply), under its status now.
import type { CampaignActivityDay } from '../../shared/contract';
import type { Store } from './index';

const DAY = 86_400_000;

/** The last `days` local days up to today, oldest first, days without replies included.
 *  `utcOffsetMinutes` is the renderer's (east of UTC positive, as -Date#getTimezoneOffset). */
export function campaignActivity(
  store: Store,
  campaignId: string,
  days: number,
  utcOffsetMinutes: number,
  now = Date.now(),
): CampaignActivityDay[] {
  const shift = utcOffsetMinutes * 60_000;
  const localDay = (ms: number): string => new Date(ms + shift).toISOString().slice(0, 10);
  const first = localDay(now - (days - 1) * DAY);
  const rows = store.db
    .prepare(
      `SELECT date(created_at, @mod) AS day, status, count(*) AS n FROM threads
       WHERE campaign_id = @campaignId AND date(created_at, @mod) >= @first
       GROUP BY day, status`,
    )
    .all({ campaignId, first, mod: `${utcOffsetMinutes >= 0 ? '+' : ''}${utcOffsetMinutes} minutes` }) as {
    day: string;
    status: string;
    n: number;
  }[];
  const out: CampaignActivityDay[] = [];
  const byDay = new Map<string, CampaignActivityDay>();
  for (let i = days - 1; i >= 0; i--) {
    const d: CampaignActivityDay = { date: localDay(now - i * DAY), byStatus: {} };
    out.push(d);
    byDay.set(d.date, d);
  }
  for (const r of rows) {
    const d = byDay.get(r.day);
    if (d) d.byStatus[r.status] = (d.byStatus[r.status] ?? 0) + r.n;
  }
  return out;
}
