// A newer intent for a target retires the older pending and failed ones it makes moot, wholly or in
// part (by its kind's rule: a tags change does not retire a signature change). What still stands
// of a part is queued again in the older entry's state, so sending it later can never undo the
// newer one. Every retirement is a move of the life cycle (lifecycle.ts).
import type { Db } from '../store/db';
import { nowIso, parseJson } from '../store/util';
import type { KindRules, Move, OutboxDbRow } from './entry';
import { LIVE_SQL } from './live';

export function createSupersession(db: Db, rulesOf: (kind: string) => KindRules<unknown>, move: Move) {
  const byId = db.prepare(`SELECT * FROM outbox WHERE id = ?`);
  const requeue = db.prepare(
    `INSERT INTO outbox (kind, state, target_id, payload, summary, attempts, last_error, not_before, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );

  /** Retires each of `older` that `payload` makes moot, wholly or in part; answers the ids of the
   *  entries that still stand for them (untouched ones, and the parts requeued). */
  function yieldTo(kind: string, older: OutboxDbRow[], payload: unknown): number[] {
    const rules = rulesOf(kind);
    const standing: number[] = [];
    for (const o of older) {
      const before = parseJson<unknown>(o.payload, {});
      if (rules.supersedes?.(before, payload)) {
        if (!move(o.id, o.state, 'superseded')) standing.push(o.id);
        continue;
      }
      const rest = rules.remainder?.(before, payload);
      if (!rest || !move(o.id, o.state, 'superseded')) {
        standing.push(o.id);
        continue;
      }
      for (const p of rest) {
        const r = requeue.run(
          o.kind,
          o.state,
          o.target_id,
          JSON.stringify(p),
          o.summary,
          o.attempts,
          o.last_error,
          o.not_before,
          o.created_at,
          nowIso(),
        );
        standing.push(Number(r.lastInsertRowid));
      }
    }
    return standing;
  }

  /** Applies, in order, every live intent newer than `origin` (and older than the entries in
   *  `standing` that were requeued for it) to what still stands of `origin`'s intent. */
  function yieldAfter(origin: number, kind: string, targetId: string | null, standing: number[]): void {
    const requeued = standing.filter((id) => id > origin);
    const limit = requeued.length ? Math.min(...requeued) : Number.MAX_SAFE_INTEGER;
    const newer = db
      .prepare(
        `SELECT id, payload FROM outbox WHERE kind = ? AND target_id IS ? AND id > ? AND id < ? AND state IN ${LIVE_SQL} ORDER BY id`,
      )
      .all(kind, targetId, origin, limit) as { id: number; payload: string }[];
    for (const n of newer) {
      const rows = standing
        .map((id) => byId.get(id) as OutboxDbRow | undefined)
        .filter((r): r is OutboxDbRow => r !== undefined && (r.state === 'pending' || r.state === 'failed'));
      if (rows.length === 0) return;
      standing = yieldTo(kind, rows, parseJson<unknown>(n.payload, {}));
    }
  }

  return {
    /** Older pending/failed entries of the same kind and target that the new entry `newId` makes
     *  moot, wholly or in part (then the part still standing is queued again). */
    supersede(kind: string, targetId: string | null, payload: unknown, newId: number): void {
      const rules = rulesOf(kind);
      if (!rules.supersedes && !rules.remainder) return;
      const older = db
        .prepare(
          `SELECT * FROM outbox WHERE kind = ? AND target_id IS ? AND state IN ('pending', 'failed') AND id < ?`,
        )
        .all(kind, targetId, newId) as OutboxDbRow[];
      for (const o of older) {
        const standing = yieldTo(kind, [o], payload);
        // Requeued parts stand for o's intent: every other intent newer than o applies to them too.
        if (standing.some((id) => id > newId)) yieldAfter(o.id, kind, targetId, standing);
      }
    },
    yieldAfter,
  };
}
