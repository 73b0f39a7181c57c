// The web bridge lets in only its own page: the token on every call (never in a path or query),
// foreign origins and host names refused, listening on loopback only.
import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { type Envelope } from '../../electron/shared/contract';
import { type WebBridge } from '../../electron/web/bridge';
import { http, rpc, useWebBridge } from './fixtures/web-bridge';

let bridge!: WebBridge;
useWebBridge((b) => (bridge = b));

describe('web bridge', () => {
  it('puts the token in the URL fragment, never in the path or query', () => {
    const url = new URL(bridge.url);
    expect(url.hostname).toBe('127.0.0.1');
    expect(url.hash).toBe(`#token=${bridge.token}`);
    expect(url.search).toBe('');
    expect(bridge.token.length).toBeGreaterThanOrEqual(43);
  });

  it('answers a call that carries the token', async () => {
    const res = await rpc('settings.get', {});
    expect(res.status).toBe(200);
    expect((JSON.parse(res.body) as Envelope<unknown>).ok).toBe(true);
  });

  it('refuses a missing or wrong token', async () => {
    const missing = await http('/rpc', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ channel: 'settings.get', payload: {} }),
    });
    expect(missing.status).toBe(401);
    // Change the last character to one it is not (a fixed 'A' equals it once in 64 runs).
    const last = bridge.token.slice(-1) === 'A' ? 'B' : 'A';
    const wrong = await rpc(
      'settings.get',
      {},
      { authorization: `Bearer ${bridge.token.slice(0, -1)}${last}` },
    );
    expect(wrong.status).toBe(401);
    expect((await http('/events')).status).toBe(401);
    expect((await http('/events?token=nope')).status).toBe(401);
  });

  it('refuses a foreign Origin even with the right token', async () => {
    for (const origin of ['https://evil.example', 'http://127.0.0.1:1', 'null']) {
      expect((await rpc('settings.get', {}, { origin })).status).toBe(403);
      expect((await http(`/events?token=${bridge.token}`, { headers: { origin } })).status).toBe(403);
    }
    expect((await rpc('settings.get', {}, { origin: bridge.origin })).status).toBe(200);
  });

  it('refuses a request for another host name (DNS rebinding)', async () => {
    const port = new URL(bridge.origin).port;
    const res = await http('/rpc', {
      method: 'POST',
      headers: {
        host: `evil.example:${port}`,
        authorization: `Bearer ${bridge.token}`,
        'content-type': 'application/json',
      },
      body: '{"channel":"settings.get","payload":{}}',
    });
    expect(res.status).toBe(403);
  });

  it('listens on loopback only', async () => {
    const others = Object.values(networkInterfaces())
      .flat()
      .filter((i) => i && i.family === 'IPv4' && !i.internal)
      .map((i) => i!.address);
    // Bound to 127.0.0.1 itself, not to every address: not even IPv6 loopback reaches it.
    for (const address of [...others, '::1']) {
      await expect(http('/', { host: address })).rejects.toThrow();
    }
  });
});
