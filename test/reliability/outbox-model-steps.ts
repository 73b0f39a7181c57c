// One step of a sequence: a seeded draw of what happens next, a rep's action (verdicts, bulk
// verdicts, undo, snooze, rename, signature and tags, reply, discard, retry, resolve uncertain), a
// sync that may be held in flight, a fault, a change on the service side or a process kill; the
// reference model follows each action the app accepted.
import type { OutboxEntry } from '../../electron/shared/contract';
import type { Rng } from './prng';
import { route, type Fault } from './proxy';
import { A, tolerate, type ModelWorld } from './outbox-model-world';

const STATUSES = ['open', 'interested', 'meeting_booked', 'not_interested', 'out_of_office', 'closed'];
const FAULTS: Fault[] = [
  { kind: 'status', status: 400 },
  { kind: 'status', status: 404 },
  { kind: 'status', status: 409 },
  { kind: 'status', status: 422 },
  { kind: 'status', status: 429, retryAfter: 1 },
  { kind: 'status', status: 500, applied: true },
  { kind: 'status', status: 503 },
  { kind: 'reset', applied: false },
  { kind: 'reset', applied: true },
  { kind: 'truncate' },
  { kind: 'malformed' },
];
const ROUTES = [
  route('PUT', /\/inbox\/[0-9a-f]{24}\/status$/),
  route('POST', /\/inbox\/[0-9a-f]{24}\/reply$/),
  route('GET', /\/inbox\/[0-9a-f]{24}$/),
  route('PUT', /\/campaigns\/[0-9a-f]{24}\/rename$/),
  route('PUT', /\/email-accounts$/),
  route('GET', /\/inbox$/),
  route('GET', /\/campaigns$/),
  route('GET', /\/inbox\/[0-9a-f]{24}\/messages$/),
];

/** Step `n` of sequence `seq`. */
export async function step(w: ModelWorld, rng: Rng, seq: number, n: number): Promise<void> {
  const { figures, intents, targets, background } = w;
  const acc = w.account;
  const H = acc.handlers;
  if (w.proxy.heldCount() > 0 || background.length > 0) figures.interleavings++;
  const roll = rng.next();
  const thread = rng.pick(targets.threads);
  if (roll < 0.2) {
    const status = rng.pick(STATUSES);
    const r = await H['threads.setStatus']({ ...A, threadId: thread, status });
    intents.status.set(thread, status);
    intents.lastUndo = r.previous;
  } else if (roll < 0.27) {
    const ids = [...new Set([thread, rng.pick(targets.threads), rng.pick(targets.threads)])];
    const status = rng.pick(STATUSES);
    const r = await H['threads.setStatusMany']({ ...A, threadIds: ids, status });
    for (const id of ids) intents.status.set(id, status);
    intents.lastUndo = r.previous;
  } else if (roll < 0.35) {
    const lastUndo = intents.lastUndo;
    if (lastUndo) {
      await H['threads.restoreStatuses']({ ...A, previous: lastUndo });
      for (const p of lastUndo) intents.status.set(p.threadId, p.status);
      intents.lastUndo = null;
    }
  } else if (roll < 0.38) {
    await H['threads.snooze']({
      ...A,
      threadIds: [thread],
      until: rng.chance(0.5) ? null : '2099-01-01T00:00:00.000Z',
    });
  } else if (roll < 0.43) {
    const c = rng.pick(targets.campaigns);
    const name = `Campaign ${seq}.${n}`;
    await H['campaigns.rename']({ ...A, campaignId: c, name });
    intents.names.set(c, name);
  } else if (roll < 0.48) {
    // One or two accounts per change, so changes name overlapping sets of accounts.
    const ids = [...new Set([rng.pick(targets.emailAccounts), rng.pick(targets.emailAccounts)])].slice(
      0,
      rng.int(1, 2),
    );
    if (rng.chance(0.5)) {
      const signature = `<p>sig ${seq}.${n}</p>`;
      await H['emailAccounts.update']({ ...A, emailAccountIds: ids, signature });
      for (const a of ids) intents.signatures.set(a, signature);
    } else {
      const tags = targets.tags.filter(() => rng.chance(0.5));
      await H['emailAccounts.update']({ ...A, emailAccountIds: ids, tags });
      for (const a of ids) intents.tags.set(a, tags);
    }
  } else if (roll < 0.56) {
    const body = `<p>reply ${w.seed}.${seq}.${n}</p>`;
    const m = await H['reply.send']({ ...A, threadId: thread, bodyHtml: body });
    intents.replies.push({
      body,
      threadId: thread,
      outboxId: m.outboxId!,
      discarded: false,
      markedSent: false,
    });
  } else if (roll < 0.62) {
    await discardOne(w, rng);
  } else if (roll < 0.66) {
    const failed = (await w.outbox()).filter((e) => e.state === 'failed');
    if (failed.length > 0) await tolerate(H['outbox.retry']({ ...A, entryId: rng.pick(failed).id }));
  } else if (roll < 0.69) {
    const uncertain = (await w.outbox()).filter((e) => e.state === 'uncertain');
    if (uncertain.length > 0) await resolve(w, rng.pick(uncertain), rng);
  } else if (roll < 0.75) {
    background.push(acc.syncNow());
  } else if (roll < 0.83) {
    figures.holds++;
    void w.proxy.hold(rng.pick(ROUTES), rng.chance(0.5) ? 'before' : 'after');
    background.push(acc.syncNow());
  } else if (roll < 0.91) {
    w.proxy.fault(rng.pick(ROUTES), rng.pick(FAULTS), rng.int(1, 2));
    if (rng.chance(0.5)) background.push(acc.syncNow());
  } else if (roll < 0.93) {
    w.proxy.releaseAll();
  } else if (roll < 0.97) {
    changeOnService(w, rng, seq, n);
  } else {
    w.kill();
  }
}

