// Lays the outbox's intents over pulled rows: after a pull writes a page, after the service's
// answer to one change, and after a discard (the newest other intent, or the pulled value).
import type { Db } from '../store/db';
import { parseJson } from '../store/util';
import type { KindTable, PulledRows } from './entry';
import { SHOWN_SQL } from './live';

export function createOverlay(db: Db, kinds: KindTable) {
  /**
   * Lays the newest shown intent per target of `kind` over the pulled rows (all, or the given
   * targets). `confirmedSince`: entries the service confirmed at or after this time are laid over
   * too, because a page fetched before that confirmation is older than the service now is.
   */
  function layKind(kind: string, targets?: readonly string[], confirmedSince?: string): void {
    const overlay = kinds[kind]?.overlay;
    if (!overlay) return;
    const filter = targets ? `AND target_id IN (SELECT value FROM json_each(@ids))` : '';
    const states = confirmedSince
      ? `(state IN ${SHOWN_SQL} OR (state = 'done' AND updated_at >= @since))`
      : `state IN ${SHOWN_SQL}`;
    const newest = overlay.layered ? 'id' : 'max(id)';
    const group = overlay.layered ? '' : 'GROUP BY target_id';
    const rows = db
      .prepare(
        `SELECT target_id, payload FROM outbox WHERE id IN (
           SELECT ${newest} FROM outbox WHERE kind = @kind AND ${states} ${filter} ${group})
         ORDER BY id`,
      )
      .all({ kind, ids: JSON.stringify(targets ?? []), since: confirmedSince ?? '' }) as {
      target_id: string | null;
      payload: string;
    }[];
    for (const r of rows) overlay.lay(db, r.target_id, parseJson<unknown>(r.payload, {}));
  }

  return {
    layKind,
    /** Lays every kind of intent on these pulled rows over them (all, or the given targets). */
    layOver(rows: PulledRows, targets?: readonly string[], confirmedSince?: string): void {
      for (const [kind, rules] of Object.entries(kinds))
        if (rules.overlay?.rows === rows) layKind(kind, targets, confirmedSince);
    },
  };
}
