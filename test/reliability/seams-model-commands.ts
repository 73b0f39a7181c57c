// The rep's actions and the app's own events, as fast-check commands over the reference model:
// verdicts (one thread, or a selection across both accounts from All inboxes), snoozes, drafts,
// suggestion accepts, undo, replies, a reply arriving, a change on the service, a refusal by the
// service, a Rebuild with calls in flight, an app restart (with a store damaged while it was shut),
// and a workspace switch away and back. Each command records an intent only when the app answered
// it; a call refused while the app repairs or restarts is said to the rep and changes nothing.
import fc from 'fast-check';
import { THREAD_STATUSES } from '../../electron/shared/contract-values';
import type { AcceptResult, OutboxEntry, ThreadRow, TriageResult } from '../../electron/shared/contract';
import { key, type Model, type SeamsWorld } from './seams-model-world';

type Cmd = fc.AsyncCommand<Model, SeamsWorld>;

const aid = (w: SeamsWorld, side: number): string => w.sides[side]!.account.id;
const tid = (w: SeamsWorld, side: number, i: number): string => w.sides[side]!.threads[i]!;

function recordVerdicts(m: Model, side: number, previous: TriageResult['previous'], status: string): void {
  for (const p of previous) m.status.set(key(side, p.threadId), status);
  if (previous.length > 0) m.undo.push({ kind: 'verdict', side, previous });
}

class Verdict implements Cmd {
  constructor(
    readonly side: number,
    readonly i: number,
    readonly status: string,
  ) {}
  check = (): boolean => true;
  async run(m: Model, w: SeamsWorld): Promise<void> {
    w.count('verdict');
    const r = await w.tryCall<TriageResult>('threads.setStatus', {
      accountId: aid(w, this.side),
      threadId: tid(w, this.side, this.i),
      status: this.status,
    });
    if (r) recordVerdicts(m, this.side, r.previous, this.status);
  }
  toString = (): string => `verdict(${this.side},${this.i},${this.status})`;
}

/** A selection of threads in All inboxes, across both accounts: one call per account, at once. */
class BulkVerdict implements Cmd {
  constructor(
    readonly picks: [number[], number[]],
    readonly status: string,
  ) {}
  check = (): boolean => true;
  async run(m: Model, w: SeamsWorld): Promise<void> {
    w.count('bulk verdict');
    w.figures.overlapped++;
    const answers = await Promise.all(
      this.picks.map((idx, side) =>
        idx.length === 0
          ? null
          : w.tryCall<TriageResult>('threads.setStatusMany', {
              accountId: aid(w, side),
              threadIds: [...new Set(idx.map((i) => tid(w, side, i)))],
              status: this.status,
            }),
      ),
    );
    answers.forEach((r, side) => r && recordVerdicts(m, side, r.previous, this.status));
  }
  toString = (): string => `bulk(${JSON.stringify(this.picks)},${this.status})`;
}

class Snooze implements Cmd {
  constructor(
    readonly side: number,
    readonly i: number,
    readonly hours: number | null,
  ) {}
  check = (): boolean => true;
  async run(m: Model, w: SeamsWorld): Promise<void> {
    w.count('snooze');
    const until = this.hours === null ? null : new Date(Date.now() + this.hours * 3600_000).toISOString();
    const ok = await w.tryCall('threads.snooze', {
      accountId: aid(w, this.side),
      threadIds: [tid(w, this.side, this.i)],
      until,
    });
    if (ok !== null) m.snooze.set(key(this.side, tid(w, this.side, this.i)), until);
  }
  toString = (): string => `snooze(${this.side},${this.i},${this.hours})`;
}

class Draft implements Cmd {
  constructor(
    readonly side: number,
    readonly i: number,
    readonly text: string | null,
  ) {}
  check = (): boolean => true;
  async run(m: Model, w: SeamsWorld): Promise<void> {
    w.count('draft');
    const body = this.text === null ? null : `<p>${this.text}</p>`;
    const ok = await w.tryCall('drafts.save', {
      accountId: aid(w, this.side),
      threadId: tid(w, this.side, this.i),
      bodyHtml: body,
    });
    if (ok !== null) m.draft.set(key(this.side, tid(w, this.side, this.i)), body);
  }
  toString = (): string => `draft(${this.side},${this.i},${this.text})`;
}

/** `y` on a thread: the suggestion its row shows, as the core holds it (never a removal here: its
 *  do-not-contact entry waits 30 s, which the undo test of its own covers). */
class Accept implements Cmd {
  constructor(
    readonly side: number,
    readonly i: number,
  ) {}
  check = (): boolean => true;
  async run(m: Model, w: SeamsWorld): Promise<void> {
    w.count('accept');
    const id = tid(w, this.side, this.i);
    const row = (await w.rows(this.side).catch(() => [] as ThreadRow[])).find((t) => t.id === id);
    const s = row?.suggestion;
    if (!row || !s || s.doNotContact || row.status !== 'open') return;
    const r = await w.tryCall<AcceptResult>('threads.acceptSuggestions', {
      accountId: aid(w, this.side),
      threadIds: [id],
    });
    if (!r || r.previous.length === 0) return;
    m.status.set(key(this.side, id), s.status);
    if (s.status === 'out_of_office') m.snooze.set(key(this.side, id), 'absence');
    m.undo.push({ kind: 'accept', side: this.side, result: r });
  }
  toString = (): string => `accept(${this.side},${this.i})`;
}

