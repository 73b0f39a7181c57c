import { describe, expect, it } from 'vitest';
import { createClient } from '../../electron/core/api/client';
import { ApiError, kindForStatus, parseRetryAfter } from '../../electron/core/api/errors';
import { backoffDelay, withRetry } from '../../electron/core/api/retry';

const KEY = 'secret-key-1234567890';
const thread = {
  _id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
  prospectId: 'bbbbbbbbbbbbbbbbbbbbbbbb',
  campaignId: 'cccccccccccccccccccccccc',
  emailAccountId: 'dddddddddddddddddddddddd',
  status: 'open',
  prospect: { email: 'ana@example.com', firstName: 'Ana', lastName: 'Silva', company: 'Acme' },
  lastMessageAt: '2026-11-21T09:30:00.000Z',
  createdAt: '2026-11-20T09:30:00.000Z',
};
const page = (data: unknown[]) => ({
  data,
  pagination: { page: 1, limit: 100, total: data.length, totalPages: 1 },
});

/** A fetch that answers every request with the given status, body and headers, and records requests. */
function fakeFetch(
  status: number,
  body: string,
  headers: Record<string, string> = { 'content-type': 'application/json' },
) {
  const seen: { url: string; headers: Record<string, string>; redirect: string | undefined }[] = [];
  const f = (async (url: string | URL | Request, init?: RequestInit) => {
    seen.push({
      url: String(url),
      headers: init?.headers as Record<string, string>,
      redirect: init?.redirect,
    });
    return new Response(body, { status, headers });
  }) as typeof fetch;
  return { f, seen };
}

function client(f: typeof fetch) {
  return createClient({
    baseUrl: 'http://127.0.0.1:9/v1',
    apiKey: () => KEY,
    workspaceId: 'eeeeeeeeeeeeeeeeeeeeeeee',
    fetch: f,
    retry: { tries: 1 },
  });
}

async function failure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    return err as ApiError;
  }
  throw new Error('expected a failure');
}

describe('response validation is lenient', () => {
  it('keeps unknown fields and unknown status strings', async () => {
    const { f } = fakeFetch(
      200,
      JSON.stringify(page([{ ...thread, status: 'snoozed_by_server', mood: 'happy' }])),
    );
    const res = await client(f).listInbox();
    expect(res.data[0]!.status).toBe('snoozed_by_server');
    expect((res.data[0] as Record<string, unknown>).mood).toBe('happy');
  });

  it('sends the key and workspace headers on every request', async () => {
    const { f, seen } = fakeFetch(200, JSON.stringify(page([thread])));
    await client(f).listInbox({ page: 2, limit: 50, status: 'open' });
    expect(seen[0]!.headers['x-api-key']).toBe(KEY);
    expect(seen[0]!.headers['x-workspace']).toBe('eeeeeeeeeeeeeeeeeeeeeeee');
    expect(seen[0]!.url).toBe('http://127.0.0.1:9/v1/inbox?page=2&limit=50&status=open');
    expect(seen[0]!.redirect).toBe('manual');
  });

  it.each([
    ['wrong types', JSON.stringify(page([{ ...thread, lastMessageAt: 42 }])), 'application/json'],
    ['malformed JSON', '{"data": [', 'application/json'],
    ['an HTML error page', '<html><body>Bad gateway</body></html>', 'text/html'],
    ['a missing data array', JSON.stringify({ pagination: page([]).pagination }), 'application/json'],
  ])('turns %s into a malformed error', async (_what, body, type) => {
    const { f } = fakeFetch(200, body, { 'content-type': type });
    const err = await failure(client(f).listInbox());
    expect(err.kind).toBe('malformed');
    expect(err.message).not.toContain(KEY);
  });

  it('refuses an answer over the size cap, accepts one under it', async () => {
    const big = JSON.stringify({ suggestion: 'x'.repeat(2_000_000) });
    const small = createClient({
      baseUrl: 'http://h/v1',
      apiKey: KEY,
      fetch: fakeFetch(200, big).f,
      maxResponseBytes: 1_000_000,
    });
    expect((await failure(small.aiReply(thread._id))).kind).toBe('malformed');
    const roomy = createClient({
      baseUrl: 'http://h/v1',
      apiKey: KEY,
      fetch: fakeFetch(200, big).f,
      maxResponseBytes: 3_000_000,
    });
    expect((await roomy.aiReply(thread._id)).suggestion.length).toBe(2_000_000);
  });

  it('refuses a redirect to another host', async () => {
    const { f } = fakeFetch(302, '', { location: 'http://evil.example/v1/inbox' });
    const err = await failure(client(f).listInbox());
    expect(err.kind).toBe('invalid');
    expect(err.message).toMatch(/another host/);
  });
});

