// The words of new-reply announcements: the notification and the window title.

export const APP_TITLE = 'Outreach Triage';

/** The words of one notification for new replies, from the rows found for them (if any). */
export function replyNotice(
  count: number,
  rows: readonly { prospectName: string; snippet: string | null }[],
): { title: string; body: string } {
  const one = rows[0];
  if (count === 1 && one) return { title: `New reply from ${one.prospectName}`, body: one.snippet ?? '' };
  const names = rows.slice(0, 3).map((r) => r.prospectName);
  const more = count - names.length;
  return {
    title: count === 1 ? 'New reply' : `${count} new replies`,
    body:
      names.length === 0
        ? 'Open Outreach Triage to read them.'
        : names.join(', ') + (more > 0 ? ` and ${more} more` : ''),
  };
}

/** The window title: the unread count first, so it shows in a taskbar too. */
export function windowTitle(unread: number): string {
  return unread > 0 ? `(${unread.toLocaleString('en-US')}) ${APP_TITLE}` : APP_TITLE;
}
