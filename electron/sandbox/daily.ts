// Daily campaign statistics (api.md, "Get daily campaign statistics"), consistent with the
// aggregate ones: replied and interested count the campaign's threads by the UTC day they were
// created; the seeded totals sent, opened and bounced are spread evenly over the days from the
// campaign's creation or its first thread to its latest thread, so those days add up to the
// aggregate.
import type { Db } from './db';
import { invalid } from './errors';

const DAY = 86_400_000;
/** Longest range one request may ask for (api.md). */
export const MAX_DAYS = 366;
/** Days answered when the request names no range (api.md). */
export const DEFAULT_DAYS = 30;

export interface DailyRow {
  date: string;
  sent: number;
  opened: number;
  replied: number;
  bounced: number;
  interested: number;
}

const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const startOf = (iso: string): number => Date.parse(`${iso.slice(0, 10)}T00:00:00.000Z`);

function readDay(query: URLSearchParams, name: 'from' | 'to'): number | null {
  const raw = query.get(name);
  if (raw === null) return null;
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(raw) ? Date.parse(`${raw}T00:00:00.000Z`) : NaN;
  if (Number.isNaN(ms) || dayOf(ms) !== raw) throw invalid(name, `${name} must be a date as YYYY-MM-DD`);
  return ms;
}

/** The UTC days asked for: `from` and `to` inclusive, by default the last 30 days up to today. */
export function dayRange(query: URLSearchParams, now = Date.now()): { from: number; to: number } {
  const toQ = readDay(query, 'to');
  const fromQ = readDay(query, 'from');
  const to =
    toQ ?? (fromQ !== null ? fromQ + (DEFAULT_DAYS - 1) * DAY : startOf(new Date(now).toISOString()));
  const from = fromQ ?? to - (DEFAULT_DAYS - 1) * DAY;
  if (from > to) throw invalid('from', 'from must not be after to');
  if ((to - from) / DAY + 1 > MAX_DAYS) throw invalid('to', `a range has at most ${MAX_DAYS} days`);
  return { from, to };
}

/** `total` spread over `n` days: the first `total % n` days carry one more. */
const share = (total: number, n: number, i: number): number =>
  Math.floor(total / n) + (i < total % n ? 1 : 0);

export function dailyStatistics(
  db: Db,
  campaign: { id: string; created_at: string; sent: number; opened: number; bounced: number },
  range: { from: number; to: number },
): { data: DailyRow[] } {
  const threads = db
    .prepare(
      `SELECT substr(created_at, 1, 10) AS day, COUNT(*) AS replied,
         COALESCE(SUM(status IN ('interested', 'meeting_booked')), 0) AS interested
       FROM threads WHERE campaign_id = ? GROUP BY day`,
    )
    .all(campaign.id) as { day: string; replied: number; interested: number }[];
  const byDay = new Map(threads.map((r) => [r.day, r]));
  const created = startOf(campaign.created_at);
  const first = threads.reduce((m, r) => Math.min(m, startOf(r.day)), created);
  const latest = threads.reduce((m, r) => Math.max(m, startOf(r.day)), created);
  const span = Math.round((latest - first) / DAY) + 1;
  const data: DailyRow[] = [];
  for (let ms = range.from; ms <= range.to; ms += DAY) {
    const date = dayOf(ms);
    const i = Math.round((ms - first) / DAY);
    const inSpan = i >= 0 && i < span;
    const t = byDay.get(date);
    data.push({
      date,
      sent: inSpan ? share(campaign.sent, span, i) : 0,
      opened: inSpan ? share(campaign.opened, span, i) : 0,
      replied: t?.replied ?? 0,
      bounced: inSpan ? share(campaign.bounced, span, i) : 0,
      interested: t?.interested ?? 0,
    });
  }
  return { data };
}
