// The end of a sequence: the rep deals with what the service refused (Retry) until every outbox is
// empty and each store holds the whole of its workspace again; then the service, each account's
// store and All inboxes are held against the model.
import type { OutboxEntry, ThreadRow, UnifiedWindow } from '../../electron/shared/contract';
import { key, SeamsFailure, serviceStatuses, type Model, type SeamsWorld } from './seams-model-world';

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Syncs a side only when something waits in its outbox, its store lacks threads of its workspace
 *  (a Rebuild refilling), or the service changed what it holds: a sync pushes what waits at once. */
export async function quiesce(w: SeamsWorld, m: Model): Promise<void> {
  for (const s of w.sides) s.sb.setFaults(null);
  for (let round = 0; round < 100; round++) {
    let calm = true;
    for (const [i, s] of w.sides.entries()) {
      const accountId = s.account.id;
      if (m.pull.delete(i)) await w.tryCall('sync.now', { accountId });
      const live = (await w.tryCall<OutboxEntry[]>('outbox.list', { accountId })) ?? [];
      for (const e of live) {
        if (e.state === 'failed') await w.tryCall('outbox.retry', { accountId, entryId: e.id });
        if (e.state === 'uncertain') await resolveAsRep(w, i, e);
      }
      const shown = (await w.tryCall<{ total: number }>('threads.list', {
        accountId,
        view: 'all',
        offset: 0,
        limit: 1,
      })) ?? { total: -1 };
      if (live.length > 0 || shown.total !== (await serviceStatuses(s.clean)).size) {
        calm = false;
        m.pull.add(i);
      }
    }
    if (calm) return;
    if (round > 10) await sleep(25);
  }
  throw new SeamsFailure('the outboxes never emptied, or a store never held its whole workspace');
}

/** A reply the app could not tell went (the app quit while it was on the wire): the rep looks at
 *  the thread on the service and says it was sent, or sends it again. */
async function resolveAsRep(w: SeamsWorld, side: number, e: OutboxEntry): Promise<void> {
  const s = w.sides[side]!;
  const detail = await w.tryCall<{ messages: { id: string; bodyHtml: string }[] } | null>('threads.get', {
    accountId: s.account.id,
    threadId: e.targetId,
  });
  const body = detail?.messages.find((m) => m.id === `local-${e.id}`)?.bodyHtml;
  if (body === undefined) throw new SeamsFailure(`an uncertain change the rep cannot see: ${e.summary}`);
  const went = s.sb.stats().replies.some((r) => r.bodyHtml === body);
  w.count(went ? 'uncertain reply: it was sent' : 'uncertain reply: send again');
  await w.tryCall('outbox.resolveUncertain', {
    accountId: s.account.id,
    entryId: e.id,
    resolution: went ? 'mark_sent' : 'send_again',
  });
}

export async function checkModel(w: SeamsWorld, m: Model): Promise<void> {
  const fail = (what: string): never => {
    throw new SeamsFailure(what);
  };
  const own: ThreadRow[][] = [];
  for (const [i, s] of w.sides.entries()) {
    const service = await serviceStatuses(s.clean);
    const rows = await w.rows(i);
    own.push(rows);
    const local = new Map(rows.map((r) => [r.id, r]));
    for (const [id, status] of service) {
      const k = key(i, id);
      const intent = m.status.get(k) ?? m.serviceStatus.get(k);
      if (intent !== undefined && status !== intent)
        fail(`${k}: the service holds ${status}, the newest intent was ${intent}`);
      if (local.get(id)?.status !== status)
        fail(`${k}: the store shows ${local.get(id)?.status}, the service holds ${status}`);
    }
    w.check('newest intent on the service, the store equal to it');
    if (rows.length !== service.size) fail(`side ${i}: ${rows.length} threads shown for ${service.size}`);
    for (const [k, until] of m.snooze) {
      const [side, id] = k.split(':') as [string, string];
      if (Number(side) !== i) continue;
      const got = local.get(id)?.snoozedUntil ?? null;
      const future = until === 'absence' ? got !== null : until !== null && until > new Date().toISOString();
      if (until === 'absence' ? got === null : future ? got !== until : got !== null)
        fail(`${k}: snoozed until ${got}, the rep asked for ${until}`);
    }
    w.check('snoozes kept');
    for (const [k, body] of m.draft) {
      const [side, id] = k.split(':') as [string, string];
      if (Number(side) !== i) continue;
      const detail = await w.rig.call<{ draft: string | null }>('threads.get', {
        accountId: s.account.id,
        threadId: id,
      });
      if ((detail?.draft ?? null) !== body) fail(`${k}: the draft is ${detail?.draft}, the rep left ${body}`);
    }
    w.check('drafts kept');
  }
  const sent = w.sides.flatMap((s) => s.sb.stats().replies);
  for (const r of m.replies) {
    const n = sent.filter((x) => x.bodyHtml === r.body).length;
    if (n !== 1) fail(`the reply ${r.body} reached the service ${n} times`);
  }
  w.check('every reply sent exactly once');
  // All inboxes shows what the stores hold: every row there, nothing else, each once.
  const all = await w.rig.call<UnifiedWindow>('unified.list', { view: 'all', offset: 0, limit: 500 });
  const expected = new Map<string, string>();
  own.forEach((rows, i) => rows.forEach((r) => expected.set(`${w.sides[i]!.account.id}:${r.id}`, r.status)));
  if (all.total !== expected.size)
    fail(`All inboxes counts ${all.total} threads, the stores hold ${expected.size}`);
  const seen = new Set<string>();
  for (const r of all.rows) {
    const k = `${r.accountId}:${r.id}`;
    if (seen.has(k)) fail(`All inboxes shows ${k} twice`);
    seen.add(k);
    if (expected.get(k) !== r.status)
      fail(`All inboxes shows ${k} as ${r.status}, its store ${expected.get(k)}`);
  }
  if (seen.size !== expected.size) fail(`All inboxes shows ${seen.size} of ${expected.size} threads`);
  w.check('All inboxes equal to the stores');
}
