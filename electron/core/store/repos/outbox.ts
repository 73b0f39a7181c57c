// The outbox: every change the person made that waits for the service. This module alone owns an
// entry's life cycle. States and legal moves are written once (TRANSITIONS) and every move is a
// compare-and-set in SQL (`UPDATE … WHERE id = ? AND state = ?`), so a push, a discard, a retry
// and a resolve can never both win: the loser sees `false` and leaves the entry alone.
//
// Intents are immutable: a payload never changes once queued. A newer change to the same target is
// a new entry that retires (supersedes) the older pending and failed ones in the same transaction.
// The screen shows the newest live intent per target laid over what was pulled.
import type {
  Message,
  MessageDelivery,
  OutboxEntry,
  OutboxKind,
  OutboxState,
} from '../../../shared/contract';
import type { Db } from '../db';
import { htmlToText, nowIso, parseJson } from '../util';
import { KINDS } from './outboxKinds';

export type {
  DncPayload,
  EmailAccountsPayload,
  RenamePayload,
  ReplyPayload,
  ThreadStatusPayload,
} from './outboxKinds';
import type { ReplyPayload } from './outboxKinds';

/** Live states (shown, counted) plus the terminal ones, kept as history until pruned. */
export type LifeState = OutboxState | 'done' | 'discarded' | 'superseded';

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

export const LIVE: readonly OutboxState[] = ['pending', 'sending', 'failed', 'uncertain'];
/** For other repositories' queries: an entry that still counts (not done, discarded, superseded). */
export const LIVE_SQL = `('pending', 'sending', 'failed', 'uncertain')`;
/** What the screen lays over pulled data: the newest of these per target. */
const SHOWN_SQL = `('pending', 'sending', 'failed')`;
/** Terminal entries are kept until the pull running when they finished has ended (it lays a
 *  confirmed entry over its older pages), and at most this long. */
const HISTORY_MS = 24 * 3600_000;

export interface OutboxRecord extends OutboxEntry {
  payload: unknown;
  notBefore: string | null;
}

interface OutboxDbRow {
  id: number;
  kind: OutboxKind;
  state: LifeState;
  target_id: string | null;
  payload: string;
  summary: string;
  attempts: number;
  last_error: string | null;
  not_before: string | null;
  created_at: string;
  updated_at: string;
}

function toRecord(r: OutboxDbRow): OutboxRecord {
  return {
    id: r.id,
    kind: r.kind,
    state: r.state as OutboxState,
    targetId: r.target_id,
    summary: r.summary,
    attempts: r.attempts,
    lastError: r.last_error,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    payload: parseJson<unknown>(r.payload, {}),
    notBefore: r.not_before,
  };
}

export class IllegalTransition extends Error {
  constructor(from: LifeState, to: LifeState) {
    super(`outbox: ${from} → ${to} is not a legal move`);
    this.name = 'IllegalTransition';
  }
}

export interface MoveExtra {
  lastError?: string | null;
  attempts?: number;
  notBefore?: string | null;
}

/** What a person's outbox command came to: done, or why not. */
export type Outcome = 'ok' | 'gone' | 'busy' | 'uncertain' | 'not_uncertain';

