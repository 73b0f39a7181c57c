// The app's transport: requests over node:http(s) with kept-alive sockets. A pull sends some
// 20,000 small requests; Node's fetch spent about a third more CPU on each than this (its streams,
// its headers' objects, its promise per chunk), and the pull is bound by the CPU of the machine.
// What fetch held is held here too: certificates checked (https's defaults), an answer's body
// counted as it unpacks (a small packed answer cannot unpack past the cap), the caller's abort and
// total-time bound cut the socket at any point, and redirects are left to http.ts (never followed
// here). A kept-alive socket the service closed just as a request went out on it is the one failure
// sent again, once, on a fresh socket, and only for a request that may be repeated.
import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { RawAnswer, SendInit, Transport } from './transport';

/** Sockets kept open between requests; an idle one is closed after FREE_SOCKET_MS, or sooner when
 *  the service's Keep-Alive header says it closes its own sooner (Node's agent reads it). No cap
 *  on sockets in use: the rep's request never queues behind the pull's. */
const FREE_SOCKETS = 8;
const FREE_SOCKET_MS = 4_000;
const AGENT_OPTIONS = {
  keepAlive: true,
  maxFreeSockets: FREE_SOCKETS,
  timeout: FREE_SOCKET_MS,
  noDelay: true,
};
const agents = { http: new http.Agent(AGENT_OPTIONS), https: new https.Agent(AGENT_OPTIONS) };

/** A connection error, with the system's code errorCause (http.ts) reads. */
function cut(message: string): Error {
  return Object.assign(new Error(message), { code: 'ECONNRESET' });
}

/** The decoder of one content coding, or null for one this transport does not unpack (the body
 *  is then read as it came, as fetch does). `deflate` is the zlib format HTTP names by it. */
function decoderFor(coding: string): NodeJS.ReadWriteStream | null {
  if (coding === 'gzip' || coding === 'x-gzip') return createGunzip();
  if (coding === 'deflate') return createInflate();
  if (coding === 'br') return createBrotliDecompress();
  return null;
}

function codingsOf(value: string | null): string[] {
  if (!value) return [];
  return value
    .toLowerCase()
    .split(',')
    .map((c) => c.trim())
    .filter((c) => c !== '' && c !== 'identity');
}

function readBody(
  res: http.IncomingMessage,
  maxBytes: number,
  signal: AbortSignal,
  codings: string[],
): Promise<string | null> {
  return new Promise((resolve, reject) => {
    // Codings are undone last applied first; one unknown coding leaves the body as it came.
    const decoders: NodeJS.ReadWriteStream[] = [];
    for (const c of [...codings].reverse()) {
      const d = decoderFor(c);
      if (!d) {
        decoders.length = 0;
        break;
      }
      decoders.push(d);
    }
    let out: Readable = res;
    for (const d of decoders) out = out.pipe(d) as unknown as Readable;
    const chunks: Buffer[] = [];
    let size = 0;
    let raw = 0;
    let settled = false;
    const stop = (): void => {
      signal.removeEventListener('abort', onAbort);
      res.destroy();
      for (const d of decoders) (d as unknown as Readable).destroy();
    };
    const fail = (err: unknown): void => {
      if (settled) return;
      settled = true;
      stop();
      reject(err);
    };
    const onAbort = (): void => fail(signal.reason ?? cut('aborted'));
    if (signal.aborted) return onAbort();
    if (res.errored || (res.destroyed && !res.complete)) return fail(res.errored ?? cut('aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
    // The bytes as sent count too: a stream of packed nothing cannot run on forever either.
    if (decoders.length > 0)
      res.on('data', (chunk: Buffer) => {
        raw += chunk.length;
        if (raw > maxBytes && !settled) {
          settled = true;
          stop();
          resolve(null);
        }
      });
    out.on('data', (chunk: Buffer) => {
      if (settled) return;
      size += chunk.length;
      if (size > maxBytes) {
        settled = true;
        stop();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    });
    out.on('end', () => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      resolve(
        chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks, size).toString('utf8'),
      );
    });
    // A connection dropped mid-body, or a packed body that does not unpack.
    res.on('error', fail);
    res.on('close', () => {
      if (!res.complete) fail(cut('the connection closed before the answer ended'));
    });
    for (const d of decoders) d.on('error', fail);
  });
}

function answerOf(res: http.IncomingMessage, signal: AbortSignal, onAbort: () => void): RawAnswer {
  const header = (name: string): string | null => {
    const v = res.headers[name];
    return v === undefined ? null : Array.isArray(v) ? v.join(', ') : v;
  };
  // Until the body is read (its reader listens then), a socket dropped meanwhile is no crash.
  res.on('error', () => undefined);
  return {
    status: res.statusCode ?? 0,
    header,
    discard() {
      signal.removeEventListener('abort', onAbort);
      res.destroy();
    },
    text(maxBytes) {
      signal.removeEventListener('abort', onAbort);
      return readBody(res, maxBytes, signal, codingsOf(header('content-encoding')));
    },
  };
}

function send(url: URL, init: SendInit, mayResend: boolean): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const secure = url.protocol === 'https:';
    if (!secure && url.protocol !== 'http:') {
      reject(new Error(`unsupported protocol ${url.protocol}`));
      return;
    }
    const headers: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br', ...init.headers };
    if (init.body !== undefined) headers['content-length'] = String(Buffer.byteLength(init.body));
    const req = (secure ? https : http).request(url, {
      method: init.method,
      headers,
      agent: secure ? agents.https : agents.http,
    });
    let answered = false;
    const onAbort = (): void => {
      req.destroy(init.signal.reason instanceof Error ? init.signal.reason : cut('aborted'));
    };
    if (init.signal.aborted) onAbort();
    else init.signal.addEventListener('abort', onAbort, { once: true });
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (answered) return; // the body's reading reports its own failure
      init.signal.removeEventListener('abort', onAbort);
      // A kept-alive socket the service had closed: nothing was answered, so a request that may be
      // repeated goes again on a fresh socket.
      const stale = req.reusedSocket && (err.code === 'ECONNRESET' || err.code === 'EPIPE');
      if (stale && mayResend && init.idempotent && !init.signal.aborted) {
        resolve(send(url, init, false));
        return;
      }
      reject(err);
    });
    req.on('response', (res) => {
      answered = true;
      resolve(answerOf(res, init.signal, onAbort));
    });
    req.end(init.body);
  });
}

export const nodeTransport: Transport = (url, init) => send(new URL(url), init, true);
