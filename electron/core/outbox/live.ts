// Which outbox entries still count, for queries beside the outbox's own (a row shows that a change
// to it waits). It imports nothing, so the store's repositories use it without the outbox.

/** Live entries: shown in the Outbox view and counted (not done, discarded or superseded). */
export const LIVE_SQL = `('pending', 'sending', 'failed', 'uncertain')`;
/** What the screen lays over pulled data: the newest of these per target. */
export const SHOWN_SQL = `('pending', 'sending', 'failed')`;
