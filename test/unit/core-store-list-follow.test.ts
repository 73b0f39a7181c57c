// The reader thread's connection keeps its ordered ids across the core's commits, patched for the
// threads each commit changed: whatever the writes, every window it answers equals the plain
// query at that moment (and so does the core's own connection).
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createThreadsRepo } from '../../electron/core/store/repos/threads';
import type { ThreadQuery } from '../../electron/core/store/repos/threadLists';
import {
  ACCOUNTS,
  BASE,
  CAMPAIGNS,
  STATUSES,
  cleanStores,
  open,
  plainIds,
  thread,
} from './fixtures/store-reads';

afterEach(cleanStores);

const N = 60;
const at = (minute: number) => new Date(BASE + minute * 60_000).toISOString();

/** A seeded generator (mulberry32): a failing run names its seed and replays exactly. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(xs: readonly T[]): T => xs[int(0, xs.length - 1)]!;
  return { int, pick, maybe: <T>(x: () => T): T | undefined => (next() < 0.5 ? undefined : x()) };
}

type Op =
  | { kind: 'upsert'; i: number; minute: number; status: string }
  | { kind: 'verdict'; i: number; status: string }
  | { kind: 'snooze'; i: number; ahead: number | null }
  | { kind: 'delete' | 'raw'; i: number };

function ops(r: ReturnType<typeof rng>): Op[] {
  return Array.from({ length: r.int(0, 6) }, (): Op => {
    const i = r.int(1, N + 30);
    const kind = r.pick(['upsert', 'verdict', 'snooze', 'delete', 'raw'] as const);
    if (kind === 'upsert') return { kind, i, minute: r.int(0, 40), status: r.pick(STATUSES) };
    if (kind === 'verdict') return { kind, i, status: r.pick(STATUSES) };
    if (kind === 'snooze') return { kind, i, ahead: r.maybe(() => r.int(-2, 2)) ?? null };
    return { kind, i };
  });
}

function query(r: ReturnType<typeof rng>): ThreadQuery {
  const view = r.pick(['inbox', 'all', 'snoozed', 'status'] as const);
  return {
    view,
    status: view === 'status' ? r.pick(STATUSES) : undefined,
    campaignId: r.maybe(() => r.pick(CAMPAIGNS)),
    emailAccountId: r.maybe(() => r.pick(ACCOUNTS)),
    offset: r.int(0, 40),
    limit: r.int(1, 30),
  };
}

describe('ordered ids that follow commits', () => {
  it('answer every window as the plain query does, on the core and on a second connection', () => {
    for (let seed = 1; seed <= 60; seed++) {
      const r = rng(seed);
      cleanStores();
      const { s, file } = open(N);
      const other = new Database(file, { readonly: true });
      try {
        const reader = createThreadsRepo(other);
        for (let step = 0; step < 25; step++) {
          s.tx(() => {
            for (const w of ops(r)) {
              const id = thread(w.i)._id;
              if (w.kind === 'upsert')
                s.threads.upsertMany([{ ...thread(w.i, w.status), lastMessageAt: at(w.minute) }]);
              else if (w.kind === 'raw' && s.threads.exists(id))
                s.threads.upsertMany([{ ...thread(w.i, s.threads.get(id)!.status), createdAt: at(w.i) }]);
              else if (w.kind === 'verdict' && s.threads.exists(id)) s.threads.setStatus(id, w.status);
              else if (w.kind === 'snooze')
                s.threads.snooze(
                  [id],
                  w.ahead === null ? null : new Date(Date.now() + w.ahead * 3_600_000).toISOString(),
                );
              else if (w.kind === 'delete') s.threads.delete(id);
            }
          });
          for (let k = r.int(1, 4); k > 0; k--) {
            const q = query(r);
            const want = plainIds(s, q);
            for (const repo of [s.threads, reader]) {
              const got = repo.list(q);
              expect({ seed, step, q, total: got.total, ids: got.rows.map((x) => x.id) }).toEqual({
                seed,
                step,
                q,
                ...want,
              });
            }
          }
        }
      } finally {
        other.close();
      }
    }
  });
});
