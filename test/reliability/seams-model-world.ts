// What the cross-feature model test shares between its commands, its quiescence and its checks:
// one app as the window calls it (validated dispatch, real keychain, SQLite on disk) with two
// accounts on two workspaces of one built-in service, shown together in All inboxes; clean clients
// to look at the service; the threads the rep acts on; and the reference model of one sequence.
import { closeSync, openSync, writeSync } from 'node:fs';
import type { Account, AcceptResult, ThreadRow, TriageResult } from '../../electron/shared/contract';
import { createClient } from '../../electron/core/api/client';
import type { Sandbox } from '../../electron/sandbox/index';
import type { AppRig } from '../integration/fixtures/app-rig';

export class SeamsFailure extends Error {}

/** One of the two accounts: its service, which workspace it lives in, the threads the rep acts on. */
export interface Side {
  sb: Sandbox;
  account: Account;
  home: string;
  threads: string[];
  /** Threads only the service changes (the rep never touches them). */
  serviceThreads: string[];
  clean: ReturnType<typeof createClient>;
}

/** An action the window can undo, as the window keeps it. */
export type Undoable =
  | { kind: 'verdict'; side: number; previous: TriageResult['previous'] }
  | { kind: 'accept'; side: number; result: AcceptResult };

/** The reference model of one sequence: the rep's newest intent per thread (keys `side:thread`). */
export interface Model {
  status: Map<string, string>;
  /** A snooze the rep set (an ISO time), or 'absence' for one an accepted absence set. */
  snooze: Map<string, string | null>;
  draft: Map<string, string | null>;
  replies: { side: number; threadId: string; body: string }[];
  serviceStatus: Map<string, string>;
  undo: Undoable[];
  /** Sides whose store must pull before the checks (the service changed what it holds). */
  pull: Set<number>;
}

export interface Figures {
  sequences: number;
  commands: Record<string, number>;
  /** Calls the app refused while it repaired, restarted or switched (said to the rep, no intent). */
  refused: number;
  /** Actions taken while a Rebuild, a restart or another account's call was in flight. */
  overlapped: number;
  checks: Record<string, number>;
}

export const key = (side: number, threadId: string): string => `${side}:${threadId}`;

export function emptyModel(): Model {
  return {
    status: new Map(),
    snooze: new Map(),
    draft: new Map(),
    replies: [],
    serviceStatus: new Map(),
    undo: [],
    pull: new Set(),
  };
}

export class SeamsWorld {
  readonly figures: Figures = { sequences: 0, commands: {}, refused: 0, overlapped: 0, checks: {} };
  /** Replies sent in this run, so each body is unique across sequences. */
  replyCount = 0;

  constructor(
    readonly rig: AppRig,
    readonly sides: Side[],
    /** Another workspace of the first account's service, which it may be switched to and back from. */
    readonly away: string,
  ) {}

  /** Two accounts on two services (All inboxes across them). */
  static async create(services: [Sandbox, Sandbox], rig: AppRig): Promise<SeamsWorld> {
    const sides: Side[] = [];
    for (const [i, sb] of services.entries()) {
      const home = sb.teamIds[0]!;
      const account = await rig.addSynced(`Seams ${i}`, sb, home);
      const clean = createClient({
        baseUrl: sb.url,
        apiKey: sb.apiKey,
        workspaceId: home,
        retry: { tries: 5, baseMs: 5, maxMs: 50 },
      });
      const ids = [...(await serviceStatuses(clean)).keys()];
      sides.push({ sb, account, home, threads: ids.slice(0, 8), serviceThreads: ids.slice(8, 10), clean });
    }
    return new SeamsWorld(rig, sides, services[0].teamIds[1]!);
  }

  count(what: string): void {
    this.figures.commands[what] = (this.figures.commands[what] ?? 0) + 1;
  }

  check(invariant: string): void {
    this.figures.checks[invariant] = (this.figures.checks[invariant] ?? 0) + 1;
  }

  /** A call as the window makes it: its value, or null when the app refused it (the window says
   *  why and keeps nothing of it). */
  async tryCall<T>(channel: string, payload: unknown): Promise<T | null> {
    try {
      return await this.rig.call<T>(channel, payload);
    } catch (err) {
      const kind = (err as { kind?: string }).kind;
      if (kind === 'internal' || kind === 'validation') throw err;
      this.figures.refused++;
      return null;
    }
  }

  async rows(side: number): Promise<ThreadRow[]> {
    return this.rig.rows(this.sides[side]!.account.id);
  }

  /** Overwrites the header of a side's store, as damage found at the next start. */
  damage(side: number): void {
    const file = this.rig.storeOf(this.sides[side]!.account.id, this.sides[side]!.home);
    const fd = openSync(file, 'r+');
    try {
      writeSync(fd, Buffer.alloc(100, 0x5a), 0, 100, 0);
    } finally {
      closeSync(fd);
    }
  }
}

export async function serviceStatuses(clean: Side['clean']): Promise<Map<string, string>> {
  const m = new Map<string, string>();
  for await (const p of clean.pages((page, limit) => clean.listInbox({ page, limit })))
    for (const t of p.data) m.set(t._id, t.status);
  return m;
}
