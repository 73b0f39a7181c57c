// The core's process routes the window's calls on a thread that runs none of the app's work: the
// list's windows, and while an account syncs all its list reads, are answered by the reader thread
// from the account's file even when the core's thread is busy and answers nothing (here a
// stand-in core that holds every call), and everything else still goes to the core. The reader,
// its SQLite file and the ports are real.
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { noUpdaterStatus } from '../../electron/shared/update-words';
import { afterEach, describe, expect, it } from 'vitest';
import type { Envelope, ThreadWindow } from '../../electron/shared/contract';
import { unpackText } from '../../electron/shared/packed';
import { createRpc } from '../../electron/shared/rpc';
import { startReader } from '../../electron/core/host/reader-client';
import { hostCore } from '../../electron/core/host/router';
import type { CoreFunctions, CorePort, HostFunctions, ShellFunctions } from '../../electron/core/host/wire';
import { tsWorker } from '../../electron/web/ts-worker';
import { cleanStores, open } from '../unit/fixtures/store-reads';

const portOf = (p: MessagePort): CorePort => ({
  post: (m) => p.postMessage(m),
  listen: (l) => p.on('message', l),
  close: () => p.close(),
});

/** Ends what the test's rig started. */
let stop: (() => Promise<void>) | null = null;

/** The router between a stand-in shell and a stand-in core whose calls wait until released. */
function rig() {
  const toShell = new MessageChannel();
  const toCore = new MessageChannel();
  const held: { channel: unknown; payload: unknown; release: (e: Envelope<unknown>) => void }[] = [];
  const core: CoreFunctions = {
    start: async () => null,
    invoke: (channel, payload) => new Promise((release) => held.push({ channel, payload, release })),
    invokeText: (channel, payload) =>
      new Promise((release) => held.push({ channel, payload, release: (e) => release(JSON.stringify(e)) })),
    demoService: () => null,
    close: async () => undefined,
  };
  const host = createRpc<HostFunctions, CoreFunctions>(core, portOf(toCore.port2), ['event', 'files']);
  const events: string[] = [];
  const shellFns: ShellFunctions = {
    event: (name) => void events.push(name),
    openLink: async () => false,
    updates: async () => noUpdaterStatus('0.0.0'),
  };
  const shell = createRpc<CoreFunctions, ShellFunctions>(shellFns, portOf(toShell.port2));
  /** Reader threads started, those that have answered (the router's reads go to one from then
   *  on), and those that have ended since. */
  const readers = { started: 0, answering: 0, ended: 0 };
  const closed = hostCore(portOf(toShell.port1), {
    startCore: () => ({ port: portOf(toCore.port1), stop: async () => void toCore.port1.close() }),
    startReader: () => {
      const client = startReader((port) => {
        readers.started++;
        const worker = tsWorker(
          new URL('../../electron/core/host/reader-worker.ts', import.meta.url),
          { port },
          [port],
        );
        worker.once('exit', () => readers.ended++);
        return worker;
      });
      // Counted when the router's own first call answers (reader-slot.ts marks the reader as
      // answering in the same turn), not on a call of the test's: that one's answer could come
      // a message earlier, and a read sent in between would go to the core, which holds it.
      let first = true;
      return {
        ...client,
        forget: async () => {
          await client.forget();
          if (first) readers.answering++;
          first = false;
        },
      };
    },
  });
  // Once the test ends: whatever the core still holds is answered, then everything closes.
  stop = async () => {
    for (const h of held) h.release({ ok: true, value: null });
    await shell.close();
    await closed;
  };
  return { host, shell, held, events, readers };
}

/** The ids of acc1's window asked for as an envelope. */
async function listIds(
  r: ReturnType<typeof rig>,
  offset: number,
  limit: number,
  view: 'all' | 'inbox' = 'all',
): Promise<string[]> {
  const e = (await r.shell.invoke('threads.list', {
    accountId: 'acc1',
    view,
    offset,
    limit,
  })) as Envelope<ThreadWindow>;
  return e.ok ? e.value.rows.map((row) => row.id) : [];
}

/** Calls `channel`, which must reach the stand-in core (where it is held), answers it there with
 *  `value`, and checks the caller gets that answer. Answers the channel it was held under. */
