// Every channel of the contract fuzzed through the real app's dispatcher (and a share through
// the web bridge over HTTP): a payload its schema refuses gets a validation error; one it accepts
// reaches the handler and gets an answer or a clear error, never 'internal'; nothing throws, no
// prototype is polluted, no account or setting appears, and links.open only ever opens http(s).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_NAMES, channels, type Channel, type Envelope } from '../../electron/shared/contract';
import { createApp, type TriageApp } from '../../electron/core/app';
import { startWebBridge, type WebBridge } from '../../electron/web/bridge';
import { BAD_CHANNELS, SAMPLES, mutate } from '../reliability/fuzz';
// The shell's generator of payloads invalid by construction: half of each channel's payloads come
// from it, half from ours (whose mutations are sometimes still valid, so handlers get fuzzed too).
import { invalidPayload, mulberry32 } from '../unit/ipc-fuzz-payloads';
import { SAMPLES as SHELL_SAMPLES } from '../unit/ipc-samples';
import { createRng, runSeed } from '../reliability/prng';
import { sized } from '../reliability/scale';

const PER_CHANNEL = sized(300, 3_000);
const PER_CHANNEL_HTTP = sized(15, 200);
const seed = runSeed();

let dataDir: string;
let app: TriageApp;
let bridge: WebBridge;
const opened: string[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'triage-ipc-fuzz-'));
  app = createApp({
    dataDir,
    keychainService: `Outreach Triage test ${randomBytes(6).toString('hex')}`,
    openExternal: async (url) => {
      opened.push(url);
      return false;
    },
  });
  await app.ready();
  bridge = await startWebBridge({ dataDir, port: 0, app });
});

afterAll(async () => {
  await bridge?.close();
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Whether the channel's own schema takes the payload (the dispatcher must agree). */
function accepted(channel: Channel, payload: unknown): boolean {
  try {
    return channels[channel].input.safeParse(payload).success;
  } catch {
    return false;
  }
}

interface Tally {
  refused: number;
  accepted: number;
  internal: string[];
  disagreements: string[];
  unclear: string[];
}

function check(channel: string, payload: unknown, env: Envelope<unknown>, tally: Tally): void {
  const ok = typeof channel === 'string' && channel in channels && accepted(channel as Channel, payload);
  if (!ok) {
    tally.refused++;
    if (env.ok || env.error.kind !== 'validation')
      tally.disagreements.push(`${channel}: refused payload answered ${JSON.stringify(env).slice(0, 200)}`);
  } else {
    tally.accepted++;
    if (!env.ok && env.error.kind === 'internal') tally.internal.push(`${channel}: ${env.error.message}`);
  }
  if (!env.ok && (env.error.message.length === 0 || env.error.message.length > 1_000)) {
    tally.unclear.push(`${channel}: message of ${env.error.message.length} characters`);
  }
}

describe('IPC: every channel fuzzed, all refused cleanly', () => {
  it('has a valid sample for every channel, and the app takes each sample without an internal error', async () => {
    expect(Object.keys(SAMPLES).sort()).toEqual([...CHANNEL_NAMES].sort());
    for (const channel of CHANNEL_NAMES) {
      expect(accepted(channel, SAMPLES[channel]), channel).toBe(true);
    }
  });

  it(`${PER_CHANNEL} mutated payloads per channel through the dispatcher`, async () => {
    const rng = createRng(seed);
    const shellRandom = mulberry32(seed);
    const tally: Tally = { refused: 0, accepted: 0, internal: [], disagreements: [], unclear: [] };
    const settingsBefore = await app.handlers['settings.get']({});
    let calls = 0;
    for (const channel of CHANNEL_NAMES) {
      for (let i = 0; i < PER_CHANNEL; i++) {
        const payload =
          i % 2 === 0 ? mutate(SAMPLES[channel], rng) : invalidPayload(shellRandom, SHELL_SAMPLES[channel]);
        // A valid call that starts the demo or changes settings is not fuzzing; skip those.
        if ((channel === 'accounts.demo' || channel === 'settings.set') && accepted(channel, payload))
          continue;
        const env = await app.dispatch(channel, payload);
        calls++;
        check(channel, payload, env, tally);
      }
    }
    for (const bad of BAD_CHANNELS) {
      const env = await app.dispatch(bad, {});
      calls++;
      check(String(bad), {}, env, tally);
      expect(env.ok).toBe(false);
    }

    console.log(
      `reliability ipc (seed ${seed}): ${calls} calls over ${CHANNEL_NAMES.length} channels: ${tally.refused} refused as validation, ${tally.accepted} valid reached handlers, ${tally.internal.length} internal, ${tally.disagreements.length} disagreements`,
    );
    expect(tally.disagreements).toEqual([]);
    expect(tally.internal).toEqual([]);
    expect(tally.unclear).toEqual([]);
    // Nothing leaked into the process or the app's state.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(false);
    expect(await app.handlers['accounts.list']({})).toEqual([]);
    expect(await app.handlers['settings.get']({})).toEqual(settingsBefore);
    expect(opened.every((u) => /^https?:\/\//i.test(u))).toBe(true);
  });

  it(`${PER_CHANNEL_HTTP} mutated payloads per channel through the web bridge, plus broken requests`, async () => {
    const rng = createRng(seed + 1);
    const tally: Tally = { refused: 0, accepted: 0, internal: [], disagreements: [], unclear: [] };
    const post = async (
      body: string,
      headers: Record<string, string> = {},
    ): Promise<{ status: number; env: Envelope<unknown> }> => {
      const res = await fetch(`${bridge.origin}/rpc`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${bridge.token}`, ...headers },
        body,
      });
      return { status: res.status, env: (await res.json()) as Envelope<unknown> };
    };
    let calls = 0;
    for (const channel of CHANNEL_NAMES) {
      for (let i = 0; i < PER_CHANNEL_HTTP; i++) {
        const payload = mutate(SAMPLES[channel], rng);
        let body: string;
        try {
          body = JSON.stringify({ channel, payload });
        } catch {
          continue; // not expressible as JSON (a bigint): cannot come over HTTP
        }
        // What the server sees is the JSON round trip of the payload.
        const wire = (JSON.parse(body) as { payload: unknown }).payload;
        if ((channel === 'accounts.demo' || channel === 'settings.set') && accepted(channel, wire)) continue;
        const { env } = await post(body);
        calls++;
        check(channel, wire, env, tally);
      }
    }
    // Not even a call: each is refused with a clear status and a validation envelope.
    const broken = [
      '',
      'not json',
      '[]',
      'null',
      '{"channel":',
      '"accounts.list"',
      '{"channel":"accounts.list","payload":' + '['.repeat(50_000) + ']'.repeat(50_000) + '}',
    ];
    for (const body of broken) {
      const { status, env } = await post(body);
      calls++;
      expect(env.ok, body.slice(0, 40)).toBe(false);
      expect(status === 200 ? (env as { ok: false; error: { kind: string } }).error.kind : 'validation').toBe(
        'validation',
      );
    }
    const wrongType = await post('{"channel":"accounts.list","payload":{}}', {
      'content-type': 'text/plain',
    });
    expect(wrongType.status).toBe(415);

    console.log(
      `reliability ipc over HTTP (seed ${seed}): ${calls} requests: ${tally.refused} refused, ${tally.accepted} reached handlers, ${tally.internal.length} internal`,
    );
    expect(tally.disagreements).toEqual([]);
    expect(tally.internal).toEqual([]);
    expect(tally.unclear).toEqual([]);
    expect(await app.handlers['accounts.list']({})).toEqual([]);
  });
});
