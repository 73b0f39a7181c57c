// The snooze picker's choices, in local time.

export interface SnoozeChoice {
  id: 'later' | 'tomorrow' | 'monday';
  label: string;
  until: Date;
}

/** Later today (three hours on, or 18:00 if that is later), tomorrow 9:00, next Monday 9:00. */
export function snoozeChoices(now: Date = new Date()): SnoozeChoice[] {
  const later = new Date(now.getTime() + 3 * 3_600_000);
  const six = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 18, 0, 0, 0);
  const laterToday = six > later ? six : later;
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 9, 0, 0, 0);
  const daysToMonday = (8 - now.getDay()) % 7 || 7;
  const monday = new Date(now.getFullYear(), now.getMonth(), now.getDate() + daysToMonday, 9, 0, 0, 0);
  return [
    { id: 'later', label: `Later today, ${timeOfDay(laterToday)}`, until: laterToday },
    { id: 'tomorrow', label: `Tomorrow, ${dayAndTime(tomorrow)}`, until: tomorrow },
    { id: 'monday', label: `Next Monday, ${dayAndTime(monday)}`, until: monday },
  ];
}

/** The one way the picker writes a time: the person's locale, hours and minutes ("9:00 AM" or
 *  "09:00"), the same for every choice. */
export function timeOfDay(d: Date): string {
  return d.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
}

/** "Tue, Nov 24, 9:00 AM" in the person's locale. */
export function dayAndTime(d: Date): string {
  return `${d.toLocaleDateString(undefined, { weekday: 'short', day: 'numeric', month: 'short' })}, ${timeOfDay(d)}`;
}

/** A `<input type="datetime-local">` value ("2026-11-21T09:30") as a Date in local time, or null. */
export function parseLocalDateTime(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!m) return null;
  const d = new Date(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, 0, 0);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** The value a datetime-local input shows for a Date. */
export function toLocalInput(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}
