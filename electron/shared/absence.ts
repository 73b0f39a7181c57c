// When an absent prospect's thread comes back to the Inbox: one rule for the core that snoozes it
// and the window that says so. Free of Node, DOM and Electron imports.
/** An absent prospect's thread comes back at this hour (the rep's clock) on the day after they return. */
const WAKE_HOUR = 8;

/** The morning after the day they are back (`YYYY-MM-DD`), on the rep's clock; null for no day. */
export function morningAfter(returnDate: string | undefined): Date | null {
  const m = returnDate ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(returnDate) : null;
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + 1, WAKE_HOUR) : null;
}

/** When a thread of an absent prospect comes back: the morning after `returnDate`, or `days` from
 *  now when the reply names no day (or one already past). */
export function wakeAt(returnDate: string | undefined, days: number, now = new Date()): Date {
  const at = morningAfter(returnDate);
  if (at && at.getTime() > now.getTime()) return at;
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + days, WAKE_HOUR);
}