export function createOutboxRepo(db: Db) {
  const byId = db.prepare(`SELECT * FROM outbox WHERE id = ?`);
  const cas = db.prepare(
    `UPDATE outbox SET state = @to, last_error = coalesce(@lastError, CASE WHEN @keepError THEN last_error END),
       attempts = coalesce(@attempts, attempts), not_before = @notBefore, updated_at = @now
     WHERE id = @id AND state = @from`,
  );

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

  /** Older pending/failed entries of the same kind and target that `newer` makes moot, wholly or
   *  in part (then the part still standing is queued again in the older entry's state). */
  function supersede(kind: OutboxKind, targetId: string | null, payload: unknown, newId: number): void {
    if (!KINDS[kind].supersedes && !KINDS[kind].remainder) return;
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
  }

  /** Applies, in order, every live intent newer than `origin` (and older than the entries in
   *  `standing` that were requeued for it) to what still stands of `origin`'s intent. */
  function yieldAfter(origin: number, kind: OutboxKind, targetId: string | null, standing: number[]): void {
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

  /** Retires each of `older` that `payload` makes moot, wholly or in part; answers the ids of the
   *  entries that still stand for them (untouched ones, and the parts requeued). */
  function yieldTo(kind: OutboxKind, older: OutboxDbRow[], payload: unknown): number[] {
    const spec = KINDS[kind];
    const standing: number[] = [];
    for (const o of older) {
      const before = parseJson<unknown>(o.payload, {});
      if (spec.supersedes?.(before, payload)) {
        if (!move(o.id, o.state, 'superseded')) standing.push(o.id);
        continue;
      }
      const rest = spec.remainder?.(before, payload);
      if (!rest || !move(o.id, o.state, 'superseded')) {
        standing.push(o.id);
        continue;
      }
      for (const p of rest)
        standing.push(
          Number(
            db
              .prepare(
                `INSERT INTO outbox (kind, state, target_id, payload, summary, attempts, last_error, not_before, created_at, updated_at)
                 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
              )
              .run(
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
              ).lastInsertRowid,
          ),
        );
    }
    return standing;
  }

  const repo = {
    move,
    /** Queues a new intent and retires the ones it supersedes (call inside the action's transaction). */
    add(kind: OutboxKind, targetId: string | null, payload: unknown, summary: string): number {
      const now = nowIso();
      const id = Number(
        db
          .prepare(
            `INSERT INTO outbox (kind, state, target_id, payload, summary, created_at, updated_at) VALUES (?, 'pending', ?, ?, ?, ?, ?)`,
          )
          .run(kind, targetId, JSON.stringify(payload), summary, now, now).lastInsertRowid,
      );
      supersede(kind, targetId, payload, id);
      return id;
    },
    get(id: number): OutboxRecord | null {
      const r = byId.get(id) as OutboxDbRow | undefined;
      return r ? toRecord(r) : null;
    },
    /** The state of an entry, terminal ones included. */
    stateOf(id: number): LifeState | null {
      const r = byId.get(id) as OutboxDbRow | undefined;
      return r ? r.state : null;
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
    /** A newer live entry of the same kind and target makes this one moot (by the kind's own
     *  rule: a tags change does not retire a signature change). A failure then retires it. */
    /** After an entry came back from the wire unconfirmed: newer intents of its target queued
     *  while it was on the wire retire it, or the part of it they cover (as they would have, had it
     *  been waiting when they were queued), so sending it later cannot undo them. */
    yieldToNewer(e: { id: number; kind: OutboxKind; targetId: string | null }): void {
      yieldAfter(e.id, e.kind, e.targetId, [e.id]);
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
    /** Whether a target has a live entry of this kind (a pull then keeps the local value). */
    waitingOn(kind: OutboxKind, targetId: string): boolean {
      return (
        db
          .prepare(`SELECT 1 FROM outbox WHERE kind = ? AND target_id = ? AND state IN ${SHOWN_SQL}`)
          .get(kind, targetId) !== undefined
      );
    },
    /** After a crash: a reply that was on the wire may or may not have been sent (uncertain);
     *  anything else is idempotent and simply goes again. Old history is pruned. */
    recoverInterrupted(): number {
      let n = 0;
      const sending = db.prepare(`SELECT id, kind FROM outbox WHERE state = 'sending'`).all() as {
        id: number;
        kind: OutboxKind;
      }[];
      db.transaction(() => {
        for (const e of sending) {
          const ok = KINDS[e.kind].idempotent
            ? move(e.id, 'sending', 'pending')
            : move(e.id, 'sending', 'uncertain', {
                lastError:
                  'The app stopped while this reply was being sent: it is not known whether it went. Check the thread, then send it again or mark it sent.',
              });
          if (ok) n++;
        }
        db.prepare(
          `DELETE FROM outbox WHERE state IN ('done', 'discarded', 'superseded') AND updated_at < ?`,
        ).run(new Date(Date.now() - HISTORY_MS).toISOString());
      })();
      return n;
    },
    /**
     * Lays the newest shown intent per target of `kind` over the pulled rows (all, or the given
     * targets). `confirmedSince`: entries the service confirmed at or after this time are laid over
     * too, because a page fetched before that confirmation is older than the service now is.
     */
    overlay(kind: OutboxKind, targets?: readonly string[], confirmedSince?: string): void {
      const spec = KINDS[kind];
      if (!spec.overlay) return;
      const filter = targets ? `AND target_id IN (SELECT value FROM json_each(@ids))` : '';
      const states = confirmedSince
        ? `(state IN ${SHOWN_SQL} OR (state = 'done' AND updated_at >= @since))`
        : `state IN ${SHOWN_SQL}`;
      const newest = spec.layered ? 'id' : 'max(id)';
      const group = spec.layered ? '' : 'GROUP BY target_id';
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
      for (const r of rows) spec.overlay(db, r.target_id, parseJson<unknown>(r.payload, {}));
    },
    overlayThreads(ids?: string[], confirmedSince?: string): void {
      repo.overlay('thread_status', ids, confirmedSince);
    },
    overlayCampaigns(confirmedSince?: string): void {
      repo.overlay('campaign_rename', undefined, confirmedSince);
      repo.overlay('campaign_status', undefined, confirmedSince);
    },
    overlayEmailAccounts(confirmedSince?: string): void {
      repo.overlay('email_accounts', undefined, confirmedSince);
    },
    /** Forgets finished entries that no pull can still need (confirmed before `before`). */
    pruneHistory(before: string): void {
      db.prepare(
        `DELETE FROM outbox WHERE state IN ('done', 'discarded', 'superseded') AND updated_at < ?`,
      ).run(before);
    },
    /** The person takes a change back: only while it has not left (pending, failed) or when its
     *  fate is unknown and they decided (uncertain). The screen goes back to the newest other
     *  intent or to the pulled value. */
    discard(id: number): Outcome {
      return db.transaction((): Outcome => {
        const r = byId.get(id) as OutboxDbRow | undefined;
        if (!r || !(LIVE as readonly string[]).includes(r.state)) return 'gone';
        if (r.state === 'sending' || !move(id, r.state, 'discarded')) return 'busy';
        const spec = KINDS[r.kind];
        spec.restore?.(db, r.target_id, parseJson<unknown>(r.payload, {}));
        repo.overlay(r.kind, spec.layered || r.target_id === null ? undefined : [r.target_id]);
        return 'ok';
      })();
    },
    /** A failed change goes again from its first try. */
    retry(id: number): Outcome {
      const st = repo.stateOf(id);
      if (st === null || !(LIVE as readonly string[]).includes(st)) return 'gone';
      if (st !== 'failed' && st !== 'pending') return st === 'uncertain' ? 'uncertain' : 'busy';
      return move(id, st, 'pending', { attempts: 0, lastError: null }) ? 'ok' : 'busy';
    },
    /** The person's decision about a reply whose fate is unknown. */
    resolve(id: number, resolution: 'send_again' | 'mark_sent' | 'discard'): Outcome {
      const st = repo.stateOf(id);
      if (st === null || !(LIVE as readonly string[]).includes(st)) return 'gone';
      if (st !== 'uncertain') return 'not_uncertain';
      if (resolution === 'discard') return repo.discard(id);
      const ok =
        resolution === 'send_again'
          ? move(id, 'uncertain', 'pending', { attempts: 0, lastError: null })
          : move(id, 'uncertain', 'done');
      return ok ? 'ok' : 'busy';
    },
    /** Replies of a thread still in the outbox, shown as messages. */
    localReplies(threadId: string): Message[] {
      const rows = db
        .prepare(
          `SELECT * FROM outbox WHERE kind = 'reply' AND target_id = ? AND state IN ${LIVE_SQL} ORDER BY id`,
        )
        .all(threadId) as OutboxDbRow[];
      return rows.map((r) => {
        const p = parseJson<ReplyPayload>(r.payload, {} as ReplyPayload);
        const delivery: MessageDelivery = r.state === 'pending' ? 'queued' : (r.state as MessageDelivery);
        return {
          id: `local-${r.id}`,
          threadId,
          direction: 'outbound',
          from: { email: p.fromEmail ?? '', name: p.fromName ?? '' },
          to: [{ email: p.toEmail ?? '', name: p.toName ?? '' }],
          subject: p.subject ?? '',
          bodyHtml: p.bodyHtml ?? '',
          bodyText: htmlToText(p.bodyHtml ?? ''),
          emailAccountId: p.emailAccountId ?? null,
          sentAt: r.created_at,
          delivery,
          outboxId: r.id,
          error: r.last_error,
        };
      });
    },
  };
  return repo;
}

export type OutboxRepo = ReturnType<typeof createOutboxRepo>;
