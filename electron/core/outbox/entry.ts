// An outbox entry as stored and as read, and what the life cycle asks of its kind of change
// (kind.ts adds how it is sent and named; kinds/ holds one file per kind).
import type { OutboxEntry, OutboxState } from '../../shared/contract';
import type { Db } from '../store/db';
import { parseJson } from '../store/util';

/** Live states (shown, counted) plus the terminal ones, kept as history until pruned. */
export type LifeState = OutboxState | 'done' | 'discarded' | 'superseded';

/** An entry as the core reads it: the renderer's entry (less its kind's label) with its intent. */
export interface OutboxRecord extends Omit<OutboxEntry, 'kindLabel'> {
  payload: unknown;
  notBefore: string | null;
}

export interface OutboxDbRow {
  id: number;
  kind: string;
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

export function toRecord(r: OutboxDbRow): OutboxRecord {
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

export interface MoveExtra {
  lastError?: string | null;
  attempts?: number;
  notBefore?: string | null;
}

/** The one way an entry changes state (lifecycle.ts): legal, and only if it still is in `from`. */
export type Move = (id: number, from: LifeState, to: LifeState, extra?: MoveExtra) => boolean;

/** Pulled rows an intent is laid over, until the service confirms it. */
export type PulledRows = 'threads' | 'campaigns' | 'emailAccounts';

export interface Overlay<P> {
  rows: PulledRows;
  /** Overlays every shown entry in order, not only the newest per target (a change may name
   *  several rows, so its target id does not cover all it touches). */
  layered?: boolean;
  /** Writes the intent over the pulled row(s) of its target (also the local change when queued). */
  lay(db: Db, targetId: string | null, payload: P): void;
  /** Puts the pulled value back over the target after its intent was discarded. */
  restore(db: Db, targetId: string | null, payload: P): void;
}

/** What the life cycle asks of a kind of change. */
export interface KindRules<P> {
  /** Sending it again after a lost answer does no harm (a PUT of a value). */
  idempotent: boolean;
  /** Whether `newer` (same kind, same target) makes `older` moot; absent: never. */
  supersedes?(older: P, newer: P): boolean;
  /** For a change that names several rows: what of `older` `newer` leaves standing when it covers
   *  part of it (null: no overlap, `older` stays as it is). `older` is then retired and the rest
   *  queued as new entries, so sending `older` later can never undo part of `newer`. */
  remainder?(older: P, newer: P): P[] | null;
  overlay?: Overlay<P>;
}

export type KindTable = Readonly<Record<string, KindRules<unknown>>>;
