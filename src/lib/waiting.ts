// Speed-to-lead: how long the prospect's newest message has waited for our answer, in the row's
// short form ("12 min", "3 h", "2 d"), in words for the reading pane, and whether it waited past
// the rep's alert threshold (only then is it warm: a colour on every row would mean nothing).

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type Warmth = 'calm' | 'overdue';

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

/** Past the alert threshold (hours): overdue; before it: calm. */
export function warmth(since: string, now: number, alertHours = 24): Warmth {
  return waitedMs(since, now) >= alertHours * HOUR ? 'overdue' : 'calm';
}
