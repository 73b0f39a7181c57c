// A signature and/or tags change of several sending e-mail accounts. A change may name any account
// another names, so these changes share one target (null) and go strictly in order. A newer change
// retires an older one only for the accounts and fields it covers; what still stands of the older
// one is queued again (`remainder`).
import type { Overlay } from '../entry';
import type { ChangeKind, KindStore } from '../kind';

export interface EmailAccountsPayload {
  emailAccountIds: string[];
  signature?: string | undefined;
  tags?: string[] | undefined;
}

const sameSet = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** Each change is laid over in order: its target (null) does not say which accounts it names. */
const overlay: Overlay<EmailAccountsPayload> = {
  rows: 'emailAccounts',
  layered: true,
  lay: (db, _id, c) => {
    for (const id of c.emailAccountIds ?? []) {
      if (c.signature !== undefined)
        db.prepare(`UPDATE email_accounts SET signature = ? WHERE id = ?`).run(c.signature, id);
      if (c.tags !== undefined)
        db.prepare(`UPDATE email_accounts SET tags = ? WHERE id = ?`).run(JSON.stringify(c.tags), id);
    }
  },
  restore: (db, _id, c) => {
    for (const id of c.emailAccountIds ?? [])
      db.prepare(
        `UPDATE email_accounts SET signature = coalesce(json_extract(raw, '$.signature'), ''),
           tags = coalesce(json_extract(raw, '$.tags'), '[]') WHERE id = ?`,
      ).run(id);
  },
};

export const emailAccounts: ChangeKind<EmailAccountsPayload, void> = {
  name: 'email_accounts',
  label: 'E-mail accounts',
  idempotent: true,
  // Only a change of the same accounts that sets at least every field the older one set.
  supersedes: (o, n) =>
    sameSet(o.emailAccountIds ?? [], n.emailAccountIds ?? []) &&
    (o.signature === undefined || n.signature !== undefined) &&
    (o.tags === undefined || n.tags !== undefined),
  remainder: (o, n) => {
    const named = new Set(n.emailAccountIds ?? []);
    const keepsSignature = (id: string): boolean =>
      o.signature !== undefined && !(n.signature !== undefined && named.has(id));
    const keepsTags = (id: string): boolean =>
      o.tags !== undefined && !(n.tags !== undefined && named.has(id));
    const ids = o.emailAccountIds ?? [];
    const untouched = ids.every(
      (id) => keepsSignature(id) === (o.signature !== undefined) && keepsTags(id) === (o.tags !== undefined),
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
  overlay,
  send: (c, e, o) =>
    c.updateEmailAccounts(
      {
        emailAccountIds: e.payload.emailAccountIds,
        ...(e.payload.signature !== undefined ? { signature: e.payload.signature } : {}),
        ...(e.payload.tags !== undefined ? { tags: e.payload.tags } : {}),
      },
      o,
    ),
  scope: 'emailAccounts',
};

/** Changes the signature and/or tags of e-mail accounts; they show it at once. */
export function updateEmailAccounts(store: KindStore, change: EmailAccountsPayload): void {
  store.tx(() => {
    const what = [
      change.signature !== undefined ? 'signature' : null,
      change.tags !== undefined ? 'tags' : null,
    ]
      .filter(Boolean)
      .join(' and ');
    const n = change.emailAccountIds.length;
    // No one target: a change may name any account another names (see migration 7).
    store.outbox.add(
      emailAccounts.name,
      null,
      change,
      `Update ${what} of ${n} email account${n === 1 ? '' : 's'}`,
    );
    overlay.lay(store.db, null, change);
  });
}
