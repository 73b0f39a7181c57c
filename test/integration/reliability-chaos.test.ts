// Chaos: a scripted session of verdicts, undos, renames, replies, signature changes, reads and
// syncs against the sandbox with every fault kind switched on, the network dropping now and then
// and the service changing underneath. At the end (faults off, a final sync) the local copy equals
// the service, every change was applied (replies at most once), nothing was lost, nothing crashed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THREAD_STATUSES, type ThreadRow } from '../../electron/shared/contract';
import { openAccount, type AccountService } from '../../electron/core/account/service';
import { startSandbox, type Sandbox } from '../../electron/sandbox/index';
import { createRng, runSeed } from '../reliability/prng';
import { sized } from '../reliability/scale';
import { countingLogger, eventRecorder, readServer } from '../reliability/session';

const OPS = sized(1_000, 6_000);
const FAULTS =
  'latency=1-15:0.2,429:0.02,500:0.05,400:0.02,reset:0.03,truncate:0.03,malformed:0.03,wrongtype:0.03';
const seed = runSeed();
const ACCOUNT = 'chaos';

let sandbox: Sandbox;
let dir: string;
let account: AccountService;
const log = countingLogger();
const recorder = eventRecorder();
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown): void => void unhandled.push(reason);

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  sandbox = await startSandbox({
    port: 0,
    seed: 5,
    threads: sized(150, 1_500),
    leads: sized(200, 2_000),
    campaigns: 6,
    rateLimit: false,
  });
  dir = mkdtempSync(join(tmpdir(), 'triage-chaos-'));
  account = openAccount(
    {
      id: ACCOUNT,
      baseUrl: sandbox.url,
      workspaceId: null,
      dir,
      getApiKey: async () => sandbox.apiKey,
      syncIntervalSeconds: 3_600,
      log,
    },
    recorder.emit,
  );
  account.start();
  await account.syncNow();
});

afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  await account?.stop();
  await sandbox?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function allThreads(): Promise<ThreadRow[]> {
  const rows: ThreadRow[] = [];
  for (let offset = 0; ; offset += 500) {
    const page = await account.handlers['threads.list']({
      accountId: ACCOUNT,
      view: 'all',
      offset,
      limit: 500,
    });
    rows.push(...page.rows);
    if (rows.length >= page.total || page.rows.length === 0) return rows;
  }
}

