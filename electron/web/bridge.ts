// The web bridge: the same core as the Electron app, served to a browser on 127.0.0.1 only.
// GET / serves the built renderer; POST /rpc carries one contract call; GET /events streams the
// events (Server-Sent Events); GET /socket upgrades to a WebSocket that carries calls as messages
// (../shared/rpc.ts: `invoke(channel, payload)` answered with the envelope), far cheaper per call
// for a browser than a request each. A page names itself on each (page-events.ts): the events
// announced after its first call reach it even when its stream connects later. A random token made at start guards /rpc and /events, a foreign
// Origin is refused, and a Host other than our own address is refused (DNS rebinding).
// The core runs in a child process behind its IPC channel (core-process.ts), as it runs in a
// utilityProcess in Electron: this process only forwards calls and events.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFileSync } from 'node:fs';
import type { AddressInfo, Socket } from 'node:net';
import { resolve } from 'node:path';
import type { EventName, Events, WireError } from '../shared/contract';
import type { TriageApp } from '../core/app';
import type { DemoOptions } from '../core/accounts/demo';
import { inProcessCore, type CoreClient } from '../core/host/remote';
import { startCoreProcess } from './core-process';
import { securityHeaders } from '../shared/security';
import { resolveStatic } from '../node/renderer-files';
import { serveStatic } from './static';
import { PackedJson } from '../shared/packed';
import { createRpc } from '../shared/rpc';
import { PAGE_HEADER, PAGE_PARAM, type SocketFunctions } from './wire';
import { PageEvents, pageId } from './page-events';
import { acceptWebSocket, isWebSocketHandshake, refuseUpgrade, type TextSocket } from './websocket';

/** The version of the app this bridge serves, from its package.json. */
const APP_VERSION = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

export interface WebBridgeOptions {
  dataDir: string;
  port?: number;
  /** Also start the demo workspace (or reuse the one already there). */
  demo?: boolean;
  /** The built renderer to serve; default out/renderer. */
  rendererDir?: string;
  /** An app made in this process to serve (tests of the bridge itself); by default the bridge
   *  starts the core over dataDir in a child process and closes it with itself. */
  app?: TriageApp;
  keychainService?: string;
  demoOptions?: DemoOptions;
  nativeBinding?: string;
  /** The core process's script (core-child.ts by default): the bench's twin that times each hop. */
  coreEntry?: string;
}

export interface WebBridge {
  /** What to open in a browser: carries the token in its fragment, which never reaches a server. */
  url: string;
  origin: string;
  token: string;
  /** The core the bridge forwards to. */
  app: CoreClient;
  close(): Promise<void>;
}

/** Largest /rpc body: the contract's biggest input (a 200,000-character reply) with room for escaping. */
export const MAX_BODY_BYTES = 2 * 1024 * 1024;
const MAX_EVENT_STREAMS = 32;
const MAX_CALL_SOCKETS = 32;
const HEARTBEAT_MS = 20_000;

function sameSecret(given: string | null, token: string): boolean {
  if (!given) return false;
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(token).digest();
  return timingSafeEqual(a, b);
}

function bearer(req: IncomingMessage): string | null {
  const header = req.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1] ?? null;
}