describe('time bounds and cancellation', () => {
  /** A 200 whose body sends a byte every 50 ms and never ends. */
  const trickle = (async (_url: unknown, init?: RequestInit) => {
    const signal = init?.signal;
    const body = new ReadableStream<Uint8Array>({
      async pull(ctrl) {
        await new Promise((r) => setTimeout(r, 50));
        if (signal?.aborted) ctrl.error(signal.reason);
        else ctrl.enqueue(new TextEncoder().encode(' '));
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;

  it('aborts a body that trickles in past the total-time bound', async () => {
    const c = createClient({
      baseUrl: 'http://h/v1',
      apiKey: KEY,
      fetch: trickle,
      timeoutMs: 300,
      retry: { tries: 1 },
    });
    const err = await failure(c.listInbox());
    expect(err.kind).toBe('transient');
    expect(err.message).toMatch(/did not answer in time/);
  });

  it('stops when the caller cancels', async () => {
    const c = createClient({ baseUrl: 'http://h/v1', apiKey: KEY, fetch: trickle, timeoutMs: 60_000 });
    const ctrl = new AbortController();
    setTimeout(() => ctrl.abort(), 100);
    expect((await failure(c.listInbox({}, { signal: ctrl.signal }))).kind).toBe('cancelled');
  });

  it('asks for a key before any request, and says so without one', async () => {
    const { f, seen } = fakeFetch(200, '{}');
    const c = createClient({ baseUrl: 'http://h/v1', apiKey: async () => null, fetch: f });
    expect((await failure(c.listTeams())).kind).toBe('auth');
    expect(seen).toHaveLength(0);
  });
});

describe('error mapping', () => {
  it.each([
    [401, 'listInbox', 'auth'],
    [403, 'listInbox', 'forbidden'],
    [404, 'getThread', 'not_found'],
    [404, 'campaignStatistics', 'not_supported'],
    [429, 'listInbox', 'rate_limited'],
    [500, 'listInbox', 'transient'],
    [503, 'listInbox', 'transient'],
    [400, 'listInbox', 'invalid'],
    [413, 'reply', 'invalid'],
  ] as const)('%i on %s is %s, and the message never holds the key', async (status, op, kind) => {
    const body = JSON.stringify({ error: { code: 'x', message: `bad key ${KEY}` } });
    const { f } = fakeFetch(status, body, { 'content-type': 'application/json', 'retry-after': '7' });
    const c = client(f);
    const call =
      op === 'listInbox'
        ? c.listInbox()
        : op === 'getThread'
          ? c.getThread(thread._id)
          : op === 'reply'
            ? c.reply(thread._id, { bodyHtml: 'hi' })
            : c.campaignStatistics(thread._id);
    const err = await failure(call);
    expect(err.kind).toBe(kind);
    expect(err.status).toBe(status);
    expect(err.message).not.toContain(KEY);
    if (kind === 'rate_limited') expect(err.retryAfterMs).toBe(7000);
  });

  it('tells an unreachable service (offline) from a connection reset (transient)', async () => {
    const refuse = (async () => {
      throw Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } });
    }) as typeof fetch;
    const reset = (async () => {
      throw Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNRESET' } });
    }) as typeof fetch;
    expect((await failure(client(refuse).listInbox())).kind).toBe('offline');
    expect((await failure(client(reset).listInbox())).kind).toBe('transient');
  });

  it('maps status codes without a request', () => {
    expect(kindForStatus(404, true)).toBe('not_supported');
    expect(kindForStatus(418, false)).toBe('invalid');
    expect(parseRetryAfter('3')).toBe(3000);
    expect(parseRetryAfter(null)).toBe(5000);
    expect(parseRetryAfter('0')).toBe(1000);
  });
});

describe('retry and backoff', () => {
  it('grows the backoff ceiling exponentially and caps it', () => {
    const top = () => 0.999999;
    expect(backoffDelay(0, 100, 10_000, top)).toBe(99);
    expect(backoffDelay(3, 100, 10_000, top)).toBe(799);
    expect(backoffDelay(20, 100, 10_000, top)).toBe(9999);
    expect(backoffDelay(5, 100, 10_000, () => 0)).toBe(0);
  });

  it('retries transient failures a bounded number of times, waiting Retry-After on 429', async () => {
    const waits: number[] = [];
    let calls = 0;
    const err = await withRetry(
      async () => {
        calls++;
        throw calls === 1
          ? new ApiError('rate_limited', 'slow down', { retryAfterMs: 2000 })
          : new ApiError('transient', 'blip');
      },
      { tries: 3, baseMs: 100, maxMs: 1000, retryMalformed: true },
      { wait: async (ms) => void waits.push(ms), random: () => 0.5 },
    ).catch((e: unknown) => e);
    expect(calls).toBe(3);
    expect((err as ApiError).kind).toBe('transient');
    expect(waits).toEqual([2000, 100]);
  });

  it('does not retry what another try cannot fix', async () => {
    let calls = 0;
    await withRetry(
      async () => {
        calls++;
        throw new ApiError('invalid', 'bad');
      },
      { tries: 5, baseMs: 1, maxMs: 1, retryMalformed: true },
    ).catch(() => undefined);
    expect(calls).toBe(1);
  });

  it('succeeds after a transient failure', async () => {
    let calls = 0;
    const v = await withRetry(
      async () => {
        if (++calls < 2) throw new ApiError('transient', 'blip');
        return 'ok';
      },
      { tries: 3, baseMs: 1, maxMs: 1, retryMalformed: false },
    );
    expect(v).toBe('ok');
  });
});
