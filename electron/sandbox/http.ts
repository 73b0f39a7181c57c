// The HTTP face: base path, body reading (1 MiB cap), auth, rate limit, workspace, faults, routing
// and writing answers. Handlers never see a raw request.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError } from './errors';
import { corruptType, type After, type FaultInjector } from './faults';
import type { RateLimiter } from './ratelimit';
import { matchRoute } from './routes';
import type { Message, Store } from './store';

export const BASE_PATH = '/v1';
export const MAX_BODY_BYTES = 1024 * 1024;

export const hashKey = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');

export interface HttpStats {
  requests: number;
  byRoute: Record<string, number>;
  replies: { threadId: string; bodyHtml: string; at: string }[];
}

export interface HandlerDeps {
  store: Store;
  limiter: RateLimiter;
  faults: FaultInjector;
  stats: HttpStats;
  log: (line: string) => void;
}

type Body = { tooLarge: true } | { tooLarge: false; text: string };

function readBody(req: IncomingMessage): Promise<Body> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      // Past the cap the rest is drained and dropped, so the client still gets our 413.
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () =>
      resolve(
        size > MAX_BODY_BYTES
          ? { tooLarge: true }
          : { tooLarge: false, text: Buffer.concat(chunks).toString('utf8') },
      ),
    );
    req.on('error', reject);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function createHandler(deps: HandlerDeps) {
  const { store, limiter, faults, stats, log } = deps;
  let wrongTypeCounter = 0;

  function write(
    res: ServerResponse,
    status: number,
    value: unknown,
    headers: Record<string, string>,
    after: After,
  ) {
    let text = value === undefined ? '' : JSON.stringify(value);
    if (after === 'wrongtype') {
      if (value !== null && typeof value === 'object') {
        text = JSON.stringify(corruptType(value, wrongTypeCounter++));
        faults.count('wrongtype');
      }
    } else if (after === 'reset') {
      faults.count('reset');
      res.socket?.resetAndDestroy();
      return;
    } else if (after === 'malformed') {
      faults.count('malformed');
      text = `${text.slice(0, Math.floor(text.length / 2))}<html><body>502 Bad Gateway</body></html>`;
    }
    const bytes = Buffer.from(text, 'utf8');
    res.writeHead(status, {
      ...(value === undefined && after !== 'malformed'
        ? {}
        : { 'content-type': 'application/json; charset=utf-8' }),
      'content-length': String(bytes.length),
      ...headers,
    });
    if (after === 'truncate') {
      // Promise the whole body, send part of it, then cut the line.
      faults.count('truncate');
      res.write(bytes.subarray(0, Math.floor(bytes.length / 2)));
      setImmediate(() => res.socket?.destroy());
      return;
    }
    res.end(bytes);
  }

  const fail = (res: ServerResponse, e: ApiError, after: After = null) =>
    write(res, e.status, e.body(), e.headers, after);

  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    stats.requests++;
    let after: After = null;
    try {
      const body = await readBody(req);
      const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
      const method = req.method ?? 'GET';
      const path = url.pathname;

      const keyHeader = req.headers['x-api-key'];
      const key = Array.isArray(keyHeader) ? keyHeader[0] : keyHeader;
      if (!key) throw new ApiError('unauthorized', 'Missing x-api-key header');
      const keyHash = hashKey(key);
      if (!store.hasKey(keyHash)) throw new ApiError('unauthorized', 'Unknown API key');

      const allowed = limiter.take(keyHash);
      if (!allowed.ok) {
        throw new ApiError('rate_limited', 'Too many requests', undefined, {
          'retry-after': String(allowed.retryAfterSeconds),
        });
      }

      const teams = store.keyTeams(keyHash);
      const wsHeader = req.headers['x-workspace'];
      const ws = Array.isArray(wsHeader) ? wsHeader[0] : wsHeader;
      const team = ws === undefined || ws === '' ? teams[0]?.id : teams.find((t) => t.id === ws)?.id;
      if (!team)
        throw new ApiError('forbidden', 'This API key is not a member of that workspace', {
          field: 'x-workspace',
        });

      const plan = faults.plan();
      if (plan.delayMs > 0) await sleep(plan.delayMs);
      if (plan.before === '429') {
        faults.count('429');
        throw new ApiError('rate_limited', 'Too many requests (injected)', undefined, { 'retry-after': '1' });
      }
      if (plan.before === '500') {
        faults.count('500');
        throw new ApiError('internal', 'Internal error (injected)');
      }
      if (plan.before === '400') {
        faults.count('400');
        throw new ApiError('invalid_request', 'Request refused (injected)');
      }
      after = plan.after;

      if (path !== BASE_PATH && !path.startsWith(`${BASE_PATH}/`))
        throw new ApiError('not_found', `No route for ${method} ${path}`);
      const { route, params } = matchRoute(method, path.slice(BASE_PATH.length) || '/');
      const routeKey = `${route.method} ${route.path}`;
      stats.byRoute[routeKey] = (stats.byRoute[routeKey] ?? 0) + 1;

      if (body.tooLarge) throw new ApiError('payload_too_large', `Request body over ${MAX_BODY_BYTES} bytes`);
      let json: unknown;
      if (route.body) {
        if (body.text.trim() === '' && route.body === 'json-or-empty') json = undefined;
        else {
          try {
            json = JSON.parse(body.text);
          } catch {
            throw new ApiError('invalid_request', 'Request body must be JSON', { field: 'body' });
          }
        }
      }

      const result = route.handle({
        store,
        team,
        keyHash,
        params,
        query: url.searchParams,
        body: json,
        onReply: (msg: Message) =>
          stats.replies.push({ threadId: msg.chatThreadId, bodyHtml: msg.bodyHtml, at: msg.sentAt }),
      });
      write(res, 200, result, {}, after);
    } catch (e) {
      if (res.headersSent || res.destroyed) return;
      if (e instanceof ApiError) fail(res, e, after);
      else {
        log(
          `sandbox: internal error on ${req.method} ${req.url}: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`,
        );
        fail(res, new ApiError('internal', 'Internal error'), after);
      }
    }
  };
}