/** `z`: the newest undoable action is taken back (its statuses are new intents). */
class Undo implements Cmd {
  check = (m: Readonly<Model>): boolean => m.undo.length > 0;
  async run(m: Model, w: SeamsWorld): Promise<void> {
    w.count('undo');
    const u = m.undo.pop()!;
    const accountId = aid(w, u.side);
    if (u.kind === 'verdict') {
      const ok = await w.tryCall('threads.restoreStatuses', { accountId, previous: u.previous });
      if (ok === null) return;
      for (const p of u.previous) m.status.set(key(u.side, p.threadId), p.status);
    } else {
      const ok = await w.tryCall('threads.restoreAccepted', {
        accountId,
        previous: u.result.previous,
        dncOutboxIds: u.result.dncOutboxIds,
      });
      if (ok === null) return;
      for (const p of u.result.previous) {
        m.status.set(key(u.side, p.threadId), p.status);
        m.snooze.set(key(u.side, p.threadId), p.snoozedUntil);
      }
    }
  }
  toString = (): string => 'undo';
}

class Reply implements Cmd {
  constructor(
    readonly side: number,
    readonly i: number,
  ) {}
  check = (): boolean => true;
  async run(m: Model, w: SeamsWorld): Promise<void> {
    w.count('reply');
    const body = `<p>Seams reply ${process.pid}-${++w.replyCount}</p>`;
    const id = tid(w, this.side, this.i);
    const ok = await w.tryCall('reply.send', { accountId: aid(w, this.side), threadId: id, bodyHtml: body });
    if (ok === null) return;
    m.replies.push({ side: this.side, threadId: id, body });
    // The draft was this reply: sending it leaves none.
    m.draft.set(key(this.side, id), null);
  }
  toString = (): string => `reply(${this.side},${this.i})`;
}

const ARRIVALS = [
  'Please remove me from your list.',
  'I am out of the office until 14 December, back on the 15th.',
  'Sounds interesting. What does it cost for a team of 20?',
  'Tuesday at 10:00 works, see you then.',
];

/** A prospect's reply lands on the service and the next sync brings it. */
class Arrival implements Cmd {
  constructor(
    readonly side: number,
    readonly i: number,
    readonly text: number,
  ) {}
  check = (): boolean => true;
  async run(m: Model, w: SeamsWorld): Promise<void> {
    w.count('reply arrives');
    m.pull.add(this.side);
    w.sides[this.side]!.sb.admin.addMessage(
      tid(w, this.side, this.i),
      { direction: 'inbound', bodyHtml: `<p>${ARRIVALS[this.text]}</p>` },
      w.sides[this.side]!.home,
    );
    await w.tryCall('sync.now', { accountId: aid(w, this.side) });
  }
  toString = (): string => `arrival(${this.side},${this.i},${this.text})`;
}

/** Someone changes a thread on the service (another device), one the rep does not touch here. */
class ServiceChange implements Cmd {
  constructor(
    readonly side: number,
    readonly j: number,
    readonly status: string,
  ) {}
  check = (): boolean => true;
  async run(m: Model, w: SeamsWorld): Promise<void> {
    w.count('service change');
    const s = w.sides[this.side]!;
    const id = s.serviceThreads[this.j]!;
    s.sb.admin.setThreadStatus(id, this.status, s.home);
    m.serviceStatus.set(key(this.side, id), this.status);
    m.pull.add(this.side);
  }
  toString = (): string => `service(${this.side},${this.j},${this.status})`;
}

/** The service refuses everything for one verdict's push: it waits as failed, Retry sends it. */
class Refused implements Cmd {
  constructor(
    readonly side: number,
    readonly i: number,
    readonly status: string,
  ) {}
  check = (): boolean => true;
  async run(m: Model, w: SeamsWorld): Promise<void> {
    w.count('refused by the service');
    const { sb } = w.sides[this.side]!;
    sb.setFaults('500:1');
    try {
      const r = await w.tryCall<TriageResult>('threads.setStatus', {
        accountId: aid(w, this.side),
        threadId: tid(w, this.side, this.i),
        status: this.status,
      });
      if (r) recordVerdicts(m, this.side, r.previous, this.status);
      // Long enough for the push to meet the refusal.
      await new Promise((r) => setTimeout(r, 30));
    } finally {
      sb.setFaults(null);
    }
  }
  toString = (): string => `refused(${this.side},${this.i},${this.status})`;
}

