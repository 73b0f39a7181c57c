import { spawn } from 'node:child_process';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeFile } from '../../electron/core/account/context';
import { expectStoreEqualsServer, harness, serverClient, type Harness } from './fixtures/core-harness';

const A = { accountId: 'acc1' };
const CHILD = join(__dirname, 'fixtures', 'core-sync-child.ts');

/** Starts the child; resolves once it printed `line`. */
function child(mode: string, h: Harness, line: string) {
  const proc = spawn(process.execPath, ['--import', 'tsx', CHILD, mode, h.sb.url, h.sb.apiKey, h.dir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  proc.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<void>((resolve) => proc.on('exit', () => resolve()));
  const ready = new Promise<void>((resolve, reject) => {
    let out = '';
    proc.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes(line)) resolve();
    });
    proc.on('exit', () => reject(new Error(`child exited before "${line}": ${err}`)));
  });
  return { proc, ready, exited };
}

function checkFile(dir: string): {
  outbox: { id: number; target_id: string; payload: string; state: string }[];
} {
  const db = new Database(storeFile(dir, null), { readonly: true });
  try {
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(db.pragma('foreign_key_check')).toEqual([]);
    return {
      outbox: db.prepare(`SELECT id, target_id, payload, state FROM outbox ORDER BY id`).all() as never,
    };
  } finally {
    db.close();
  }
}

describe('a sync killed at random moments', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness({ threads: 800, leads: 800, campaigns: 6 });
  });
  afterAll(() => h.cleanup());

  it('leaves a sound database and an intact outbox, and the next sync completes', async () => {
    // Queue status changes (the service is down, so they wait in the outbox).
    const first = h.open();
    await first.syncNow();
    const rows = (await first.handlers['threads.list']({ ...A, view: 'inbox', offset: 0, limit: 12 })).rows;
    await h.sb.suspend();
    for (const r of rows)
      await first.handlers['threads.setStatus']({ ...A, threadId: r.id, status: 'interested' });
    await first.stop();
    await h.sb.resume();
    // Forget that a sync ever completed, so children redo the long full pass and get cut in it.
    const db = new Database(storeFile(h.dir, null));
    db.prepare(`DELETE FROM sync_state`).run();
    db.close();

    const c = serverClient(h.sb);
    for (let i = 0; i < 20; i++) {
      if (i % 5 === 4) h.sb.admin.arriveReplies(3);
      const run = child('sync', h, 'syncing');
      await run.ready;
      await new Promise((r) => setTimeout(r, 50 + Math.floor(Math.random() * 900)));
      run.proc.kill('SIGKILL');
      await run.exited;
      const { outbox } = checkFile(h.dir);
      // Every change is either still waiting or confirmed by the service.
      const waiting = new Set(outbox.map((e) => e.target_id));
      for (const r of rows)
        if (!waiting.has(r.id)) expect((await c.getThread(r.id)).status).toBe('interested');
      expect(outbox.every((e) => JSON.parse(e.payload).status === 'interested')).toBe(true);
    }

    const last = h.open();
    await last.syncNow();
    const state = await last.handlers['sync.state'](A);
    expect(state.lastError).toBeNull();
    expect(state.pendingChanges).toBe(0);
    for (const r of rows) expect((await c.getThread(r.id)).status).toBe('interested');
    await expectStoreEqualsServer(h.sb, h.dir, 300);
    await last.stop();
  }, 300_000);
});

describe('a reply in flight when the process dies', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness({ threads: 50, leads: 60, campaigns: 4 });
  });
  afterAll(() => h.cleanup());

  it('becomes uncertain and is not sent twice', async () => {
    const prep = h.open();
    await prep.syncNow();
    await prep.stop();

    const run = child('reply', h, 'in-flight');
    await run.ready;
    run.proc.kill('SIGKILL');
    await run.exited;
    const mine = (r: { bodyHtml: string }) => r.bodyHtml === '<p>Exactly once, please</p>';
    expect(h.sb.stats().replies.filter(mine)).toHaveLength(1);

    const acc = h.open();
    const entries = await acc.handlers['outbox.list'](A);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.state).toBe('uncertain');
    const threadId = entries[0]!.targetId!;
    const shown = (await acc.handlers['threads.get']({ ...A, threadId }))!.messages.filter(
      (m) => m.delivery !== 'sent',
    );
    expect(shown).toMatchObject([{ delivery: 'uncertain', outboxId: entries[0]!.id }]);

    await acc.syncNow();
    await acc.syncNow();
    expect(h.sb.stats().replies.filter(mine)).toHaveLength(1);
    await expect(acc.handlers['outbox.retry']({ ...A, entryId: entries[0]!.id })).rejects.toMatchObject({
      kind: 'conflict',
    });

    // The person checks and takes it as sent: the service's copy shows, once.
    await acc.handlers['outbox.resolveUncertain']({ ...A, entryId: entries[0]!.id, resolution: 'mark_sent' });
    await acc.syncNow();
    expect(await acc.handlers['outbox.list'](A)).toEqual([]);
    const msgs = (await acc.handlers['threads.get']({ ...A, threadId }))!.messages;
    expect(msgs.filter(mine)).toMatchObject([{ delivery: 'sent' }]);
    expect(h.sb.stats().replies.filter(mine)).toHaveLength(1);
    await acc.stop();
  }, 60_000);
});
