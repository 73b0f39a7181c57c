// The web bridge's event stream: changes streamed to a page holding the token, also those made
// before its stream connected, and after a drop what it missed, once.
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { type WebBridge } from '../../electron/web/bridge';
import { openStream, rpc, useWebBridge } from './fixtures/web-bridge';

let bridge!: WebBridge;
useWebBridge((b) => (bridge = b));

describe('web bridge', () => {
  it('streams events to a client holding the token', async () => {
    const url = new URL(bridge.origin);
    const received = new Promise<string>((resolve, reject) => {
      const req = request(
        { host: url.hostname, port: url.port, path: `/events?token=${bridge.token}` },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => {
            text += c.toString();
            if (text.includes('data: ')) {
              resolve(text);
              req.destroy();
            } else if (text.includes(': connected')) {
              void rpc('settings.set', { theme: 'dark' });
            }
          });
        },
      );
      req.on('error', reject);
      req.end();
    });
    const text = await received;
    const line = text.split('\n').find((l) => l.startsWith('data: '))!;
    expect(JSON.parse(line.slice(6))).toEqual({
      name: 'data.changed',
      payload: { accountId: null, scopes: ['settings'] },
    });
  });

  it('streams to a page what changed after its first call, though its stream connected later, and after a drop what it missed, once', async () => {
    const page = 'page-of-the-test-0001';
    const settingsChanged = { name: 'data.changed', payload: { accountId: null, scopes: ['settings'] } };
    // The page's first call; then a change is made (by another caller) before its stream connects.
    expect((await rpc('settings.get', {}, { 'x-triage-page': page })).status).toBe(200);
    await rpc('settings.set', { theme: 'dark' });
    const first = openStream(`/events?token=${bridge.token}&page=${page}`);
    const [missed] = await first.frames(1);
    expect(missed!.data).toEqual(settingsChanged);
    // The stream drops; a change comes while the page is away; it reconnects saying what it heard.
    first.close();
    await rpc('settings.set', { theme: 'light' });
    const again = openStream(`/events?token=${bridge.token}&page=${page}`, { 'last-event-id': missed!.id });
    await again.connected;
    await rpc('settings.set', { theme: 'system' });
    const frames = await again.frames(2);
    again.close();
    expect(frames.map((f) => Number(f.id))).toEqual([Number(missed!.id) + 1, Number(missed!.id) + 2]);
    expect(frames.map((f) => f.data)).toEqual([settingsChanged, settingsChanged]);
  });
});
