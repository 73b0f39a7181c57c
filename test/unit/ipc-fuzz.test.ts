// Every channel, 1,000 invalid payloads each, through the real app's dispatcher: each is refused
// with a validation error, nothing throws, and the app still answers a good call afterwards.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_NAMES, channels } from '../../electron/shared/contract';
import { createApp, type TriageApp } from '../../electron/core/app';
import { invalidPayload, mulberry32 } from './ipc-fuzz-payloads';
import { SAMPLES } from './ipc-samples';

const PER_CHANNEL = 1_000;
let dir: string;
let app: TriageApp;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'triage-fuzz-'));
  app = createApp({ dataDir: dir, keychainService: `Outreach Triage fuzz ${process.pid}` });
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('IPC fuzzing', () => {
  it('has a valid sample for every channel (the fuzz starts from real inputs)', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual([...CHANNEL_NAMES].sort());
    for (const name of CHANNEL_NAMES) {
      expect(channels[name].input.safeParse(SAMPLES[name].input).success, name).toBe(true);
    }
  });

  it.each(CHANNEL_NAMES)(`refuses ${PER_CHANNEL} malformed payloads on %s`, async (name) => {
    const random = mulberry32(name.split('').reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7));
    for (let i = 0; i < PER_CHANNEL; i++) {
      const payload = invalidPayload(random, SAMPLES[name]);
      const answer = await app.dispatch(name, payload);
      if (answer.ok || answer.error.kind !== 'validation') {
        throw new Error(`payload #${i} on ${name} was not refused: ${JSON.stringify(answer).slice(0, 300)}`);
      }
      expect(answer.error.message.length).toBeLessThanOrEqual(301);
      expect(Object.prototype.hasOwnProperty.call({}, 'polluted') || 'polluted' in {}).toBe(false);
    }
  });

  it('refuses unknown and hostile channel names', async () => {
    for (const channel of [
      undefined,
      null,
      42,
      {},
      [],
      '',
      '__proto__',
      'constructor',
      'toString',
      'accounts.list ',
      'x'.repeat(100_000),
    ]) {
      const answer = await app.dispatch(channel, {});
      expect(answer.ok).toBe(false);
      if (!answer.ok) {
        expect(answer.error.kind).toBe('validation');
        expect(answer.error.message.length).toBeLessThan(400);
      }
    }
  });

  it('still answers a good call after all of it', async () => {
    const settings = await app.dispatch('settings.get', {});
    expect(settings).toEqual({
      ok: true,
      value: {
        theme: 'system',
        syncIntervalSeconds: 120,
        notifyNewReplies: true,
        rowDensity: 'comfortable',
        waitingAlertHours: 24,
        suggestions: true,
        outOfOfficeDays: 7,
        autoUpdates: true,
      },
    });
    expect(await app.dispatch('accounts.list', {})).toEqual({ ok: true, value: [] });
  });
});
