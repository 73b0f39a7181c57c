// The sandbox as a running thing: determinism per seed, suspend/resume, a kept data folder,
// the admin face and live mode, default sizes, and the command line.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../electron/sandbox/index';
import { call, SMALL } from './sandbox-client';

let open: Sandbox[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(open.map((s) => s.close()));
  open = [];
});
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
async function start(opts: Parameters<typeof startSandbox>[0]) {
  const sb = await startSandbox(opts);
  open.push(sb);
  return sb;
}
function tempDir() {
  const d = mkdtempSync(join(tmpdir(), 'sandbox-test-'));
  dirs.push(d);
  return d;
}

/** Everything a client can read, as raw response text. */
async function snapshot(sb: Sandbox): Promise<string[]> {
  const texts: string[] = [];
  const get = async (path: string) => {
    const a = await call(sb, 'GET', path);
    texts.push(a.text);
    return a.json;
  };
  for (const ws of sb.teamIds) {
    const h = { 'x-workspace': ws };
    const inbox = [];
    for (let page = 1; page <= 2; page++) {
      const a = await call(sb, 'GET', `/inbox?limit=100&page=${page}`, { headers: h });
      texts.push(a.text);
      inbox.push(...a.json.data);
    }
    for (const t of inbox.slice(0, 25)) {
      texts.push((await call(sb, 'GET', `/inbox/${t._id}/messages?limit=100`, { headers: h })).text);
    }
    texts.push((await call(sb, 'GET', '/campaigns?limit=100', { headers: h })).text);
    texts.push((await call(sb, 'POST', '/leads', { body: { limit: 100, page: 2 }, headers: h })).text);
    texts.push((await call(sb, 'GET', '/email-accounts?limit=100', { headers: h })).text);
    texts.push((await call(sb, 'GET', '/email-account-tags?limit=100', { headers: h })).text);
  }
  await get('/teams');
  return texts;
}

describe('determinism', () => {
  it('the same seed gives the same data byte for byte; another seed gives other data', async () => {
    const a = await snapshot(await start({ ...SMALL, seed: 21 }));
    const b = await snapshot(await start({ ...SMALL, seed: 21 }));
    const c = await snapshot(await start({ ...SMALL, seed: 22 }));
    expect(b).toEqual(a);
    expect(c).not.toEqual(a);
    // Apart from pages past the end, every answer differs.
    expect(c.filter((text, i) => text === a[i] && !text.startsWith('{"data":[]')).length).toBe(0);
  });
});

describe('suspend and resume', () => {
  it('cuts the network, then listens again on the same port with the data and changes kept', async () => {
    const sb = await start({ ...SMALL, seed: 4 });
    const thread = (await call(sb, 'GET', '/inbox?limit=1')).json.data[0];
    await call(sb, 'PUT', `/inbox/${thread._id}/status`, { body: { status: 'interested' } });
    await sb.suspend();
    await expect(call(sb, 'GET', '/teams')).rejects.toThrow();
    await sb.suspend(); // twice is harmless
    await sb.resume();
    const again = await call(sb, 'GET', `/inbox/${thread._id}`);
    expect(again.status).toBe(200);
    expect(again.json).toEqual({ ...thread, status: 'interested' });
  });

  it('cuts a request that is in flight when the network goes down', async () => {
    const sb = await start({ ...SMALL, seed: 4, faults: 'latency=3000:1' });
    const pending = call(sb, 'GET', '/teams');
    await new Promise((r) => setTimeout(r, 200));
    await sb.suspend();
    await expect(pending).rejects.toThrow();
  });
});