export async function startWebBridge(opts: WebBridgeOptions): Promise<WebBridge> {
  const ownApp = !opts.app;
  const app = opts.app
    ? inProcessCore(opts.app)
    : startCoreProcess(
        {
          dataDir: opts.dataDir,
          ...(opts.keychainService ? { keychainService: opts.keychainService } : {}),
          ...(opts.demoOptions ? { demoOptions: opts.demoOptions } : {}),
          ...(opts.nativeBinding ? { nativeBinding: opts.nativeBinding } : {}),
          // A browser opens links itself once the core has checked them (see client.ts).
          links: 'allow',
          // A browser has no updater: Settings shows the version and says so.
          appVersion: APP_VERSION,
        },
        opts.coreEntry,
      );
  const rendererDir = resolve(opts.rendererDir ?? 'out/renderer');
  const token = randomBytes(32).toString('base64url');
  const security = securityHeaders();
  const streams = new Set<ServerResponse>();
  const pages = new PageEvents();
  const offEvents = app.on(<E extends EventName>(name: E, payload: Events[E]) =>
    pages.announce(JSON.stringify({ name, payload })),
  );
  const sockets = new Set<TextSocket>();
  let port = 0;
  const ownHosts = (): string[] => [`127.0.0.1:${port}`, `localhost:${port}`];
  const ownOrigins = (): string[] => ownHosts().map((h) => `http://${h}`);

  const answer = (res: ServerResponse, status: number, body: unknown): void => {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      ...security,
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'content-length': Buffer.byteLength(text),
    });
    res.end(text);
  };
  const refuse = (res: ServerResponse, status: number, kind: WireError['kind'], message: string): void =>
    answer(res, status, { ok: false, error: { kind, message } });

  async function readBody(req: IncomingMessage): Promise<string | null> {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > MAX_BODY_BYTES) return null;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) return null;
      chunks.push(chunk);
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  async function rpc(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!sameSecret(bearer(req), token)) return refuse(res, 401, 'auth', 'Missing or wrong bridge token.');
    const type = req.headers['content-type'] ?? '';
    if (!/^application\/json\b/i.test(type)) {
      return refuse(res, 415, 'validation', 'Send the call as application/json.');
    }
    const text = await readBody(req);
    if (text === null) {
      res.setHeader('connection', 'close');
      return refuse(res, 413, 'validation', 'The call is too large.');
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return refuse(res, 400, 'validation', 'The call is not valid JSON.');
    }
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      return refuse(res, 400, 'validation', 'The call must be an object {channel, payload}.');
    }
    const { channel, payload } = body as { channel?: unknown; payload?: unknown };
    // Before the core reads the call: what it announces from now on is owed to the page.
    const page = pageId(req.headers[PAGE_HEADER]);
    if (page) pages.touch(page);
    answer(res, 200, await app.dispatch(channel, payload));
  }

  function upgrade(req: IncomingMessage, socket: Socket, head: Buffer): void {
    const host = req.headers.host ?? '';
    // Browsers always send Origin on a WebSocket handshake; without our own, it is not our page.
    const origin = req.headers.origin;
    const url = new URL(req.url ?? '/', 'http://bridge');
    if (!ownHosts().includes(host) || origin === undefined || !ownOrigins().includes(origin)) {
      return refuseUpgrade(socket, 403, 'Forbidden');
    }
    if (url.pathname !== '/socket' || !isWebSocketHandshake(req)) {
      return refuseUpgrade(socket, 400, 'Bad Request');
    }
    if (!sameSecret(url.searchParams.get('token'), token)) return refuseUpgrade(socket, 401, 'Unauthorized');
    if (sockets.size >= MAX_CALL_SOCKETS) return refuseUpgrade(socket, 429, 'Too Many Requests');
    let deliver: (text: string) => void = () => {};
    const page = pageId(url.searchParams.get(PAGE_PARAM));
    if (page) pages.touch(page);
    const functions: SocketFunctions = {
      invoke: async (channel, payload) => {
        if (page) pages.touch(page);
        return new PackedJson(await app.dispatchText(channel, payload));
      },
    };
    const calls = createRpc(functions, {
      post: (text) => ws.send(text as string),
      listen: (listener) => (deliver = listener),
      text: true,
    });
    const ws: TextSocket = acceptWebSocket(req, socket, head, MAX_BODY_BYTES, {
      onText: (text) => deliver(text),
      onClose: () => {
        sockets.delete(ws);
        calls.$close();
      },
    });
    sockets.add(ws);
  }

  function events(req: IncomingMessage, url: URL, res: ServerResponse): void {
    if (!sameSecret(url.searchParams.get('token'), token)) {
      return refuse(res, 401, 'auth', 'Missing or wrong bridge token.');
    }
    if (streams.size >= MAX_EVENT_STREAMS) return refuse(res, 429, 'rate_limited', 'Too many event streams.');
    res.writeHead(200, {
      ...security,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
    });
    res.write(': connected\n\n');
    // A stream that names no page hears what comes from now on, as a page of its own.
    const named = pageId(url.searchParams.get(PAGE_PARAM));
    const page = named ?? randomBytes(16).toString('base64url');
    const lastSeen = Number(req.headers['last-event-id']);
    const detach = pages.attach(page, res, Number.isSafeInteger(lastSeen) ? lastSeen : null);
    const beat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
    streams.add(res);
    res.on('close', () => {
      clearInterval(beat);
      detach();
      if (!named) pages.forget(page);
      streams.delete(res);
    });
  }

  const server = createServer((req, res) => {
    void (async () => {
      const host = req.headers.host ?? '';
      if (!ownHosts().includes(host)) return refuse(res, 403, 'forbidden', 'Unknown host.');
      const origin = req.headers.origin;
      if (origin !== undefined && !ownOrigins().includes(origin)) {
        return refuse(res, 403, 'forbidden', 'Requests from other sites are refused.');
      }
      const url = new URL(req.url ?? '/', `http://${host}`);
      if (url.pathname === '/rpc') {
        if (req.method !== 'POST') return refuse(res, 405, 'validation', 'Use POST for /rpc.');
        return rpc(req, res);
      }
      if (url.pathname === '/events') {
        if (req.method !== 'GET') return refuse(res, 405, 'validation', 'Use GET for /events.');
        return events(req, url, res);
      }
      if (req.method !== 'GET' && req.method !== 'HEAD')
        return refuse(res, 405, 'validation', 'Not allowed.');
      const file = resolveStatic(rendererDir, url.pathname);
      if (!file) {
        res.writeHead(404, { ...security, 'content-type': 'text/plain; charset=utf-8' });
        return void res.end('Not found');
      }
      serveStatic(res, file, security);
    })().catch((error: unknown) => {
      console.error('web bridge request failed', error);
      if (!res.headersSent) refuse(res, 500, 'internal', 'Something went wrong inside the app.');
      else res.destroy();
    });
  });
  server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => upgrade(req, socket, head));
  server.requestTimeout = 60_000;
  server.headersTimeout = 20_000;

  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(opts.port ?? 0, '127.0.0.1', () => {
      server.off('error', fail);
      done();
    });
  });
  port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;

  try {
    await app.ready();
    if (opts.demo) await app.handlers['accounts.demo']({});
  } catch (error) {
    offEvents();
    server.close();
    if (ownApp) await app.close();
    throw error;
  }

  let closing: Promise<void> | null = null;
  return {
    url: `${origin}/#token=${token}`,
    origin,
    token,
    app,
    close: () =>
      (closing ??= (async () => {
        offEvents();
        for (const res of streams) res.end();
        for (const ws of sockets) ws.close(1001);
        await new Promise<void>((done) => {
          server.close(() => done());
          server.closeAllConnections();
        });
        if (ownApp) await app.close();
      })()),
  };
}
