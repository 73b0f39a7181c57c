// A loopback HTTP server that records every request it receives. Hostile payloads point their
// script calls and remote loads at `/hit/<id>`; a test asserts that nothing reached it.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CanaryHit {
  /** The payload id from `/hit/<id>[...]`, or null for any other path. */
  id: number | null;
  method: string;
  path: string;
}

export interface CanaryServer {
  /** http://127.0.0.1:PORT, no trailing slash. */
  origin: string;
  hits: CanaryHit[];
  reset(): void;
  close(): Promise<void>;
}

const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==', 'base64');

function answer(req: IncomingMessage, res: ServerResponse): void {
  const path = req.url ?? '/';
  const type = path.endsWith('.js')
    ? 'text/javascript'
    : path.endsWith('.css')
      ? 'text/css'
      : path.endsWith('.html')
        ? 'text/html'
        : 'image/gif';
  res.writeHead(200, {
    'content-type': type,
    'access-control-allow-origin': '*',
    'cache-control': 'no-store',
  });
  res.end(type === 'image/gif' ? GIF : '');
}

export async function startCanaryServer(): Promise<CanaryServer> {
  const hits: CanaryHit[] = [];
  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    const match = /^\/hit\/(\d+)/.exec(path);
    hits.push({ id: match ? Number(match[1]) : null, method: req.method ?? 'GET', path });
    req.resume();
    req.on('end', () => answer(req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    hits,
    reset: () => void hits.splice(0),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
