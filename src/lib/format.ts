// Words and numbers as the person reads them: relative times, status names, schedules.
import type { CampaignSchedule } from '../../electron/shared/contract';
import { isKnownStatus, statusLabel } from '../../electron/shared/labels';

export { statusLabel };

/** The CSS class of a status chip; unknown statuses share a neutral look. */
export function statusClass(status: string): string {
  return isKnownStatus(status) ? `status-${status}` : 'status-other';
}

const rtf = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto', style: 'short' });
// Made once: toLocaleString with options builds a new formatter on every call, and a list or a
// thread formats a time per row and per message in the frame of a key.
const weekdayFmt = new Intl.DateTimeFormat(undefined, { weekday: 'short' });
const dayMonthFmt = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' });
const dayMonthYearFmt = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const fullFmt = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
// Number's toLocaleString costs some 30 µs a call against 1 µs for a kept formatter, and the
// sidebar's counts change with every verdict.
const numberFmt = new Intl.NumberFormat();

/** A count as the person reads numbers: "12,480". */
export function countText(n: number): string {
  return numberFmt.format(n);
}

/** "just now", "2 min. ago", "3 hr. ago", "yesterday" (Intl.RelativeTimeFormat, in the person's
 *  language), then "Mon", "12 Mar", "12 Mar 2024". A time a little ahead of this clock (a reply
 *  stamped by the service a moment ago) is "just now" too. */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const then = new Date(iso);
  const ms = now.getTime() - then.getTime();
  if (Number.isNaN(ms)) return '';
  if (ms < -60_000) return shortDate(then, now);
  const min = Math.floor(ms / 60_000);
  if (min < 1) return 'just now';
  if (min < 60) return rtf.format(-min, 'minute');
  const h = Math.floor(min / 60);
  if (h < 24 && then.getDate() === now.getDate()) return rtf.format(-h, 'hour');
  const days = Math.round((startOfDay(now) - startOfDay(then)) / 86_400_000);
  if (days <= 1) return rtf.format(-1, 'day');
  if (days < 7) return weekdayFmt.format(then);
  return shortDate(then, now);
}

function startOfDay(d: Date): number {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}

/** "12 Mar", or "12 Mar 2024" when not this year. */
export function shortDate(d: Date, now: Date = new Date()): string {
  return (d.getFullYear() !== now.getFullYear() ? dayMonthYearFmt : dayMonthFmt).format(d);
}

/** "synced 2 min ago" style, for the status bar. */
export function syncedAgo(iso: string | null, now: Date = new Date()): string {
  if (!iso) return 'never synced';
  return `synced ${relativeTime(iso, now)}`;
}

/** A full local date and time, for tooltips and message headers. */
export function fullTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return fullFmt.format(d);
}

/** The day alone ("Nov 16"), where a line has no room for the time: the full time goes in its tooltip. */
export function shortDay(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return dayMonthFmt.format(d);
}

const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** "Mon-Fri 09:00-17:00, Europe/Berlin". Days are 0 = Sunday .. 6 = Saturday; runs of three or
 *  more days are written as a range. */
export function scheduleInWords(s: CampaignSchedule | null): string {
  if (!s) return 'No schedule';
  const days = [...new Set(s.days)].filter((d) => d >= 0 && d <= 6).sort((a, b) => a - b);
  // Weeks read Monday first, so Sunday goes last.
  const ordered = [...days.filter((d) => d !== 0), ...days.filter((d) => d === 0)];
  const pos = (d: number) => (d === 0 ? 7 : d);
  const parts: string[] = [];
  let run: number[] = [];
  const flush = () => {
    if (run.length >= 3) parts.push(`${DAY_NAMES[run[0]!]}-${DAY_NAMES[run[run.length - 1]!]}`);
    else parts.push(...run.map((d) => DAY_NAMES[d]!));
    run = [];
  };
  for (const d of ordered) {
    if (run.length && pos(d) !== pos(run[run.length - 1]!) + 1) flush();
    run.push(d);
  }
  flush();
  const dayText = days.length === 7 ? 'Every day' : days.length === 0 ? 'No days' : parts.join(', ');
  const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;
  return `${dayText} ${hh(s.startHour)}-${hh(s.endHour)}, ${s.timezone}`;
}

export function plural(n: number, one: string, many = one + 's'): string {
  return `${countText(n)} ${n === 1 ? one : many}`;
}
