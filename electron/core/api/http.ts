// One HTTP exchange with the service: headers, a total-time bound (a body that trickles in is
// aborted), cancellation, a response size cap, redirects only within the same origin and only for
// idempotent requests, and every failure mapped to an ApiError whose message names the operation
// and never the key.
import { redactText } from '../log';
import { connectionFailure } from './connectionWords';
import { ApiError, kindForStatus, parseRetryAfter } from './errors';
import type { Endpoint } from './endpoints';
import { nodeTransport } from './nodeTransport';
import { fetchTransport, type RawAnswer } from './transport';

export const DEFAULT_TIMEOUT_MS = 30_000;
export const MAX_RESPONSE_BYTES = 20 * 1024 * 1024;
/** Real answers nest a few levels; one nested thousands deep parses, then overflows the stack
 *  when the record is stored (JSON.stringify of the raw record). */
export const MAX_JSON_DEPTH = 64;
const MAX_REDIRECTS = 3;
export interface HttpRequest {
  endpoint: Endpoint;
  url: string;
  headers: Record<string, string>;
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs: number;
  maxBytes: number;
  /** Sent with this fetch instead of the app's transport (nodeTransport.ts). */
  fetch?: typeof fetch | undefined;
  /** Strings to keep out of error messages (the key). */
  secrets: string[];
}

export interface HttpResponse {
  status: number;
  /** Parsed JSON, or undefined for an empty body. */
  json: unknown;
}

/** The system's code of a failed fetch and the words of its causes (undici wraps them). */
function errorCause(err: unknown): { code: string | undefined; text: string } {
  let code: string | undefined;
  const words: string[] = [];
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const c = (e as { code?: unknown }).code;
    if (code === undefined && typeof c === 'string') code = c;
    if (e instanceof Error) words.push(e.message);
    e = (e as { cause?: unknown }).cause;
  }
  return { code, text: words.join(' <- ') };
}

async function readCapped(res: RawAnswer, maxBytes: number, what: string): Promise<string> {
  const declared = Number(res.header('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    res.discard();
    throw new ApiError('malformed', `${what}: the answer is too large (${declared} bytes).`, {
      status: res.status,
    });
  }
  const text = await res.text(maxBytes);
  if (text === null)
    throw new ApiError('malformed', `${what}: the answer is too large (over ${maxBytes} bytes).`, {
      status: res.status,
    });
  return text;
}

/** Whether JSON text nests arrays/objects deeper than `limit` (strings skipped). */
export function jsonTooDeep(text: string, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      // To the string's closing quote: the next one after an even run of backslashes. Most of a
      // page is strings (message bodies), which indexOf crosses far faster than a loop by character.
      for (;;) {
        const end = text.indexOf('"', i + 1);
        if (end < 0) return false; // never closed: JSON.parse refuses it
        let b = end - 1;
        while (text.charCodeAt(b) === 92) b--;
        i = end;
        if ((end - 1 - b) % 2 === 0) break;
      }
    } else if (c === 91 || c === 123) {
      if (++depth > limit) return true;
    } else if (c === 93 || c === 125) depth--;
  }
  return false;
}

function serviceMessage(json: unknown): { code: string | null; message: string | null } {
  const err = (json as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return {
    code: typeof err?.code === 'string' ? err.code : null,
    message: typeof err?.message === 'string' ? err.message.slice(0, 300) : null,
  };
}

export async function httpRequest(req: HttpRequest): Promise<HttpResponse> {
  const what = req.endpoint.label.charAt(0).toUpperCase() + req.endpoint.label.slice(1);
  const clean = (s: string): string => redactText(s, req.secrets);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, req.timeoutMs);
  const onAbort = (): void => controller.abort();
  if (req.signal?.aborted) controller.abort();
  req.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    let url = req.url;
    let res: RawAnswer | undefined;
    const send = req.fetch ? fetchTransport(req.fetch) : nodeTransport;
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...req.headers,
      ...(req.body !== undefined ? { 'content-type': 'application/json' } : {}),
    };
    const body = req.body !== undefined ? JSON.stringify(req.body) : undefined;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      res = await send(url, {
        method: req.endpoint.method,
        headers,
        ...(body !== undefined ? { body } : {}),
        signal: controller.signal,
        idempotent: req.endpoint.idempotent,
      });
      if (res.status < 300 || res.status >= 400) break;
      const location = res.header('location');
      res.discard();
      // A request that must not be repeated is never re-sent to another address: the service
      // may have acted on it already (a 303 after a POST would post the reply twice).
      if (!req.endpoint.idempotent) {
        throw new ApiError(
          'malformed',
          `${what}: the service answered with a redirect (${res.status}); not followed.`,
          {
            status: res.status,
          },
        );
      }
      const next = location ? new URL(location, url) : null;
      if (!next || next.origin !== new URL(url).origin) {
        throw new ApiError('invalid', `${what}: the service redirected to another host; refused.`, {
          status: res.status,
        });
      }
      if (hop === MAX_REDIRECTS)
        throw new ApiError('invalid', `${what}: too many redirects.`, { status: res.status });
      url = next.toString();
    }
    if (!res) throw new ApiError('transient', `${what}: no answer.`);
    const answer = await readCapped(res, req.maxBytes, what);
    const type = res.header('content-type') ?? '';
    let json: unknown = undefined;
    let parseFailed = false;
    let tooDeep = false;
    if (answer.trim() !== '') {
      if (!/\bjson\b/i.test(type)) parseFailed = true;
      else if (jsonTooDeep(answer)) tooDeep = true;
      else {
        try {
          json = JSON.parse(answer);
        } catch {
          parseFailed = true;
        }
      }
    }
    if (res.status === 200) {
      if (tooDeep) {
        throw new ApiError('malformed', `${what}: the service sent an answer nested too deeply.`, {
          status: 200,
        });
      }
      if (parseFailed) {
        throw new ApiError(
          'malformed',
          `${what}: the service sent an answer that is not valid JSON (${type || 'no content type'}).`,
          { status: 200 },
        );
      }
      return { status: 200, json };
    }
    const kind = kindForStatus(res.status, req.endpoint.optional);
    const { code, message } = serviceMessage(json);
    const retryAfterMs = res.status === 429 ? parseRetryAfter(res.header('retry-after')) : null;
    let text: string;
    if (kind === 'auth') text = 'The service refused the API key (401). Enter a new key for this account.';
    else if (kind === 'forbidden') text = 'The API key has no access to this workspace (403).';
    else if (kind === 'not_supported') text = `This service does not support ${req.endpoint.label}.`;
    else if (kind === 'rate_limited')
      text = `${what}: too many requests; waiting ${Math.round((retryAfterMs ?? 0) / 1000)} s.`;
    else text = `${what} failed: the service answered ${res.status}${message ? `: ${message}` : ''}.`;
    throw new ApiError(kind, clean(text), { status: res.status, retryAfterMs, code });
  } catch (err) {
    if (err instanceof ApiError) throw err;
    if (req.signal?.aborted) throw new ApiError('cancelled', `${what}: cancelled.`);
    const { code, text } = errorCause(err);
    const failure = connectionFailure(
      what,
      req.url,
      timedOut ? { timeoutMs: req.timeoutMs } : { code, text },
    );
    // The library's words go to the log (through `detail`), never to the person.
    throw new ApiError(failure.kind, clean(failure.message), {
      reason: clean(failure.reason),
      happened: clean(failure.happened),
      detail: clean(code ? `${code}: ${text}` : text || String(err)),
    });
  } finally {
    clearTimeout(timer);
    req.signal?.removeEventListener('abort', onAbort);
  }
}
