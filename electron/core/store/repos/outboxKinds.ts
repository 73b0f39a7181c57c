// What each kind of outbox entry means to the store: whether sending it twice is harmless, which
// older entry a newer one makes moot, and how it is laid over pulled rows. A new kind is one row
// here plus one sender in sync/senders.ts.
import type { OutboxKind } from '../../../shared/contract';
import type { Db } from '../db';

export interface ThreadStatusPayload {
  status: string;
}
export interface RenamePayload {
  name: string;
}
export interface ReplyPayload {
  bodyHtml: string;
  emailAccountId?: string | undefined;
  /** Filled for the local message shown while it waits. */
  fromEmail: string;
  fromName: string;
  toEmail: string;
  toName: string;
  subject: string;
}
export interface CampaignStatusPayload {
  status: string;
}
export interface EmailAccountsPayload {
  emailAccountIds: string[];
  signature?: string | undefined;
  tags?: string[] | undefined;
}
export interface DncPayload {
  entries: string[];
}

export interface KindSpec {
  /** Sending it again after a lost answer does no harm (a PUT of a value). */
  idempotent: boolean;
  /** Whether `newer` (same kind, same target) makes `older` moot; absent: never. */
  supersedes?: (older: unknown, newer: unknown) => boolean;
  /** For a change that names several rows: what of `older` `newer` leaves standing when it covers
   *  part of it (null: no overlap, `older` stays as it is). `older` is then retired and the rest
   *  queued as new entries, so sending `older` later can never undo part of `newer`. */
  remainder?: (older: unknown, newer: unknown) => unknown[] | null;
  /** Writes the intent over the pulled row(s) of its target. */
  overlay?: (db: Db, targetId: string | null, payload: unknown) => void;
  /** Overlays every shown entry in order, not only the newest per target (a change may name
   *  several rows, so its target id does not cover all it touches). */
  layered?: boolean;
  /** Puts the pulled value back over the target after its intent was discarded. */
  restore?: (db: Db, targetId: string | null, payload: unknown) => void;
}

const sameSet = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

export const KINDS: Record<OutboxKind, KindSpec> = {
  thread_status: {
    idempotent: true,
    supersedes: () => true,
    overlay: (db, id, p) =>
      db.prepare(`UPDATE threads SET status = ? WHERE id = ?`).run((p as ThreadStatusPayload).status, id),
    restore: (db, id) => db.prepare(`UPDATE threads SET status = server_status WHERE id = ?`).run(id),
  },
  campaign_rename: {
    idempotent: true,
    supersedes: () => true,
    overlay: (db, id, p) =>
      db.prepare(`UPDATE campaigns SET name = ? WHERE id = ?`).run((p as RenamePayload).name, id),
    restore: (db, id) =>
      db
        .prepare(`UPDATE campaigns SET name = coalesce(json_extract(raw, '$.name'), name) WHERE id = ?`)
        .run(id),
  },
  campaign_status: {
    idempotent: true,
    supersedes: () => true,
    overlay: (db, id, p) =>
      db.prepare(`UPDATE campaigns SET status = ? WHERE id = ?`).run((p as CampaignStatusPayload).status, id),
    restore: (db, id) =>
      db
        .prepare(`UPDATE campaigns SET status = coalesce(json_extract(raw, '$.status'), status) WHERE id = ?`)
        .run(id),
  },
  // Every reply is its own intent: a second reply never retires the first.
  reply: { idempotent: false },
  email_accounts: {
    idempotent: true,
    layered: true,
    // Only a change of the same accounts that sets at least every field the older one set.
    supersedes: (older, newer) => {
      const o = older as EmailAccountsPayload;
      const n = newer as EmailAccountsPayload;
      return (
        sameSet(o.emailAccountIds ?? [], n.emailAccountIds ?? []) &&
        (o.signature === undefined || n.signature !== undefined) &&
        (o.tags === undefined || n.tags !== undefined)
      );
    },
    remainder: (older, newer) => {
      const o = older as EmailAccountsPayload;
      const n = newer as EmailAccountsPayload;
      const named = new Set(n.emailAccountIds ?? []);
      const keepsSignature = (id: string): boolean =>
        o.signature !== undefined && !(n.signature !== undefined && named.has(id));
      const keepsTags = (id: string): boolean =>
        o.tags !== undefined && !(n.tags !== undefined && named.has(id));
      const ids = o.emailAccountIds ?? [];
      const untouched = ids.every(
        (id) =>
          keepsSignature(id) === (o.signature !== undefined) && keepsTags(id) === (o.tags !== undefined),
      );
      if (untouched) return null;
      // The accounts grouped by which of the older fields still stand for them.
      const groups = new Map<string, { sig: boolean; tags: boolean; ids: string[] }>();
      for (const id of ids) {
        const sig = keepsSignature(id);
        const tags = keepsTags(id);
        if (!sig && !tags) continue;
        const key = `${sig}/${tags}`;
        const g = groups.get(key) ?? { sig, tags, ids: [] };
        g.ids.push(id);
        groups.set(key, g);
      }
      return [...groups.values()].map((g): EmailAccountsPayload => ({
        emailAccountIds: g.ids,
        ...(g.sig ? { signature: o.signature } : {}),
        ...(g.tags ? { tags: o.tags } : {}),
      }));
    },
    overlay: (db, _id, p) => {
      const c = p as EmailAccountsPayload;
      for (const id of c.emailAccountIds ?? []) {
        if (c.signature !== undefined)
          db.prepare(`UPDATE email_accounts SET signature = ? WHERE id = ?`).run(c.signature, id);
        if (c.tags !== undefined)
          db.prepare(`UPDATE email_accounts SET tags = ? WHERE id = ?`).run(JSON.stringify(c.tags), id);
      }
    },
    restore: (db, _id, p) => {
      for (const id of (p as EmailAccountsPayload).emailAccountIds ?? [])
        db.prepare(
          `UPDATE email_accounts SET signature = coalesce(json_extract(raw, '$.signature'), ''),
             tags = coalesce(json_extract(raw, '$.tags'), '[]') WHERE id = ?`,
        ).run(id);
    },
  },
  dnc: { idempotent: true },
};