describe('chaos: a long session under every fault kind', () => {
  it(
    `${OPS} operations, then local state equals the service and nothing was lost`,
    async () => {
      const rng = createRng(seed);
      const h = account.handlers;
      const a = { accountId: ACCOUNT };
      const threads = await allThreads();
      const campaigns = await h['campaigns.list'](a);
      const emailAccounts = await h['emailAccounts.list'](a);
      expect(threads.length).toBeGreaterThan(20);
      // The service changes a few threads by itself; the session never touches those, so the
      // person's last word and the service's are never in conflict for the same field.
      const serverOwned = new Set(threads.slice(0, 8).map((t) => t.id));
      const ours = threads.filter((t) => !serverOwned.has(t.id)).map((t) => t.id);

      const intendedStatus = new Map<string, string>();
      const intendedName = new Map<string, string>();
      const intendedSignature = new Map<string, string>();
      const replies: { threadId: string; body: string }[] = [];
      const undo: { threadId: string; status: string }[][] = [];
      const ops: Record<string, number> = {};
      const spent: Record<string, number> = {};
      const appErrors: string[] = [];
      let suspended = false;
      sandbox.setFaults(FAULTS);

      for (let i = 0; i < OPS; i++) {
        const roll = rng.next();
        const op =
          roll < 0.3
            ? 'verdict'
            : roll < 0.35
              ? 'bulk_verdict'
              : roll < 0.4
                ? 'undo'
                : roll < 0.5
                  ? 'rename'
                  : roll < 0.58
                    ? 'reply'
                    : roll < 0.65
                      ? 'signature'
                      : roll < 0.75
                        ? 'sync'
                        : roll < 0.88
                          ? 'read'
                          : roll < 0.92
                            ? 'mark_read'
                            : roll < 0.96
                              ? 'server_change'
                              : roll < 0.98
                                ? 'arrivals'
                                : 'network';
        ops[op] = (ops[op] ?? 0) + 1;
        const began = Date.now();
        try {
          switch (op) {
            case 'verdict': {
              const threadId = rng.pick(ours);
              const status = rng.pick(THREAD_STATUSES);
              const r = await h['threads.setStatus']({ ...a, threadId, status });
              undo.push(r.previous);
              intendedStatus.set(threadId, status);
              break;
            }
            case 'bulk_verdict': {
              const ids = [...new Set(Array.from({ length: rng.int(2, 6) }, () => rng.pick(ours)))];
              const status = rng.pick(THREAD_STATUSES);
              const r = await h['threads.setStatusMany']({ ...a, threadIds: ids, status });
              undo.push(r.previous);
              for (const id of ids) intendedStatus.set(id, status);
              break;
            }
            case 'undo': {
              const previous = undo.pop();
              if (!previous || previous.length === 0) break;
              await h['threads.restoreStatuses']({ ...a, previous });
              for (const p of previous) intendedStatus.set(p.threadId, p.status);
              break;
            }
            case 'rename': {
              const c = rng.pick(campaigns);
              const name = `Chaos ${i} · ${c.id.slice(-4)}`;
              await h['campaigns.rename']({ ...a, campaignId: c.id, name });
              intendedName.set(c.id, name);
              break;
            }
            case 'reply': {
              const threadId = rng.pick(ours);
              const body = `<p>Chaos reply ${seed}-${i}</p>`;
              await h['reply.send']({ ...a, threadId, bodyHtml: body });
              replies.push({ threadId, body });
              break;
            }
            case 'signature': {
              // One or two accounts per change, so changes name overlapping sets of accounts.
              const ids = [
                ...new Set(Array.from({ length: rng.int(1, 2) }, () => rng.pick(emailAccounts).id)),
              ];
              const signature = `<p>Signature ${i}</p>`;
              await h['emailAccounts.update']({ ...a, emailAccountIds: ids, signature });
              for (const id of ids) intendedSignature.set(id, signature);
              break;
            }
            case 'sync':
              await h['sync.now'](a);
              break;
            case 'read': {
              const threadId = rng.pick(ours);
              await h['threads.get']({ ...a, threadId });
              await h['threads.counts'](a);
              await h['threads.list']({ ...a, view: 'inbox', offset: rng.int(0, 40), limit: 50 });
              await h['outbox.list'](a);
              break;
            }
            case 'mark_read':
              await h['threads.markRead']({ ...a, threadIds: [rng.pick(ours)], read: rng.chance(0.5) });
              break;
            case 'server_change':
              sandbox.admin.setThreadStatus(rng.pick([...serverOwned]), rng.pick(THREAD_STATUSES));
              break;
            case 'arrivals':
              sandbox.admin.arriveReplies(rng.int(1, 3));
              break;
            case 'network':
              if (suspended) await sandbox.resume();
              else await sandbox.suspend();
              suspended = !suspended;
              break;
          }
        } catch (err) {
          // Handlers answer AppErrors with a kind; anything else is a bug.
          const kind = (err as { kind?: unknown }).kind;
          if (typeof kind !== 'string' || kind === 'internal') throw err;
          appErrors.push(`${op}: ${kind}`);
        }
        spent[op] = (spent[op] ?? 0) + Date.now() - began;
      }
      if (process.env.RELIABILITY_DEBUG) console.log('ms per op kind', spent);

      // ---- the end: network back, faults off; failed changes retried as a person would; sync until settled.
      if (suspended) await sandbox.resume();
      const faultStats = { ...sandbox.stats().faults };
      sandbox.setFaults(null);
      let rounds = 0;
      for (; rounds < 8; rounds++) {
        for (const e of await h['outbox.list'](a)) {
          if (e.state === 'failed' || e.state === 'pending') await h['outbox.retry']({ ...a, entryId: e.id });
        }
        await account.syncNow();
        const left = (await h['outbox.list'](a)).filter((e) => e.state !== 'uncertain');
        if (left.length === 0) break;
      }
      await account.syncNow(); // one clean pull over the settled outbox

      const outbox = await h['outbox.list'](a);
      const uncertain = outbox.filter((e) => e.state === 'uncertain');
      const stuck = outbox.filter((e) => e.state !== 'uncertain');
      const server = await readServer(sandbox.url, sandbox.apiKey);
      const local = await allThreads();

      // Local equals the service: the same threads, each with the same status.
      const localStatus = new Map(local.map((t) => [t.id, t.status]));
      const statusDiff = [...server.threads]
        .filter(([id, t]) => localStatus.get(id) !== t.status)
        .map(([id]) => id);
      expect(local.length).toBe(server.threads.size);
      expect(statusDiff).toEqual([]);
      const localCampaigns = new Map((await h['campaigns.list'](a)).map((c) => [c.id, c.name]));
      expect(localCampaigns).toEqual(server.campaigns);
      const localSignatures = new Map((await h['emailAccounts.list'](a)).map((e) => [e.id, e.signature]));
      expect(localSignatures).toEqual(server.signatures);

      // Every change the person made is what the service holds now.
      const lost: string[] = [];
      for (const [id, status] of intendedStatus)
        if (server.threads.get(id)?.status !== status) lost.push(`status ${id}`);
      for (const [id, name] of intendedName) if (server.campaigns.get(id) !== name) lost.push(`rename ${id}`);
      for (const [id, sig] of intendedSignature)
        if (server.signatures.get(id) !== sig) lost.push(`signature ${id}`);
      // Replies: at most once on the service; each either there or held as uncertain for the person.
      const sent = sandbox.stats().replies.map((r) => r.bodyHtml);
      const counts = new Map<string, number>();
      for (const b of sent) counts.set(b, (counts.get(b) ?? 0) + 1);
      const duplicates = [...counts].filter(([, n]) => n > 1).map(([b]) => b);
      // The uncertain replies as the thread shows them, and whether each in fact reached the service.
      const uncertainBodies: string[] = [];
      for (const threadId of new Set(
        uncertain.map((e) => e.targetId).filter((x): x is string => x !== null),
      )) {
        for (const m of (await h['threads.get']({ ...a, threadId }))?.messages ?? [])
          if (m.delivery === 'uncertain') uncertainBodies.push(m.bodyHtml);
      }
      const uncertainArrived = uncertainBodies.filter((b) => counts.has(b)).length;
      let repliesDelivered = 0;
      for (const r of replies) {
        if (counts.has(r.body)) repliesDelivered++;
        else if (!uncertainBodies.includes(r.body)) lost.push(`reply ${r.body}`);
      }
      const retries =
        (log.counts.get('api retry') ?? 0) + (log.counts.get('outbox entry not confirmed') ?? 0);
      console.log(
        `reliability chaos (seed ${seed}): ${OPS} ops ${JSON.stringify(ops)}; faults injected ${JSON.stringify(faultStats)}; ` +
          `retries ${retries}; handler errors ${appErrors.length}; settle rounds ${rounds + 1}; ` +
          `replies ${replies.length} (${repliesDelivered} delivered, ${uncertain.length} uncertain of which ${uncertainArrived} had arrived, ${duplicates.length} duplicated); ` +
          `lost changes ${lost.length}; unhandled rejections ${unhandled.length}`,
      );
      expect(Object.values(faultStats).reduce((x, y) => x + y, 0)).toBeGreaterThan(0);
      expect(duplicates).toEqual([]);
      expect(stuck).toEqual([]);
      expect(lost).toEqual([]);
      expect(unhandled).toEqual([]);
    },
    sized(280_000, 1_800_000),
  );
});
