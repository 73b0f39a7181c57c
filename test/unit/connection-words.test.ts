// A connection that fails before the service answers is said in words a rep can act on: which
// address, what happened, what to do; never the library's "fetch failed" or a bare system code,
// never the key, never the base URL's path or query.
import { describe, expect, it } from 'vitest';
import { createClient } from '../../electron/core/api/client';
import { ApiError } from '../../electron/core/api/errors';

const KEY = 'secret-key-1234567890';

function failingWith(code: string | undefined, message = 'fetch failed'): typeof fetch {
  return (async () => {
    throw Object.assign(new TypeError('fetch failed'), {
      cause: Object.assign(new Error(message), { code }),
    });
  }) as typeof fetch;
}

async function failure(f: typeof fetch, timeoutMs = 30_000): Promise<ApiError> {
  const c = createClient({
    baseUrl: `https://api.example.com/v1?token=${KEY}`,
    apiKey: KEY,
    fetch: f,
    timeoutMs,
    retry: { tries: 1 },
  });
  try {
    await c.listTeams();
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    return err as ApiError;
  }
  throw new Error('expected a failure');
}

describe('connection failures in words', () => {
  it.each([
    [
      'ECONNREFUSED',
      'offline',
      /could not reach https:\/\/api\.example\.com: nothing answers at that address\. Check the address and your connection\./,
    ],
    [
      'ENOTFOUND',
      'offline',
      /could not reach https:\/\/api\.example\.com: no server by that name was found\. Check/,
    ],
    ['ENETUNREACH', 'offline', /no route to it\. Check the address and your connection\./],
    [
      'ECONNRESET',
      'transient',
      /the connection to https:\/\/api\.example\.com was cut before the answer came\. Try again/,
    ],
    ['UND_ERR_SOCKET', 'transient', /was cut before the answer came/],
    [
      'ERR_SSL_WRONG_VERSION_NUMBER',
      'transient',
      /could not open a secure connection to https:\/\/api\.example\.com\. Check that the address starts with the right https:\/\/ or http:\/\//,
    ],
    [
      undefined,
      'transient',
      /the connection to https:\/\/api\.example\.com failed\. Check the address and your connection, then try again\./,
    ],
  ] as const)('%s is %s and said in words', async (code, kind, words) => {
    const err = await failure(failingWith(code));
    expect(err.kind).toBe(kind);
    expect(err.message).toMatch(/^Listing workspaces: /);
    expect(err.message).toMatch(words);
    expect(err.message).not.toMatch(/fetch failed|E[A-Z]{4,}|UND_ERR|ERR_SSL/);
    expect(err.message).not.toContain(KEY);
    expect(err.message).not.toContain('/v1');
    // The form that names the operation itself gets the same words without it.
    expect(err.reason).toMatch(/^[A-Z]/);
    expect(err.message.endsWith(err.reason!.slice(1))).toBe(true);
    // What happened alone, for a message that gives its own advice (a reply that may have gone out).
    expect(err.reason!.startsWith(err.happened!)).toBe(true);
    expect(err.happened).not.toMatch(/Try again|Check/);
    // The library's words are kept for the log.
    if (code) expect(err.detail).toMatch(new RegExp(`^${code}: fetch failed`));
  });

  it('says a secure connection that could not be opened, even when it arrives as a reset', async () => {
    const err = await failure(
      failingWith(
        'ECONNRESET',
        'Client network socket disconnected before secure TLS connection was established',
      ),
    );
    expect(err.message).toMatch(/could not open a secure connection to https:\/\/api\.example\.com\./);
  });

  it('says a service that did not answer in time, with the time waited', async () => {
    const hang = ((_url: unknown, init?: RequestInit) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      })) as typeof fetch;
    const err = await failure(hang, 1_000);
    expect(err.kind).toBe('transient');
    expect(err.message).toBe(
      'Listing workspaces: https://api.example.com did not answer in time (1 s). The service may be slow or down; try again in a moment.',
    );
  });
});
