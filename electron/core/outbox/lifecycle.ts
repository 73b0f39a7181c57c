// The outbox: every change the person made that waits for the service. This module alone owns an
// entry's life cycle. States and legal moves are written once (TRANSITIONS) and every move is a
// compare-and-set in SQL (`UPDATE … WHERE id = ? AND state = ?`), so a push, a discard, a retry
// and a resolve can never both win: the loser sees `false` and leaves the entry alone.
//
// Intents are immutable: a payload never changes once queued. A newer change to the same target is
// a new entry that retires (supersedes) the older pending and failed ones in the same transaction
// (supersede.ts). The screen shows the newest live intent per target laid over what was pulled
// (overlay.ts). What each kind of change means is its own file in kinds/.
import type { OutboxState } from '../../shared/contract';
import type { Db } from '../store/db';
import { nowIso, parseJson } from '../store/util';
import {
  toRecord,
  type KindRules,
  type KindTable,
  type LifeState,
  type MoveExtra,
  type OutboxDbRow,
  type OutboxRecord,
  type PulledRows,
} from './entry';
import { LIVE_SQL } from './live';
import { createOverlay } from './overlay';
import { createSupersession } from './supersede';

/**
 *   pending ──► sending ──► done          (pending ──► failed: its check was refused)
 *     │  ▲         ├──► failed ──► pending (retry) | discarded | superseded
 *     │  └─────────┤           (an idempotent change goes again; a crash recovers it)
 *     │            └──► uncertain ──► pending (send again) | done (mark sent) | discarded
 *     ├──► superseded (a newer intent for the target)      └─ a reply only
 *     └──► discarded
 */
export const TRANSITIONS: Readonly<Record<LifeState, readonly LifeState[]>> = {
  pending: ['sending', 'pending', 'failed', 'superseded', 'discarded'],
  sending: ['done', 'failed', 'uncertain', 'pending', 'superseded'],
  failed: ['pending', 'discarded', 'superseded'],
  uncertain: ['pending', 'done', 'discarded'],
  done: [],
  discarded: [],
  superseded: [],
};

const LIVE: readonly OutboxState[] = ['pending', 'sending', 'failed', 'uncertain'];
const isLive = (st: LifeState | null): st is OutboxState => st !== null && (LIVE as string[]).includes(st);
/** Discarded and superseded entries are kept until the pull running when they finished has ended,
 *  and at most this long. */
const HISTORY_MS = 24 * 3600_000;
/** Changes the service confirmed stay this long: the Outbox lists them as sent (and a pull lays a
 *  confirmed entry over its pages fetched before the confirmation). */
export const SENT_KEPT_MS = 7 * 24 * 3600_000;

export class IllegalTransition extends Error {
  constructor(from: LifeState, to: LifeState) {
    super(`outbox: ${from} → ${to} is not a legal move`);
    this.name = 'IllegalTransition';
  }
}

/** What a person's outbox command came to: done, or why not. */
export type Outcome = 'ok' | 'gone' | 'busy' | 'uncertain' | 'not_uncertain';

