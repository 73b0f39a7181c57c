// Speed-to-lead: how long the prospect's newest message has waited for our answer, in the row's
// short form ("12 min", "3 h", "2 d"), in words for the reading pane, and as a warmth that grows
// with age (the row's colour).

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type Warmth = 'fresh' | 'warm' | 'hot' | 'overdue';

function waitedMs(since: string, now: number): number {
  return Math.max(0, now - Date.parse(since));
}

/** "just now", "12 min", "3 h", "2 d". */
export function waitedShort(since: string, now: number): string {
  const ms = waitedMs(since, now);
  if (ms < MINUTE) return 'just now';
  if (ms < HOUR) return `${Math.floor(ms / MINUTE)} min`;
  if (ms < DAY) return `${Math.floor(ms / HOUR)} h`;
  return `${Math.floor(ms / DAY)} d`;
}

/** "Waiting 3 hours for your answer" */
export function waitedWords(since: string, now: number): string {
  const ms = waitedMs(since, now);
  const n = (unit: number) => Math.floor(ms / unit);
  const plural = (k: number, word: string) => `${k} ${word}${k === 1 ? '' : 's'}`;
  const span =
    ms < MINUTE
      ? 'a moment'
      : ms < HOUR
        ? plural(n(MINUTE), 'minute')
        : ms < DAY
          ? plural(n(HOUR), 'hour')
          : plural(n(DAY), 'day');
  return `Waiting ${span} for your answer`;
}

/** Under an hour: fresh; under 4 hours: warm; under a day: hot; a day or more: overdue. */
export function warmth(since: string, now: number): Warmth {
  const ms = waitedMs(since, now);
  if (ms < HOUR) return 'fresh';
  if (ms < 4 * HOUR) return 'warm';
  if (ms < DAY) return 'hot';
  return 'overdue';
}