describe('a kept data folder', () => {
  it('survives close and restart with every change, and regenerates only for other options', async () => {
    const dir = tempDir();
    const logs: string[] = [];
    const opts = { ...SMALL, seed: 8, dataDir: dir, log: (l: string) => logs.push(l) };
    const first = await start(opts);
    const thread = (await call(first, 'GET', '/inbox?limit=1&page=3')).json.data[0];
    const reply = (
      await call(first, 'POST', `/inbox/${thread._id}/reply`, { body: { bodyHtml: '<p>kept</p>' } })
    ).json;
    const campaign = (await call(first, 'GET', '/campaigns?limit=1')).json.data[0];
    const renamed = (
      await call(first, 'PUT', `/campaigns/${campaign._id}/rename`, { body: { name: 'Kept name' } })
    ).json;
    const arrived = first.admin.arriveReplies(4);
    const inboxBefore = (await call(first, 'GET', '/inbox?limit=100')).text;
    const teams = first.teamIds;
    await first.close();
    open = open.filter((s) => s !== first);
    expect(logs.filter((l) => l.includes('generated'))).toHaveLength(1);

    const second = await start(opts);
    expect(logs.filter((l) => l.includes('generated'))).toHaveLength(1);
    expect(second.teamIds).toEqual(teams);
    expect((await call(second, 'GET', '/inbox?limit=100')).text).toBe(inboxBefore);
    expect((await call(second, 'GET', `/campaigns/${campaign._id}`)).json).toEqual(renamed);
    const msgs = (await call(second, 'GET', `/inbox/${thread._id}/messages?limit=100`)).json.data;
    expect(msgs.at(-1)).toEqual(reply);
    // New ids after a restart never collide with ones made before it.
    const more = second.admin.arriveReplies(3);
    const again = (await call(second, 'POST', `/inbox/${thread._id}/reply`, { body: { bodyHtml: 'second' } }))
      .json;
    expect(again._id).not.toBe(reply._id);
    expect(new Set([...arrived, ...more]).size).toBeGreaterThan(0);
    await second.close();
    open = open.filter((s) => s !== second);

    const reseeded = await start({ ...opts, seed: 9 });
    expect(logs.filter((l) => l.includes('generated'))).toHaveLength(2);
    expect((await call(reseeded, 'GET', '/inbox?limit=100')).text).not.toBe(inboxBefore);
  });
  it('replaces an unreadable data file with fresh data instead of failing', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'sandbox.sqlite'), 'this is not a database'.repeat(100));
    const logs: string[] = [];
    const sb = await start({ ...SMALL, seed: 8, dataDir: dir, log: (l) => logs.push(l) });
    expect(logs.some((l) => l.includes('unreadable'))).toBe(true);
    expect((await call(sb, 'GET', '/inbox?limit=1')).json.pagination.total).toBe(200);
  });
});

describe('admin face and live mode', () => {
  it('arriveReplies adds inbound messages to existing and new threads and moves them to the top', async () => {
    const sb = await start({ ...SMALL, seed: 13 });
    const total = (await call(sb, 'GET', '/inbox?limit=1')).json.pagination.total;
    const ids = sb.admin.arriveReplies(12);
    expect(ids).toHaveLength(12);
    const after = (await call(sb, 'GET', '/inbox?limit=100')).json;
    expect(after.pagination.total).toBeGreaterThan(total);
    expect(after.pagination.total).toBeLessThan(total + 12);
    const top = new Set(after.data.slice(0, new Set(ids).size).map((t: { _id: string }) => t._id));
    expect(top).toEqual(new Set(ids));
    const last = ids.at(-1)!;
    const msgs = (await call(sb, 'GET', `/inbox/${last}/messages?limit=100`)).json.data;
    expect(msgs.at(-1).direction).toBe('inbound');
    expect(msgs.at(-1).sentAt).toBe(after.data[0].lastMessageAt);
  });

  it('changes records server-side: status (any string), rename, a message, a deletion, per team', async () => {
    const sb = await start({ ...SMALL, seed: 14 });
    const [a, b] = (await call(sb, 'GET', '/inbox?limit=2')).json.data;
    sb.admin.setThreadStatus(a._id, 'snoozed');
    expect((await call(sb, 'GET', `/inbox/${a._id}`)).json.status).toBe('snoozed');
    const msgId = sb.admin.addMessage(a._id, {
      direction: 'inbound',
      bodyHtml: '<p>one more thing</p>',
      subject: 'PS',
    });
    const msgs = (await call(sb, 'GET', `/inbox/${a._id}/messages?limit=100`)).json.data;
    expect(msgs.at(-1)).toMatchObject({
      _id: msgId,
      subject: 'PS',
      bodyText: 'one more thing',
      direction: 'inbound',
    });
    sb.admin.deleteThread(b._id);
    expect((await call(sb, 'GET', `/inbox/${b._id}`)).status).toBe(404);
    expect((await call(sb, 'GET', `/inbox/${b._id}/messages`)).status).toBe(404);
    const c = (await call(sb, 'GET', '/campaigns?limit=1')).json.data[0];
    sb.admin.renameCampaign(c._id, 'Renamed elsewhere');
    expect((await call(sb, 'GET', `/campaigns/${c._id}`)).json.name).toBe('Renamed elsewhere');
    const other = sb.teamIds[1]!;
    const otherThread = (await call(sb, 'GET', '/inbox?limit=1', { headers: { 'x-workspace': other } })).json
      .data[0];
    expect(() => sb.admin.setThreadStatus(otherThread._id, 'closed')).toThrow(/thread/);
    sb.admin.setThreadStatus(otherThread._id, 'closed', other);
    const seen = await call(sb, 'GET', `/inbox/${otherThread._id}`, { headers: { 'x-workspace': other } });
    expect(seen.json.status).toBe('closed');
  });

  it('live mode brings new inbound replies on its own', async () => {
    const sb = await start({ ...SMALL, seed: 15, live: 0.2 });
    const before = (await call(sb, 'GET', '/inbox?limit=1')).json.data[0];
    let changed = false;
    for (let i = 0; i < 100 && !changed; i++) {
      await new Promise((r) => setTimeout(r, 100));
      const top = (await call(sb, 'GET', '/inbox?limit=1')).json.data[0];
      changed = top._id !== before._id || top.lastMessageAt !== before.lastMessageAt;
    }
    expect(changed).toBe(true);
  });
});