async function answeredByCore(
  r: ReturnType<typeof rig>,
  channel: string,
  payload: unknown,
  value: unknown,
): Promise<unknown> {
  const at = r.held.length;
  const call = r.shell.invoke(channel, payload);
  await expect.poll(() => r.held.length).toBe(at + 1);
  const held = r.held[at]!;
  held.release({ ok: true, value });
  expect(await call).toEqual({ ok: true, value });
  return held.channel;
}

afterEach(async () => {
  await stop?.();
  stop = null;
  cleanStores();
});

/** The router started over these accounts' files; when `syncs` is named, that account's sync
 *  runs, and this answers once the reader thread does. */
async function startedWith(
  files: { accountId: string; file: string | null }[],
  syncs?: string,
): Promise<ReturnType<typeof rig>> {
  const r = rig();
  await r.shell.start({ dataDir: '/nonexistent', links: 'allow' });
  r.host.files(files);
  if (syncs) {
    r.host.event('sync.state', { accountId: syncs, running: true });
    await expect.poll(() => r.readers.answering, { timeout: 15_000 }).toBe(1);
  }
  return r;
}

describe("the core's process", () => {
  it('answers a syncing account’s list reads from its file while the core’s thread holds every call', async () => {
    const { file } = open(240);
    const r = rig();
    expect(await r.shell.start({ dataDir: '/nonexistent', links: 'allow' })).toBeNull();
    r.host.files([{ accountId: 'acc1', file }]);
    r.host.event('sync.state', { accountId: 'acc1', running: true });
    // Reads go to the reader once it answers (until then the core's thread answers them).
    await expect.poll(() => r.readers.answering, { timeout: 15_000 }).toBe(1);

    const list = (await r.shell.invoke('threads.list', {
      accountId: 'acc1',
      view: 'all',
      offset: 0,
      limit: 50,
    })) as Envelope<ThreadWindow>;
    expect(list.ok && list.value.total).toBe(240);
    expect(list.ok && list.value.rows).toHaveLength(50);
    // The browser's form of the same read: one text, made where the answer is.
    const text = unpackText(
      await r.shell.invokeText('threads.list', { accountId: 'acc1', view: 'all', offset: 50, limit: 10 }),
    ) as Envelope<ThreadWindow>;
    expect(text.ok && text.value.rows.map((row) => row.id)).toEqual(list.ok && (await listIds(r, 50, 10)));
    const bad = await r.shell.invoke('threads.list', {
      accountId: 'acc1',
      view: 'bogus',
      offset: 0,
      limit: 5,
    });
    expect(bad).toMatchObject({ ok: false, error: { kind: 'validation' } });
    // The core was asked nothing, and the window heard that the sync runs.
    expect(r.held).toHaveLength(0);
    expect(r.events).toContain('sync.state');

    // A change still goes to the core, and waits for it.
    const write = { accountId: 'acc1', threadId: 'x', status: 'open' };
    expect(await answeredByCore(r, 'threads.setStatus', write, 'written')).toBe('threads.setStatus');

    // Once the sync ends, the core's own (current) caches answer again.
    r.host.event('sync.state', { accountId: 'acc1', running: false });
    const counts = { accountId: 'acc1' };
    expect(await answeredByCore(r, 'threads.counts', counts, 'from the core')).toBe('threads.counts');
  });

  it('runs the reader thread only while an account syncs', async () => {
    const { file } = open(30);
    const r = await startedWith([{ accountId: 'acc1', file }]);
    // No sync yet: nothing for a reader to answer, so none runs.
    await answeredByCore(r, 'threads.counts', { accountId: 'acc1' }, 'from the core');
    expect(r.readers.started).toBe(0);

    for (const round of [1, 2]) {
      r.host.event('sync.state', { accountId: 'acc1', running: true });
      // Every progress event of the same sync keeps the one reader.
      r.host.event('sync.state', { accountId: 'acc1', running: true });
      await expect.poll(() => r.readers.answering, { timeout: 15_000 }).toBe(round);
      expect(await listIds(r, 0, 30)).toHaveLength(30);
      expect(r.readers.started).toBe(round);
      r.host.event('sync.state', { accountId: 'acc1', running: false });
      // The sync over, the reader ends; the next sync starts another.
      await expect.poll(() => r.readers.ended).toBe(round);
    }
    expect(r.held).toHaveLength(1);
  });

  it('sends All inboxes to the core while one of its files is not open yet', async () => {
    const { file } = open(40);
    const r = await startedWith(
      [
        { accountId: 'acc1', file },
        { accountId: 'acc2', file: null },
      ],
      'acc1',
    );
    const narrowed = (await r.shell.invoke('unified.list', {
      view: 'all',
      offset: 0,
      limit: 10,
      accountIds: ['acc1'],
    })) as Envelope<ThreadWindow>;
    expect(narrowed.ok && narrowed.value.total).toBe(40);
    expect(r.held).toHaveLength(0);
    await answeredByCore(r, 'unified.list', { view: 'all', offset: 0, limit: 10 }, 'merged by the core');
  });
  it('answers every account’s windows from the reader while any account syncs, the counts from the core', async () => {
    const { file } = open(60);
    // Another account ('bg') syncs, so the reader thread runs.
    const r = await startedWith(
      [
        { accountId: 'acc1', file },
        { accountId: 'bg', file },
      ],
      'bg',
    );
    expect(await listIds(r, 0, 5)).toHaveLength(5);
    const text = unpackText(
      await r.shell.invokeText('threads.list', { accountId: 'acc1', view: 'all', offset: 0, limit: 5 }),
    ) as Envelope<ThreadWindow>;
    expect(text.ok && text.value.total).toBe(60);
    const merged = (await r.shell.invoke('unified.list', {
      view: 'all',
      offset: 0,
      limit: 5,
      accountIds: ['acc1'],
    })) as Envelope<ThreadWindow>;
    expect(merged.ok && merged.value.total).toBe(60);
    expect(r.held).toHaveLength(0);
    // The counts' cache on the core follows its own writes: a non-syncing account's stay there.
    await answeredByCore(r, 'threads.counts', { accountId: 'acc1' }, 'from the core');
  });

  it('shows a verdict in the window read from the reader right after the core answers it', async () => {
    const { s, file } = open(30);
    // Another account ('bg') syncs, so the reader thread runs.
    const r = await startedWith(
      [
        { accountId: 'acc1', file },
        { accountId: 'bg', file },
      ],
      'bg',
    );
    const inbox = (): Promise<string[]> => listIds(r, 0, 50, 'inbox');
    const before = await inbox();
    const first = before[0]!;
    expect(r.held).toHaveLength(0);

    // The verdict goes to the core, which commits it to the file (another connection, as the
    // core's thread is to the reader's) and answers; the window asked next comes from the reader.
    const verdict = r.shell.invoke('threads.setStatus', {
      accountId: 'acc1',
      threadId: first,
      status: 'interested',
    });
    await expect.poll(() => r.held.length).toBe(1);
    s.threads.setStatus(first, 'interested');
    r.held[0]!.release({ ok: true, value: { previous: [] } });
    await verdict;
    const after = await inbox();
    expect(after).not.toContain(first);
    expect(after).toHaveLength(before.length - 1);
    expect(r.held).toHaveLength(1);
  });

  it('sends a window to the core, behind a change of the same account still in flight there', async () => {
    const { file } = open(30);
    const r = await startedWith(
      [
        { accountId: 'acc1', file },
        { accountId: 'acc2', file },
        { accountId: 'bg', file },
      ],
      'bg',
    );
    const verdict = r.shell.invoke('threads.setStatus', { accountId: 'acc1', threadId: 'x', status: 'open' });
    await expect.poll(() => r.held.length).toBe(1);
    // Another account's window does not wait: the reader answers it.
    const other = (await r.shell.invoke('threads.list', {
      accountId: 'acc2',
      view: 'all',
      offset: 0,
      limit: 5,
    })) as Envelope<ThreadWindow>;
    expect(other.ok && other.value.rows).toHaveLength(5);
    // This account's window (and All inboxes) goes behind the change, so it shows what it wrote.
    const window = r.shell.invoke('threads.list', { accountId: 'acc1', view: 'all', offset: 0, limit: 5 });
    const all = r.shell.invoke('unified.list', { view: 'all', offset: 0, limit: 5 });
    await expect
      .poll(() => r.held.map((h) => h.channel))
      .toEqual(['threads.setStatus', 'threads.list', 'unified.list']);
    for (const h of r.held) h.release({ ok: true, value: `${String(h.channel)} from the core` });
    expect(await verdict).toEqual({ ok: true, value: 'threads.setStatus from the core' });
    expect(await window).toEqual({ ok: true, value: 'threads.list from the core' });
    expect(await all).toEqual({ ok: true, value: 'unified.list from the core' });
    // Once it is answered, the reader answers again.
    expect(await listIds(r, 0, 5)).toHaveLength(5);
    expect(r.held).toHaveLength(3);
  });
});
