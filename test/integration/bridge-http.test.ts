// The web bridge over real HTTP: token on every call, foreign origins and hosts refused, loopback
// only, the renderer served safely, the contract answered, events streamed, bad calls survived.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_NAMES, channels, type Envelope } from '../../electron/shared/contract';
import { contentSecurityPolicy } from '../../electron/shared/security';
import { MAX_BODY_BYTES, startWebBridge, type WebBridge } from '../../electron/web/bridge';
import { invalidPayload, mulberry32 } from '../unit/ipc-fuzz-payloads';
import { SAMPLES } from '../unit/ipc-samples';

let root: string;
let bridge: WebBridge;

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function http(
  path: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string | Buffer; host?: string } = {},
): Promise<Reply> {
  const url = new URL(bridge.origin);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: opts.host ?? url.hostname,
        port: url.port,
        path,
        method: opts.method ?? 'GET',
        headers: opts.headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    req.on('error', reject);
    if (opts.body !== undefined) req.write(opts.body);
    req.end();
  });
}

const rpc = (channel: unknown, payload: unknown, headers: Record<string, string> = {}): Promise<Reply> =>
  http('/rpc', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${bridge.token}`, ...headers },
    body: JSON.stringify({ channel, payload }),
  });

interface Frame {
  id: string;
  data: unknown;
}

/** An event stream read as a page reads it: its frames (id and data) in order. */
function openStream(
  path: string,
  headers: Record<string, string> = {},
): { connected: Promise<void>; frames: (n: number) => Promise<Frame[]>; close: () => void } {
  const url = new URL(bridge.origin);
  const got: Frame[] = [];
  let text = '';
  let wake = (): void => {};
  let onConnected!: () => void;
  const connected = new Promise<void>((resolve) => (onConnected = resolve));
  const req = request({ host: url.hostname, port: url.port, path, headers }, (res) => {
    res.on('data', (c: Buffer) => {
      text += c.toString();
      if (text.includes(': connected')) onConnected();
      let end: number;
      while ((end = text.indexOf('\n\n')) >= 0) {
        const block = text.slice(0, end);
        text = text.slice(end + 2);
        const id = /^id: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (id !== undefined && data !== undefined) got.push({ id, data: JSON.parse(data) as unknown });
      }
      wake();
    });
  });
  req.on('error', () => undefined);
  req.end();
  return {
    connected,
    frames: (n) =>
      new Promise((resolve) => {
        wake = () => {
          if (got.length >= n) resolve(got.slice(0, n));
        };
        wake();
      }),
    close: () => req.destroy(),
  };
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'triage-bridge-'));
  const renderer = join(root, 'renderer');
  mkdirSync(join(renderer, 'assets'), { recursive: true });
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>Outreach Triage</title>');
  writeFileSync(join(renderer, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(renderer, 'assets', 'app.css'), 'body{}');
  writeFileSync(join(root, 'secret.txt'), 'outside the renderer');
  bridge = await startWebBridge({
    dataDir: join(root, 'data'),
    rendererDir: renderer,
    keychainService: `Outreach Triage bridge ${process.pid}`,
  });
});
afterAll(async () => {
  await bridge.close();
  rmSync(root, { recursive: true, force: true });
});

describe('web bridge', () => {
  it('puts the token in the URL fragment, never in the path or query', () => {
    const url = new URL(bridge.url);
    expect(url.hostname).toBe('127.0.0.1');
    expect(url.hash).toBe(`#token=${bridge.token}`);
    expect(url.search).toBe('');
    expect(bridge.token.length).toBeGreaterThanOrEqual(43);
  });

  it('answers a call that carries the token', async () => {
    const res = await rpc('settings.get', {});
    expect(res.status).toBe(200);
    expect((JSON.parse(res.body) as Envelope<unknown>).ok).toBe(true);
  });

  it('refuses a missing or wrong token', async () => {
    const missing = await http('/rpc', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ channel: 'settings.get', payload: {} }),
    });
    expect(missing.status).toBe(401);
    // Change the last character to one it is not (a fixed 'A' equals it once in 64 runs).
    const last = bridge.token.slice(-1) === 'A' ? 'B' : 'A';
    const wrong = await rpc(
      'settings.get',
      {},
      { authorization: `Bearer ${bridge.token.slice(0, -1)}${last}` },
    );
    expect(wrong.status).toBe(401);
    expect((await http('/events')).status).toBe(401);
    expect((await http('/events?token=nope')).status).toBe(401);
  });

  it('refuses a foreign Origin even with the right token', async () => {
    for (const origin of ['https://evil.example', 'http://127.0.0.1:1', 'null']) {
      expect((await rpc('settings.get', {}, { origin })).status).toBe(403);
      expect((await http(`/events?token=${bridge.token}`, { headers: { origin } })).status).toBe(403);
    }
    expect((await rpc('settings.get', {}, { origin: bridge.origin })).status).toBe(200);
  });

  it('refuses a request for another host name (DNS rebinding)', async () => {
    const port = new URL(bridge.origin).port;
    const res = await http('/rpc', {
      method: 'POST',
      headers: {
        host: `evil.example:${port}`,
        authorization: `Bearer ${bridge.token}`,
        'content-type': 'application/json',
      },
      body: '{"channel":"settings.get","payload":{}}',
    });
    expect(res.status).toBe(403);
  });

  it('listens on loopback only', async () => {
    const others = Object.values(networkInterfaces())
      .flat()
      .filter((i) => i && i.family === 'IPv4' && !i.internal)
      .map((i) => i!.address);
    // Bound to 127.0.0.1 itself, not to every address: not even IPv6 loopback reaches it.
    for (const address of [...others, '::1']) {
      await expect(http('/', { host: address })).rejects.toThrow();
    }
  });

  it('serves the renderer with content types and the CSP header', async () => {
    const index = await http('/');
    expect(index.status).toBe(200);
    expect(index.headers['content-type']).toMatch(/^text\/html/);
    expect(index.headers['content-security-policy']).toBe(contentSecurityPolicy());
    expect(index.headers['x-content-type-options']).toBe('nosniff');
    expect((await http('/assets/app.js')).headers['content-type']).toMatch(/^text\/javascript/);
    expect((await http('/assets/app.css')).headers['content-type']).toMatch(/^text\/css/);
  });

  it('never serves a file outside the renderer folder', async () => {
    for (const path of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/..%5csecret.txt',
      '/%00',
      '/.env',
      '/assets',
    ]) {
      const res = await http(path);
      expect(res.status, path).toBe(404);
      expect(res.body).not.toContain('outside the renderer');
    }
  });

  it('caps the body size and refuses what is not JSON', async () => {
    const big = await http('/rpc', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${bridge.token}` },
      body: Buffer.alloc(MAX_BODY_BYTES + 10, 0x20),
    });
    expect(big.status).toBe(413);
    const notJson = await http('/rpc', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${bridge.token}` },
      body: '{"channel":',
    });
    expect(notJson.status).toBe(400);
    const form = await http('/rpc', {
      method: 'POST',
      headers: { 'content-type': 'text/plain', authorization: `Bearer ${bridge.token}` },
      body: '{"channel":"settings.get","payload":{}}',
    });
    expect(form.status).toBe(415);
  });

  it('streams events to a client holding the token', async () => {
    const url = new URL(bridge.origin);
    const received = new Promise<string>((resolve, reject) => {
      const req = request(
        { host: url.hostname, port: url.port, path: `/events?token=${bridge.token}` },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => {
            text += c.toString();
            if (text.includes('data: ')) {
              resolve(text);
              req.destroy();
            } else if (text.includes(': connected')) {
              void rpc('settings.set', { theme: 'dark' });
            }
          });
        },
      );
      req.on('error', reject);
      req.end();
    });
    const text = await received;
    const line = text.split('\n').find((l) => l.startsWith('data: '))!;
    expect(JSON.parse(line.slice(6))).toEqual({
      name: 'data.changed',
      payload: { accountId: null, scopes: ['settings'] },
    });
  });

  it('streams to a page what changed after its first call, though its stream connected later, and after a drop what it missed, once', async () => {
    const page = 'page-of-the-test-0001';
    const settingsChanged = { name: 'data.changed', payload: { accountId: null, scopes: ['settings'] } };
    // The page's first call; then a change is made (by another caller) before its stream connects.
    expect((await rpc('settings.get', {}, { 'x-triage-page': page })).status).toBe(200);
    await rpc('settings.set', { theme: 'dark' });
    const first = openStream(`/events?token=${bridge.token}&page=${page}`);
    const [missed] = await first.frames(1);
    expect(missed!.data).toEqual(settingsChanged);
    // The stream drops; a change comes while the page is away; it reconnects saying what it heard.
    first.close();
    await rpc('settings.set', { theme: 'light' });
    const again = openStream(`/events?token=${bridge.token}&page=${page}`, { 'last-event-id': missed!.id });
    await again.connected;
    await rpc('settings.set', { theme: 'system' });
    const frames = await again.frames(2);
    again.close();
    expect(frames.map((f) => Number(f.id))).toEqual([Number(missed!.id) + 1, Number(missed!.id) + 2]);
    expect(frames.map((f) => f.data)).toEqual([settingsChanged, settingsChanged]);
  });

  it('refuses malformed calls on every channel over HTTP and keeps answering', async () => {
    for (const name of CHANNEL_NAMES) {
      const random = mulberry32(name.length * 7919);
      for (let i = 0; i < 25; i++) {
        const payload = invalidPayload(random, SAMPLES[name]);
        let body: string;
        try {
          body = JSON.stringify({ channel: name, payload });
        } catch {
          continue; // not representable in JSON (e.g. absurd nesting): a browser could not send it either
        }
        const res = await http('/rpc', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${bridge.token}` },
          body,
        });
        const parsed = JSON.parse(res.body) as Envelope<unknown>;
        // JSON can turn an invalid value into a valid one (NaN becomes null, undefined vanishes):
        // only what actually went over the wire must be refused.
        const sent = (JSON.parse(body) as { payload?: unknown }).payload;
        if (channels[name].input.safeParse(sent).success) continue;
        expect(parsed.ok ? 'ok' : parsed.error.kind).toBe('validation');
      }
    }
    expect((await rpc('accounts.list', {})).status).toBe(200);
  });
});
