// The one table of status names as people read them, for the renderer (lists, chips, palette) and
// the core (the outbox's one-line summaries). No imports: both sides load it.

const THREAD_STATUS_LABELS: Record<string, string> = {
  open: 'Open',
  interested: 'Interested',
  meeting_booked: 'Meeting booked',
  not_interested: 'Not interested',
  out_of_office: 'Out of office',
  wrong_person: 'Wrong person',
  closed: 'Done',
};

/** Whether the app knows this thread status (for its colour). */
export const isKnownStatus = (status: string): boolean => status in THREAD_STATUS_LABELS;

/** A thread status as a label; a status this app does not know is shown as the service spelled
 *  it, with spaces for underscores. */
export function statusLabel(status: string): string {
  return THREAD_STATUS_LABELS[status] ?? status.replace(/_/g, ' ');
}

const OUTBOX_STATE_LABELS: Record<string, string> = {
  pending: 'Waiting',
  sending: 'Sending',
  failed: 'Failed',
  uncertain: 'Not known if sent',
  done: 'Sent',
};

/** Where an outbox entry stands, in words. */
export const outboxStateLabel = (state: string): string =>
  OUTBOX_STATE_LABELS[state] ?? state.replace(/_/g, ' ');