/** The rep takes back one entry still waiting. An uncertain reply is decided by looking
 *  (resolve), never discarded blindly. */
async function discardOne(w: ModelWorld, rng: Rng): Promise<void> {
  const { intents, targets } = w;
  const live = (await w.outbox()).filter((e) => e.state !== 'uncertain');
  if (live.length === 0) return;
  const e = rng.pick(live);
  try {
    await w.account.handlers['outbox.discard']({ ...A, entryId: e.id });
    if (e.kind === 'reply') {
      const r = intents.replies.find((x) => x.outboxId === e.id);
      if (r) r.discarded = true;
    } else if (e.kind === 'thread_status' && e.targetId) intents.status.set(e.targetId, null);
    else if (e.kind === 'campaign_rename' && e.targetId) intents.names.set(e.targetId, null);
    else if (e.kind === 'email_accounts') {
      // The outbox list does not say which accounts a change names: any may keep an older value.
      for (const a of targets.emailAccounts) {
        intents.signatures.set(a, null);
        intents.tags.set(a, null);
      }
    }
  } catch {
    // being sent right now: it stays
  }
}

/** Someone changes the service directly: a status, a prospect's answer, a campaign's name. */
function changeOnService(w: ModelWorld, rng: Rng, seq: number, n: number): void {
  const { sb, targets } = w;
  w.figures.serviceChanges++;
  const which = rng.int(0, 2);
  if (which === 0) {
    const t = rng.pick(targets.serviceThreads);
    const status = rng.pick(STATUSES);
    sb.admin.setThreadStatus(t, status);
    w.intents.serviceStatus.set(t, status);
  } else if (which === 1) {
    sb.admin.addMessage(rng.pick([...targets.threads, ...targets.serviceThreads]), {
      direction: 'inbound',
      bodyHtml: `<p>from the prospect ${seq}.${n}</p>`,
    });
  } else sb.admin.renameCampaign(targets.serviceCampaign, `Service ${seq}.${n}`);
}

/** What a person does with an uncertain reply: looks at the thread on the service and decides. */
export async function resolve(w: ModelWorld, e: OutboxEntry, rng: Rng): Promise<void> {
  const r = w.intents.replies.find((x) => x.outboxId === e.id);
  const on = r ? w.repliesOnService(r.body) > 0 : false;
  const resolution = on ? 'mark_sent' : rng.chance(0.5) ? 'send_again' : 'discard';
  try {
    await w.account.handlers['outbox.resolveUncertain']({ ...A, entryId: e.id, resolution });
    if (r && resolution === 'mark_sent') r.markedSent = true;
    if (r && resolution === 'discard') r.discarded = true;
  } catch {
    // moved meanwhile
  }
}