describe('sizes and options', () => {
  it('defaults to 2,000 threads, 10,000 leads and 40 campaigns in the default team, a smaller second team', async () => {
    const sb = await start({ rateLimit: false });
    expect((await call(sb, 'GET', '/inbox?limit=1')).json.pagination.total).toBe(2000);
    expect((await call(sb, 'POST', '/leads', { body: { limit: 1 } })).json.pagination.total).toBe(10000);
    expect((await call(sb, 'GET', '/campaigns?limit=1')).json.pagination.total).toBe(40);
    const h = { 'x-workspace': sb.teamIds[1]! };
    expect((await call(sb, 'GET', '/inbox?limit=1', { headers: h })).json.pagination.total).toBe(200);
    expect(sb.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(sb.apiKey.length).toBeGreaterThan(0);
  });

  it('refuses bad options with a clear error', async () => {
    await expect(startSandbox({ threads: -1 })).rejects.toThrow(/threads must be an integer/);
    await expect(startSandbox({ faults: 'reset:lots' })).rejects.toThrow(/rate must be a number/);
    await expect(startSandbox({ faults: 'latency=9-3:0.1' })).rejects.toThrow(/latency range/);
  });
});

describe('command line', () => {
  const cli = (args: string[]) =>
    spawn(join(process.cwd(), 'node_modules/.bin/tsx'), ['electron/sandbox/cli.ts', ...args], {
      cwd: process.cwd(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  const finish = (p: ReturnType<typeof cli>) =>
    new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
      let out = '';
      let err = '';
      p.stdout!.on('data', (d) => (out += d));
      p.stderr!.on('data', (d) => (err += d));
      p.on('close', (code) => resolve({ code, out, err }));
    });

  it.each([
    [['--bogus'], /bogus/],
    [['--threads', 'many'], /--threads must be an integer/],
    [['--faults', 'explode:1'], /--faults: .*unknown kind "explode"/],
    [['--live', '-3'], /--live/],
    [['stray'], /stray|positional/i],
  ])('exits 2 with a clear message on %j', async (args, message) => {
    const r = await finish(cli(args));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
    expect(r.err).toMatch(/usage: npm run sandbox/);
  });

  it('prints the URL, key and teams, serves, and stops cleanly on SIGTERM', async () => {
    const p = cli([
      '--port',
      '0',
      '--threads',
      '30',
      '--leads',
      '60',
      '--campaigns',
      '4',
      '--api-key',
      'cli-key',
    ]);
    const result = finish(p);
    let out = '';
    await new Promise<void>((resolve, reject) => {
      p.stdout!.on('data', (d) => {
        out += d;
        if (/team:.*\n.*team:.*\n/.test(out)) resolve();
      });
      p.on('close', () => reject(new Error(`exited early: ${out}`)));
    });
    const url = /URL:\s+(\S+)/.exec(out)![1]!;
    expect(out).toMatch(/API key: cli-key/);
    const teams = [...out.matchAll(/team:\s+([0-9a-f]{24})/g)].map((m) => m[1]);
    expect(teams).toHaveLength(2);
    const a = await call({ url, apiKey: 'cli-key' }, 'GET', '/teams');
    expect(a.json.data.map((t: { _id: string }) => t._id)).toEqual(teams);
    p.kill('SIGTERM');
    expect((await result).code).toBe(0);
  });
});