/** Rebuild from the service, while the window keeps acting on the account and reading All inboxes. */
class Rebuild implements Cmd {
  constructor(
    readonly side: number,
    readonly i: number,
    readonly status: string,
  ) {}
  check = (): boolean => true;
  async run(m: Model, w: SeamsWorld): Promise<void> {
    w.count('rebuild');
    w.figures.overlapped += 2;
    const accountId = aid(w, this.side);
    const [, r] = await Promise.all([
      w.tryCall('accounts.repair', { accountId, action: 'rebuild' }),
      w.tryCall<TriageResult>('threads.setStatus', {
        accountId,
        threadId: tid(w, this.side, this.i),
        status: this.status,
      }),
      w.tryCall('unified.list', { view: 'inbox', offset: 0, limit: 50 }),
    ]);
    if (r) recordVerdicts(m, this.side, r.previous, this.status);
  }
  toString = (): string => `rebuild(${this.side},${this.i},${this.status})`;
}

/** The app quits and starts again (a verdict still on its way as it quits); with `damage`, one
 *  store's header is overwritten while it is shut, so it heals at start. The window's undo goes
 *  with the window. */
class Restart implements Cmd {
  constructor(
    readonly side: number,
    readonly i: number,
    readonly status: string,
    readonly damage: boolean,
  ) {}
  check = (): boolean => true;
  async run(m: Model, w: SeamsWorld): Promise<void> {
    w.count(this.damage ? 'restart with a damaged store' : 'restart');
    w.figures.overlapped++;
    const inFlight = w.tryCall<TriageResult>('threads.setStatus', {
      accountId: aid(w, this.side),
      threadId: tid(w, this.side, this.i),
      status: this.status,
    });
    await w.rig.app.close();
    const r = await inFlight;
    if (r) recordVerdicts(m, this.side, r.previous, this.status);
    if (this.damage) w.damage(this.side);
    await w.rig.restart();
    m.undo.length = 0;
  }
  toString = (): string => `restart(${this.side},${this.i},${this.status},${this.damage})`;
}

/** The first account moves to a third workspace and back, with changes still waiting. */
class SwitchAway implements Cmd {
  check = (): boolean => true;
  async run(_m: Model, w: SeamsWorld): Promise<void> {
    w.count('workspace switch');
    const accountId = aid(w, 0);
    await w.rig.call('accounts.chooseWorkspace', { accountId, workspaceId: w.away });
    await w.tryCall('unified.list', { view: 'all', offset: 0, limit: 100 });
    await w.rig.call('accounts.chooseWorkspace', { accountId, workspaceId: w.sides[0]!.home });
  }
  toString = (): string => 'switch';
}

const side = fc.integer({ min: 0, max: 1 });
const thread = fc.integer({ min: 0, max: 7 });
const verdict = fc.constantFrom(...THREAD_STATUSES);

const every = <T>(weight: number, arbitrary: fc.Arbitrary<T>) => ({ weight, arbitrary });

/** The commands, weighted: what a rep does all day far more often than what happens to the app (a
 *  Rebuild, a restart, a workspace switch), which costs a refill each. */
export const commands = [
  fc.oneof(
    every(
      12,
      fc.tuple(side, thread, verdict).map(([s, i, v]) => new Verdict(s, i, v)),
    ),
    every(
      5,
      fc
        .tuple(fc.array(thread, { maxLength: 3 }), fc.array(thread, { maxLength: 3 }), verdict)
        .map(([a, b, v]) => new BulkVerdict([a, b], v)),
    ),
    every(
      5,
      fc
        .tuple(side, thread, fc.option(fc.integer({ min: 1, max: 72 }), { nil: null }))
        .map(([s, i, h]) => new Snooze(s, i, h)),
    ),
    every(
      4,
      fc
        .tuple(side, thread, fc.option(fc.constantFrom('Half a thought', 'Sure, next week'), { nil: null }))
        .map(([s, i, t]) => new Draft(s, i, t)),
    ),
    every(
      10,
      fc.tuple(side, thread).map(([s, i]) => new Accept(s, i)),
    ),
    every(10, fc.constant(new Undo())),
    every(
      5,
      fc.tuple(side, thread).map(([s, i]) => new Reply(s, i)),
    ),
    every(
      4,
      fc
        .tuple(side, thread, fc.integer({ min: 0, max: ARRIVALS.length - 1 }))
        .map(([s, i, t]) => new Arrival(s, i, t)),
    ),
    every(
      3,
      fc.tuple(side, fc.integer({ min: 0, max: 1 }), verdict).map(([s, j, v]) => new ServiceChange(s, j, v)),
    ),
    every(
      3,
      fc.tuple(side, thread, verdict).map(([s, i, v]) => new Refused(s, i, v)),
    ),
    every(
      1,
      fc.tuple(side, thread, verdict).map(([s, i, v]) => new Rebuild(s, i, v)),
    ),
    every(
      1,
      fc.tuple(side, thread, verdict, fc.boolean()).map(([s, i, v, d]) => new Restart(s, i, v, d)),
    ),
    every(1, fc.constant(new SwitchAway())),
  ),
];

export type { OutboxEntry };
