// Reading an answer's body: the nesting check that keeps a hostile answer from overflowing the
// stack, against a reference over arbitrary JSON; and bodies of a declared length over real HTTP.
import { createServer, type Server } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../electron/core/api/endpoints';
import { ApiError } from '../../electron/core/api/errors';
import { httpRequest, jsonTooDeep } from '../../electron/core/api/http';
import { createRng, type Rng } from '../reliability/prng';

/** How deep a value nests arrays and objects (a scalar: 0). */
function depthOf(v: unknown): number {
  if (Array.isArray(v)) return 1 + Math.max(0, ...v.map(depthOf));
  if (v && typeof v === 'object') return 1 + Math.max(0, ...Object.values(v).map(depthOf));
  return 0;
}

// Strings full of what a scan could mistake for structure: quotes, backslashes, brackets.
const PARTS = ['"', '\\', '[', ']', '{', '}', 'a', ' ', '\\"', 'é', '\\\\'];
function tricky(rng: Rng): string {
  let s = '';
  for (let n = rng.int(0, 8); n > 0; n--) s += rng.pick(PARTS);
  return s;
}
function randomValue(rng: Rng, room: number): unknown {
  const kind = room > 0 ? rng.int(0, 3) : rng.int(0, 1);
  if (kind === 0) return tricky(rng);
  if (kind === 1) return rng.int(-5, 5);
  const items = Array.from({ length: rng.int(0, 3) }, () => randomValue(rng, room - 1));
  if (kind === 2) return items;
  return Object.fromEntries(items.map((v) => [tricky(rng), v]));
}

describe('the nesting check', () => {
  it('says a body is too deep exactly when its values nest past the limit, whatever its strings hold', () => {
    const rng = createRng(20_261_126);
    for (let run = 0; run < 3_000; run++) {
      const v = randomValue(rng, rng.int(0, 7));
      const limit = rng.int(0, 6);
      const text = JSON.stringify(v);
      expect({ text, limit, deep: jsonTooDeep(text, limit) }).toEqual({
        text,
        limit,
        deep: depthOf(v) > limit,
      });
    }
  });

  it('finds the depth past a string that ends in escaped backslashes', () => {
    const text = JSON.stringify({ a: 'ends in \\\\', b: [[['x"]']]] });
    expect(jsonTooDeep(text, 3)).toBe(true);
    expect(jsonTooDeep(text, 4)).toBe(false);
  });
});

describe('an answer of a declared length', () => {
  let server: Server;
  let url = '';
  const bodies = new Map<string, { length: number; body: string | Buffer; gzip?: boolean }>();
  beforeAll(async () => {
    server = createServer((req, res) => {
      const b = bodies.get(req.url ?? '') ?? { length: 2, body: '{}' };
      res.writeHead(200, {
        'content-type': 'application/json',
        'content-length': String(b.length),
        ...(b.gzip ? { 'content-encoding': 'gzip' } : {}),
      });
      res.end(b.body);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const get = (path: string, maxBytes: number) =>
    httpRequest({
      endpoint: ENDPOINTS.listMessages,
      url: url + path,
      headers: {},
      timeoutMs: 5_000,
      maxBytes,
      fetch,
      secrets: [],
    });

  it('is read whole, multi-byte text intact', async () => {
    const body = JSON.stringify({ data: [{ text: 'Grüße, 你好 — '.repeat(5_000) }] });
    bodies.set('/whole', { length: Buffer.byteLength(body), body });
    const res = await get('/whole', 20 * 1024 * 1024);
    expect(res.json).toEqual(JSON.parse(body));
  });

  it('is counted as it unpacks when compressed: a small packed answer that unpacks past the cap is refused', async () => {
    const packed = gzipSync(JSON.stringify({ data: 'x'.repeat(50_000) }));
    bodies.set('/packed', { length: packed.length, body: packed, gzip: true });
    expect(packed.length).toBeLessThan(1_000);
    const err = await get('/packed', 10_000).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toMatch(/too large \(over 10000 bytes\)/);
    // The same answer within the cap unpacks whole.
    expect((await get('/packed', 100_000)).json).toEqual({ data: 'x'.repeat(50_000) });
  });

  it('is refused unread when the length declared is over the cap', async () => {
    const body = JSON.stringify({ data: 'x'.repeat(2_000) });
    bodies.set('/big', { length: Buffer.byteLength(body), body });
    const err = await get('/big', 1_000).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toMatch(/too large/);
  });
});
