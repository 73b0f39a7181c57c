// A switchable proxy on loopback in front of the sandbox. In 'pass' mode it forwards every request
// untouched; in the other modes it answers the way a broken or hostile server would. A test syncs
// through it, switches the mode, and checks that the client fails cleanly and loses nothing.
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export const HOSTILE_MODES = [
  'pass',
  /** 10 MB of well-formed JSON of the wrong shape (a giant string where a list is due). */
  'huge',
  /** 25 MB: over any sane response cap. */
  'oversize',
  /** The whole body is JSON nested 100,000 levels deep. */
  'nested',
  /** The real answer, with a field nested 100,000 levels deep added to every record (kept by lenient schemas). */
  'nested_field',
  /** The real answer labelled text/html. */
  'wrong_type',
  /** A 502 from a proxy with an HTML page. */
  'html_error',
  /** 200 and JSON headers, then one byte every 200 ms, never ending. */
  'trickle',
  /** 302 to the same path on another host (127.0.0.2), which records whether the key followed. */
  'redirect',
] as const;
export type HostileMode = (typeof HOSTILE_MODES)[number];

export interface HostileRequest {
  mode: HostileMode;
  method: string;
  path: string;
}

export interface HostileServer {
  /** Base URL to give the client: same path as the upstream's (e.g. /v1), this server's port. */
  url: string;
  setMode(mode: HostileMode): void;
  requests: HostileRequest[];
  /** Requests that reached the other host after a redirect, with the x-api-key they carried. */
  otherHostHits: { path: string; apiKey: string | null }[];
  close(): Promise<void>;
}

const DEPTH = 100_000;
const deep = (): string => '['.repeat(DEPTH) + ']'.repeat(DEPTH);

function forward(
  upstream: URL,
  req: IncomingMessage,
  body: Buffer,
): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers = { ...req.headers, host: upstream.host };
    delete headers['content-length'];
    const out = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const h: Record<string, string> = {};
          // Length and framing are recomputed by this server, since some modes change the body.
          for (const [k, v] of Object.entries(res.headers))
            if (typeof v === 'string' && k !== 'content-length' && k !== 'transfer-encoding') h[k] = v;
          resolve({ status: res.statusCode ?? 502, headers: h, body: Buffer.concat(chunks) });
        });
        res.on('error', reject);
      },
    );
    out.on('error', reject);
    out.end(body.length > 0 ? body : undefined);
  });
}

/** The upstream answer with a deep field on every record (or on the object itself). */
function withDeepFields(json: string): string {
  const marker = '"__deep_marker__"';
  const value: unknown = JSON.parse(json);
  const tag = (o: unknown): unknown =>
    o && typeof o === 'object' && !Array.isArray(o) ? { ...o, annotations: '__deep_marker__' } : o;
  const tagged =
    value && typeof value === 'object' && Array.isArray((value as { data?: unknown }).data)
      ? { ...value, data: (value as { data: unknown[] }).data.map(tag) }
      : tag(value);
  return JSON.stringify(tagged).split(marker).join(deep());
}

export async function startHostileServer(opts: { upstream: string }): Promise<HostileServer> {
  const upstream = new URL(opts.upstream);
  let mode: HostileMode = 'pass';
  const requests: HostileRequest[] = [];
  const otherHostHits: { path: string; apiKey: string | null }[] = [];
  const sockets = new Set<Socket>();

  const other = createServer((req, res) => {
    const key = req.headers['x-api-key'];
    otherHostHits.push({ path: req.url ?? '/', apiKey: typeof key === 'string' ? key : null });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"data":[],"pagination":{"page":1,"limit":20,"total":0,"totalPages":0}}');
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.2', resolve));
  const otherPort = (other.address() as AddressInfo).port;

  const handle = async (req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> => {
    const current = mode;
    requests.push({ mode: current, method: req.method ?? 'GET', path: req.url ?? '/' });
    const json = { 'content-type': 'application/json; charset=utf-8' };
    switch (current) {
      case 'pass': {
        const r = await forward(upstream, req, body);
        res.writeHead(r.status, r.headers).end(r.body);
        return;
      }
      case 'huge':
      case 'oversize': {
        const size = current === 'huge' ? 10 * 1024 * 1024 : 25 * 1024 * 1024;
        res.writeHead(200, json);
        res.write('{"data":"');
        const chunk = 'x'.repeat(1024 * 1024);
        for (let written = 0; written < size; written += chunk.length) res.write(chunk);
        res.end('","pagination":{"page":1,"limit":20,"total":1,"totalPages":1}}');
        return;
      }
      case 'nested':
        res.writeHead(200, json).end(deep());
        return;
      case 'nested_field': {
        const r = await forward(upstream, req, body);
        const text = r.body.toString('utf8');
        const ok = r.status === 200 && text.trim().length > 0;
        res.writeHead(r.status, r.headers);
        res.end(ok ? withDeepFields(text) : text);
        return;
      }
      case 'wrong_type': {
        const r = await forward(upstream, req, body);
        res.writeHead(r.status, { ...r.headers, 'content-type': 'text/html; charset=utf-8' }).end(r.body);
        return;
      }
      case 'html_error':
        res
          .writeHead(502, { 'content-type': 'text/html' })
          .end(
            '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>',
          );
        return;
      case 'trickle': {
        res.writeHead(200, json);
        res.write('{"data":[');
        const timer = setInterval(() => res.write(' '), 200);
        res.on('close', () => clearInterval(timer));
        return;
      }
      case 'redirect':
        res.writeHead(302, { location: `http://127.0.0.2:${otherPort}${req.url ?? '/'}` }).end();
        return;
    }
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      handle(req, res, Buffer.concat(chunks)).catch(() => {
        if (!res.headersSent) res.writeHead(599);
        res.end();
      });
    });
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}${upstream.pathname.replace(/\/$/, '')}`,
    setMode: (m) => {
      mode = m;
    },
    requests,
    otherHostHits,
    close: async () => {
      for (const s of sockets) s.destroy();
      other.closeAllConnections();
      await Promise.all([
        new Promise<void>((resolve) => server.close(() => resolve())),
        new Promise<void>((resolve) => other.close(() => resolve())),
      ]);
    },
  };
}
