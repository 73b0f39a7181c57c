// The app's own transport (node:http, kept-alive sockets) against a real server on this machine
// that misbehaves the ways a service or a network can: a connection dropped mid-answer, a body that
// trickles past the time bound, packed bombs, kept-alive sockets the server closed, a certificate
// nobody vouches for. Each ends in the error the rep's screens already know, never a hang or a crash.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { join } from 'node:path';
import { brotliCompressSync, constants, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, type Operation } from '../../electron/core/api/endpoints';
import { ApiError } from '../../electron/core/api/errors';
import { httpRequest } from '../../electron/core/api/http';

const KEY = 'transport-test-key-0123456789';
type Route = (req: IncomingMessage, res: ServerResponse) => void;

async function listen(server: Server): Promise<string> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
}
const closeServer = (s: Server) =>
  new Promise<void>((r) => {
    s.closeAllConnections();
    s.close(() => r());
  });

function request(
  url: string,
  o: { op?: Operation; timeoutMs?: number; maxBytes?: number; signal?: AbortSignal; body?: unknown } = {},
) {
  return httpRequest({
    endpoint: ENDPOINTS[o.op ?? 'listMessages'],
    url,
    headers: { 'x-api-key': KEY },
    ...(o.body !== undefined ? { body: o.body } : {}),
    ...(o.signal ? { signal: o.signal } : {}),
    timeoutMs: o.timeoutMs ?? 10_000,
    maxBytes: o.maxBytes ?? 20 * 1024 * 1024,
    secrets: [KEY],
  });
}
async function failure(p: Promise<unknown>): Promise<ApiError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  expect((err as ApiError).message).not.toContain(KEY);
  return err as ApiError;
}

describe('the transport against a server that misbehaves', () => {
  let server: Server;
  let base = '';
  const routes = new Map<string, Route>();
  /** Sockets the server saw closed, by the path of the request they carried last. */
  const closedOn: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      const path = (req.url ?? '').split('?')[0]!;
      req.socket.once('close', () => closedOn.push(path));
      (routes.get(path) ?? ((_q, s) => s.end()))(req, res);
    });
    base = `http://${await listen(server)}`;
  });
  afterAll(() => closeServer(server));

  it('reads an answer whose connection stays up (the control)', async () => {
    routes.set('/ok', (_q, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: ['Grüße', '你好'] }));
    });
    expect((await request(`${base}/ok`)).json).toEqual({ data: ['Grüße', '你好'] });
  });

  it('says the connection was cut when it drops mid-body, declared length or not, without waiting for the time bound', async () => {
    for (const declared of [true, false]) {
      routes.set('/drop', (_q, res) => {
        res.writeHead(200, {
          'content-type': 'application/json',
          ...(declared ? { 'content-length': '100000' } : {}),
        });
        res.write('{"data":[' + '"x",'.repeat(2_000));
        setTimeout(() => res.socket?.destroy(), 20);
      });
      const err = await failure(request(`${base}/drop`, { timeoutMs: 60_000 }));
      expect(err.kind).toBe('transient');
      expect(err.message).toMatch(/connection .* was cut before the answer came/);
    }
  });

  it('cuts a body that trickles past the time bound, and closes its socket', async () => {
    let timer: NodeJS.Timeout | undefined;
    routes.set('/trickle', (_q, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"data":[');
      timer = setInterval(() => res.write('"x",'), 20);
      res.on('close', () => clearInterval(timer));
    });
    const err = await failure(request(`${base}/trickle`, { timeoutMs: 300 }));
    expect(err.kind).toBe('transient');
    expect(err.message).toMatch(/did not answer in time/);
    await expect.poll(() => closedOn.includes('/trickle')).toBe(true);
  });

  it('is cancelled mid-body by the caller, the socket closed', async () => {
    routes.set('/slow', (_q, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"data":[');
    });
    const controller = new AbortController();
    const pending = request(`${base}/slow`, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect((await failure(pending)).kind).toBe('cancelled');
    await expect.poll(() => closedOn.includes('/slow')).toBe(true);
  });

  const bomb = Buffer.alloc(32 * 1024 * 1024, 0x20); // 32 MB of spaces: valid JSON padding
  const packers: [string, (b: Buffer) => Buffer][] = [
    ['gzip', gzipSync],
    ['deflate', deflateSync],
    ['br', (b) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })],
    ['gzip, gzip', (b) => gzipSync(gzipSync(b))],
  ];
  for (const [coding, pack] of packers) {
    it(`refuses a ${coding} bomb as it unpacks, past the cap, and reads the same packing under it`, async () => {
      const packed = pack(bomb);
      expect(packed.length).toBeLessThan(1024 * 1024);
      routes.set('/bomb', (_q, res) => {
        res.writeHead(200, {
          'content-type': 'application/json',
          'content-encoding': coding,
          'content-length': String(packed.length),
        });
        res.end(packed);
      });
      const err = await failure(request(`${base}/bomb`, { maxBytes: 2 * 1024 * 1024 }));
      expect(err.kind).toBe('malformed');
      expect(err.message).toMatch(/too large \(over 2097152 bytes\)/);
      const small = pack(Buffer.from(JSON.stringify({ data: 'ok'.repeat(1000) })));
      routes.set('/small', (_q, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': coding });
        res.end(small);
      });
      expect((await request(`${base}/small`, { maxBytes: 2 * 1024 * 1024 })).json).toEqual({
        data: 'ok'.repeat(1000),
      });
    });
  }

  it('says what a packed body that does not unpack is, never the key', async () => {
    routes.set('/garbled', (_q, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end(Buffer.from('not gzip at all, and certainly not JSON'));
    });
    expect((await failure(request(`${base}/garbled`))).kind).toBe('transient');
  });

  it('waits out a 429 as the service asks, says a 5xx, and refuses a redirect to another host', async () => {
    routes.set('/busy', (_q, res) => {
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '3' });
      res.end('{"error":{"code":"rate_limited","message":"slow down"}}');
    });
    const busy = await failure(request(`${base}/busy`));
    expect([busy.kind, busy.retryAfterMs]).toEqual(['rate_limited', 3_000]);
    routes.set('/down', (_q, res) => {
      res.writeHead(503, { 'content-type': 'text/html' });
      res.end('<html>down</html>');
    });
    const down = await failure(request(`${base}/down`));
    expect([down.kind, down.message]).toEqual([
      'transient',
      'Listing the messages of a thread failed: the service answered 503.',
    ]);
    routes.set('/away', (_q, res) => {
      res.writeHead(302, { location: 'http://192.0.2.1/steal' });
      res.end();
    });
    expect((await failure(request(`${base}/away`))).message).toMatch(/redirected to another host; refused/);
    routes.set('/moved', (_q, res) => {
      res.writeHead(301, { location: '/ok' });
      res.end();
    });
    expect((await request(`${base}/moved`)).json).toEqual({ data: ['Grüße', '你好'] });
  });
});

