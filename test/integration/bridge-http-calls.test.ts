// Calls the web bridge refuses and survives: bodies too big or not JSON, and malformed payloads on
// every channel of the contract.
import { describe, expect, it } from 'vitest';
import { CHANNEL_NAMES, channels, type Envelope } from '../../electron/shared/contract';
import { MAX_BODY_BYTES, type WebBridge } from '../../electron/web/bridge';
import { invalidPayload, mulberry32 } from '../unit/ipc-fuzz-payloads';
import { SAMPLES } from '../unit/ipc-samples';
import { http, rpc, useWebBridge } from './fixtures/web-bridge';

let bridge!: WebBridge;
useWebBridge((b) => (bridge = b));

describe('web bridge', () => {
  it('caps the body size and refuses what is not JSON', async () => {
    const big = await http('/rpc', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${bridge.token}` },
      body: Buffer.alloc(MAX_BODY_BYTES + 10, 0x20),
    });
    expect(big.status).toBe(413);
    const notJson = await http('/rpc', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${bridge.token}` },
      body: '{"channel":',
    });
    expect(notJson.status).toBe(400);
    const form = await http('/rpc', {
      method: 'POST',
      headers: { 'content-type': 'text/plain', authorization: `Bearer ${bridge.token}` },
      body: '{"channel":"settings.get","payload":{}}',
    });
    expect(form.status).toBe(415);
  });

  // 25 calls on each channel of the contract, one after another: about a minute on a loaded machine.
  it(
    'refuses malformed calls on every channel over HTTP and keeps answering',
    { timeout: 240_000 },
    async () => {
      for (const name of CHANNEL_NAMES) {
        const random = mulberry32(name.length * 7919);
        for (let i = 0; i < 25; i++) {
          const payload = invalidPayload(random, SAMPLES[name]);
          let body: string;
          try {
            body = JSON.stringify({ channel: name, payload });
          } catch {
            continue; // not representable in JSON (e.g. absurd nesting): a browser could not send it either
          }
          const res = await http('/rpc', {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${bridge.token}` },
            body,
          });
          const parsed = JSON.parse(res.body) as Envelope<unknown>;
          // JSON can turn an invalid value into a valid one (NaN becomes null, undefined vanishes):
          // only what actually went over the wire must be refused.
          const sent = (JSON.parse(body) as { payload?: unknown }).payload;
          if (channels[name].input.safeParse(sent).success) continue;
          expect(parsed.ok ? 'ok' : parsed.error.kind).toBe('validation');
        }
      }
      expect((await rpc('accounts.list', {})).status).toBe(200);
    },
  );
});
