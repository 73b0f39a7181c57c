// When the updater checks and what it says (electron/main/updates/flow.ts), with a clock the test
// moves by hand and an updater that answers as the test tells it: checks soon after start and
// every 4 hours while automatic checks are on, none while they are off, none once a version waits
// for the restart; a failure of any kind is said in words and never installs.
import { describe, expect, it } from 'vitest';
import {
  CHECK_EVERY_MS,
  createUpdateFlow,
  failureOf,
  FIRST_CHECK_MS,
  type Timers,
  type UpdaterPort,
} from '../../electron/main/updates/flow';
import { FAILURE_WORDS, OFF_WORDS } from '../../electron/shared/update-words';

/** Timers the test fires by hand, newest state visible. */
function handTimers(): Timers & { pending: { run: () => void; ms: number }[]; fire(): Promise<void> } {
  const pending: { run: () => void; ms: number }[] = [];
  return {
    pending,
    now: () => new Date('2026-11-27T10:00:00Z'),
    setTimeout(run, ms) {
      const t = { run, ms };
      pending.push(t);
      return t;
    },
    clearTimeout(handle) {
      const i = pending.indexOf(handle as (typeof pending)[number]);
      if (i >= 0) pending.splice(i, 1);
    },
    async fire() {
      const t = pending.shift();
      t?.run();
      await new Promise((done) => setTimeout(done, 0));
    },
  };
}

function fakePort(answers: (string | null | Error)[]): UpdaterPort & { checks: number; installs: number } {
  const port = {
    checks: 0,
    installs: 0,
    async check() {
      const a = answers[Math.min(port.checks++, answers.length - 1)];
      if (a instanceof Error) throw a;
      return a ?? null;
    },
    async download(onProgress: (p: number) => void) {
      onProgress(50);
    },
    install() {
      port.installs++;
    },
  };
  return port;
}

const base = { version: '0.1.0', log: () => undefined };

describe('update checks: when', () => {
  it('checks soon after start, then every 4 hours, while automatic checks are on', async () => {
    const timers = handTimers();
    const port = fakePort([null]);
    const flow = createUpdateFlow({ ...base, off: null, port, automatic: true, timers });
    expect(timers.pending.map((t) => t.ms)).toEqual([FIRST_CHECK_MS]);
    await timers.fire();
    expect(port.checks).toBe(1);
    expect(timers.pending.map((t) => t.ms)).toEqual([CHECK_EVERY_MS]);
    expect(CHECK_EVERY_MS).toBe(4 * 60 * 60 * 1000);
    await timers.fire();
    expect(port.checks).toBe(2);
    expect(flow.status().words).toBe(
      'Version 0.1.0 is the newest. It checks for a new version at start and every 4 hours.',
    );
  });

  it('stops checking when the switch is turned off, and starts again when it is turned on', async () => {
    const timers = handTimers();
    const port = fakePort([null]);
    const seen: boolean[] = [];
    const flow = createUpdateFlow({
      ...base,
      off: null,
      port,
      automatic: true,
      timers,
      onChange: (s) => void seen.push(s.automatic),
    });
    flow.setAutomatic(false);
    expect(timers.pending).toEqual([]);
    expect(flow.status().words).toBe('Automatic checks are off: use Check now.');
    expect(seen).toEqual([false]);
    // Check now still works with the switch off.
    await flow.check();
    expect(port.checks).toBe(1);
    expect(timers.pending).toEqual([]);
    flow.setAutomatic(true);
    expect(timers.pending.map((t) => t.ms)).toEqual([FIRST_CHECK_MS]);
  });

  it('checks no more once a version waits for the restart, and installs it only when asked', async () => {
    const timers = handTimers();
    const port = fakePort(['0.2.0']);
    const flow = createUpdateFlow({ ...base, off: null, port, automatic: true, timers });
    await timers.fire();
    expect(flow.status().phase).toBe('ready');
    expect(timers.pending).toEqual([]);
    expect(await flow.check()).toMatchObject({ phase: 'ready', nextVersion: '0.2.0' });
    expect(port.checks).toBe(1);
    expect(port.installs).toBe(0);
    flow.install();
    expect(port.installs).toBe(1);
  });

  it('keeps checking after a failure, and says when it tries again', async () => {
    const timers = handTimers();
    const port = fakePort([
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:443'), { code: 'ECONNREFUSED' }),
      null,
    ]);
    const flow = createUpdateFlow({ ...base, off: null, port, automatic: true, timers });
    await timers.fire();
    expect(flow.status()).toMatchObject({
      phase: 'failed',
      words: `${FAILURE_WORDS.unreachable} It tries again in 4 hours.`,
    });
    flow.install();
    expect(port.installs).toBe(0);
    await timers.fire();
    expect(flow.status().phase).toBe('idle');
  });
});

describe('update checks: off', () => {
  it('never checks in a build that names no feed, and says so', async () => {
    const timers = handTimers();
    const flow = createUpdateFlow({ ...base, off: 'no-feed', port: null, automatic: true, timers });
    expect(timers.pending).toEqual([]);
    expect(await flow.check()).toMatchObject({ phase: 'off', words: OFF_WORDS['no-feed'] });
    expect(flow.install().phase).toBe('off');
  });
});

describe('update failures in words', () => {
  it("reads Electron's network errors and the library's codes", () => {
    expect(failureOf(new Error('net::ERR_INTERNET_DISCONNECTED'), 'check')).toBe('unreachable');
    expect(failureOf(new Error('net::ERR_NAME_NOT_RESOLVED'), 'download')).toBe('unreachable');
    expect(failureOf(Object.assign(new Error('x'), { code: 'ERR_CHECKSUM_MISMATCH' }), 'download')).toBe(
      'checksum',
    );
    expect(
      failureOf(
        Object.assign(new Error('Cannot parse update info'), { code: 'ERR_UPDATER_INVALID_UPDATE_INFO' }),
        'check',
      ),
    ).toBe('feed');
    expect(
      failureOf(
        Object.assign(new Error('Cannot find latest-linux.yml'), {
          code: 'ERR_UPDATER_CHANNEL_FILE_NOT_FOUND',
        }),
        'check',
      ),
    ).toBe('feed');
    expect(failureOf(new Error('disk full'), 'download')).toBe('download');
  });
});