describe('kept-alive sockets the server closed', () => {
  it('opens a fresh socket when the server closed an idle one', async () => {
    const server = createServer((_q, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"n":1}');
    });
    server.keepAliveTimeout = 30;
    const sockets = new Set<Socket>();
    server.on('connection', (s) => sockets.add(s));
    const base = `http://${await listen(server)}`;
    try {
      expect((await request(`${base}/a`)).json).toEqual({ n: 1 });
      await new Promise((r) => setTimeout(r, 200));
      expect((await request(`${base}/b`)).json).toEqual({ n: 1 });
      expect(sockets.size).toBe(2);
    } finally {
      await closeServer(server);
    }
  });

  /** A server that drops a kept-alive socket as the second request arrives on it (it had closed
   *  the socket as the request went out), unanswered. */
  async function dropsSecond(): Promise<{ base: string; seen: string[]; server: Server }> {
    const seen: string[] = [];
    const perSocket = new WeakMap<Socket, number>();
    const server = createServer((req, res) => {
      const n = (perSocket.get(req.socket) ?? 0) + 1;
      perSocket.set(req.socket, n);
      seen.push(`${req.method} ${req.url} #${n}`);
      if (n >= 2) {
        req.socket.destroy();
        return;
      }
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"ok":true}');
      });
    });
    return { base: `http://${await listen(server)}`, seen, server };
  }

  it('sends a request that may be repeated again on a fresh socket', async () => {
    const { base, seen, server } = await dropsSecond();
    try {
      await request(`${base}/first`);
      expect((await request(`${base}/again`)).json).toEqual({ ok: true });
      expect(seen).toEqual(['GET /first #1', 'GET /again #2', 'GET /again #1']);
    } finally {
      await closeServer(server);
    }
  });

  it('never sends again one that must not be repeated: it fails as cut, sent once', async () => {
    const { base, seen, server } = await dropsSecond();
    try {
      await request(`${base}/first`);
      const err = await failure(request(`${base}/reply`, { op: 'reply', body: { bodyHtml: '<p>Hi</p>' } }));
      expect(err.kind).toBe('transient');
      expect(err.message).toMatch(/was cut before the answer came/);
      expect(seen).toEqual(['GET /first #1', 'POST /reply #2']);
    } finally {
      await closeServer(server);
    }
  });
});

describe('a secure connection', () => {
  it('is refused when the certificate is one nobody vouches for, before the key is sent', async () => {
    const dir = join(__dirname, '../fixtures/tls');
    const asked: string[] = [];
    const server = createTlsServer(
      { key: readFileSync(join(dir, 'self-signed.key')), cert: readFileSync(join(dir, 'self-signed.crt')) },
      (req, res) => {
        asked.push(String(req.headers['x-api-key']));
        res.end('{}');
      },
    );
    const host = await listen(server);
    try {
      const err = await failure(request(`https://${host}/v1/threads`));
      expect(err.kind).toBe('transient');
      expect(err.message).toMatch(/could not open a secure connection/);
      expect(asked).toEqual([]);
    } finally {
      await closeServer(server);
    }
  });
});