export function createOutbox(db: Db, kinds: KindTable) {
  const byId = db.prepare(`SELECT * FROM outbox WHERE id = ?`);
  const cas = db.prepare(
    `UPDATE outbox SET state = @to, last_error = coalesce(@lastError, CASE WHEN @keepError THEN last_error END),
       attempts = coalesce(@attempts, attempts), not_before = @notBefore, updated_at = @now
     WHERE id = @id AND state = @from`,
  );
  const rulesOf = (kind: string): KindRules<unknown> => {
    const rules = kinds[kind];
    if (!rules) throw new Error(`outbox: no kind of change named ${kind}`);
    return rules;
  };

  /** The one way an entry changes state: legal by TRANSITIONS, and only if it still is in `from`. */
  function move(id: number, from: LifeState, to: LifeState, extra: MoveExtra = {}): boolean {
    if (!TRANSITIONS[from].includes(to)) throw new IllegalTransition(from, to);
    return (
      cas.run({
        id,
        from,
        to,
        lastError: extra.lastError ?? null,
        keepError: extra.lastError === undefined ? 1 : 0,
        attempts: extra.attempts ?? null,
        notBefore: extra.notBefore ?? null,
        now: nowIso(),
      }).changes === 1
    );
  }
  const supersession = createSupersession(db, rulesOf, move);
  const overlay = createOverlay(db, kinds);
  const stateOf = (id: number): LifeState | null => (byId.get(id) as OutboxDbRow | undefined)?.state ?? null;
  /** Where the Sent list begins: a week ago. */
  const sentSince = (): string => new Date(Date.now() - SENT_KEPT_MS).toISOString();
  const prune = db.prepare(
    `DELETE FROM outbox WHERE (state IN ('discarded', 'superseded') AND updated_at < @before)
       OR (state = 'done' AND updated_at < @sentSince)`,
  );
  const sentList = db.prepare(
    `SELECT * FROM outbox WHERE state = 'done' AND updated_at >= ? ORDER BY updated_at DESC, id DESC LIMIT ?`,
  );
  /** Forgets retired entries finished before `before` (if given) and sent ones past a week. */
  const pruneBefore = (before?: string): void => {
    prune.run({ before: before ?? '', sentSince: sentSince() });
  };

  const outbox = {
    move,
    stateOf,
    /** Queues a new intent and retires the ones it supersedes (call inside the action's transaction). */
    add(kind: string, targetId: string | null, payload: unknown, summary: string): number {
      rulesOf(kind);
      const now = nowIso();
      const id = Number(
        db
          .prepare(
            `INSERT INTO outbox (kind, state, target_id, payload, summary, created_at, updated_at) VALUES (?, 'pending', ?, ?, ?, ?, ?)`,
          )
          .run(kind, targetId, JSON.stringify(payload), summary, now, now).lastInsertRowid,
      );
      supersession.supersede(kind, targetId, payload, id);
      return id;
    },
    get(id: number): OutboxRecord | null {
      const r = byId.get(id) as OutboxDbRow | undefined;
      return r ? toRecord(r) : null;
    },
    /** Changes the service confirmed in the last week, newest first (the Outbox's Sent list). */
    sent(limit = 500): OutboxRecord[] {
      return (sentList.all(sentSince(), limit) as OutboxDbRow[]).map(toRecord);
    },
    /** Live entries, oldest first (what the Outbox view lists). */
    list(): OutboxRecord[] {
      return (
        db.prepare(`SELECT * FROM outbox WHERE state IN ${LIVE_SQL} ORDER BY id`).all() as OutboxDbRow[]
      ).map(toRecord);
    },
    /**
     * What a push run may send now, in id order. Order per target is strict: an entry goes only
     * when no older entry of its target is pending or sending, so one waiting in back-off blocks
     * the later entries of ITS target only. Other targets go on: a change to thread A cannot
     * depend on thread B, and one refusing or flaky target must not hold every other change back.
     * E-mail account changes share one target (null): each may name any account another names.
     * Account-wide waits (429, offline, auth) stop the whole run in the push module instead.
     */
    pushable(now = nowIso()): OutboxRecord[] {
      return (
        db
          .prepare(
            `SELECT * FROM outbox o WHERE state = 'pending' AND (not_before IS NULL OR not_before <= ?)
               AND NOT EXISTS (SELECT 1 FROM outbox p WHERE p.id < o.id AND p.state IN ('pending', 'sending')
                 AND p.target_id IS o.target_id)
             ORDER BY id`,
          )
          .all(now) as OutboxDbRow[]
      ).map(toRecord);
    },
    /** The earliest time a waiting entry may go (for the push timer). */
    nextWake(): string | null {
      return (
        (db
          .prepare(`SELECT min(not_before) FROM outbox WHERE state = 'pending' AND not_before IS NOT NULL`)
          .pluck()
          .get() as string | null) ?? null
      );
    },
    /** Pushes the entries waiting in back-off to wait until at least `until` (a 429 for the account). */
    deferAll(until: string): void {
      for (const id of db
        .prepare(`SELECT id FROM outbox WHERE state = 'pending' AND (not_before IS NULL OR not_before < ?)`)
        .pluck()
        .all(until) as number[])
        move(id, 'pending', 'pending', { notBefore: until });
    },
    /** After an entry came back from the wire unconfirmed: newer intents of its target queued
     *  while it was on the wire retire it, or the part of it they cover (as they would have, had it
     *  been waiting when they were queued), so sending it later cannot undo them. */
    yieldToNewer(e: { id: number; kind: string; targetId: string | null }): void {
      supersession.yieldAfter(e.id, e.kind, e.targetId, [e.id]);
    },
    counts(): { pending: number; failed: number; uncertain: number } {
      const rows = db
        .prepare(`SELECT state, count(*) AS n FROM outbox WHERE state IN ${LIVE_SQL} GROUP BY state`)
        .all() as { state: string; n: number }[];
      const by = Object.fromEntries(rows.map((r) => [r.state, r.n])) as Record<string, number>;
      return {
        pending: (by.pending ?? 0) + (by.sending ?? 0),
        failed: by.failed ?? 0,
        uncertain: by.uncertain ?? 0,
      };
    },
    /** After a crash: a change that was on the wire and must not be sent twice may or may not have
     *  been sent (uncertain); anything else is idempotent and simply goes again. Old history (and
     *  sent changes past a week) is pruned. */
    recoverInterrupted(): number {
      let n = 0;
      const sending = db.prepare(`SELECT id, kind FROM outbox WHERE state = 'sending'`).all() as {
        id: number;
        kind: string;
      }[];
      db.transaction(() => {
        for (const e of sending) {
          const ok = rulesOf(e.kind).idempotent
            ? move(e.id, 'sending', 'pending')
            : move(e.id, 'sending', 'uncertain', {
                lastError:
                  'The app stopped while this reply was being sent: it is not known whether it went. Check the thread, then send it again or mark it sent.',
              });
          if (ok) n++;
        }
        pruneBefore(new Date(Date.now() - HISTORY_MS).toISOString());
      }).immediate();
      return n;
    },
    /** Lays every intent on these pulled rows over them (all, or the given targets); `confirmedSince`:
     *  entries confirmed since then too (a page fetched before is older than the service now is). */
    overlay(rows: PulledRows, targets?: readonly string[], confirmedSince?: string): void {
      overlay.layOver(rows, targets, confirmedSince);
    },
    /** Forgets discarded and superseded entries no pull can still need (finished before `before`;
     *  none without it) and sent changes past a week. */
    pruneHistory: pruneBefore,
    /** The person takes a change back: only while it has not left (pending, failed) or when its
     *  fate is unknown and they decided (uncertain). The screen goes back to the newest other
     *  intent or to the pulled value. */
    discard(id: number): Outcome {
      return db
        .transaction((): Outcome => {
          const r = byId.get(id) as OutboxDbRow | undefined;
          if (!r || !isLive(r.state)) return 'gone';
          if (r.state === 'sending' || !move(id, r.state, 'discarded')) return 'busy';
          const over = rulesOf(r.kind).overlay;
          if (over) {
            over.restore(db, r.target_id, parseJson<unknown>(r.payload, {}));
            overlay.layKind(r.kind, over.layered || r.target_id === null ? undefined : [r.target_id]);
          }
          return 'ok';
        })
        .immediate();
    },
    /** A failed change goes again from its first try. */
    retry(id: number): Outcome {
      const st = stateOf(id);
      if (!isLive(st)) return 'gone';
      if (st !== 'failed' && st !== 'pending') return st === 'uncertain' ? 'uncertain' : 'busy';
      return move(id, st, 'pending', { attempts: 0, lastError: null }) ? 'ok' : 'busy';
    },
    /** The person's decision about a reply whose fate is unknown. */
    resolve(id: number, resolution: 'send_again' | 'mark_sent' | 'discard'): Outcome {
      const st = stateOf(id);
      if (!isLive(st)) return 'gone';
      if (st !== 'uncertain') return 'not_uncertain';
      if (resolution === 'discard') return outbox.discard(id);
      const ok =
        resolution === 'send_again'
          ? move(id, 'uncertain', 'pending', { attempts: 0, lastError: null })
          : move(id, 'uncertain', 'done');
      return ok ? 'ok' : 'busy';
    },
  };
  return outbox;
}

export type OutboxRepo = ReturnType<typeof createOutbox>;
