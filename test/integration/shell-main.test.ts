// The BUILT main bundle (out/main/index.js) run under Node with `electron` resolved to a recording
// stand-in (test/fixtures/electron-stand-in): the wiring a laptop relies on, from the real file.
// The core really runs: the built core entry in a worker thread in place of the utilityProcess.
// Only a real Electron run shows Chromium enforcing these settings (see docs/desktop.md, "Stand-in tests").
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClassifier } from '../../electron/core/host/classifier-client';
import { startWriter } from '../../electron/core/host/writer-client';
import { startSearchers } from '../../electron/core/host/searcher-client';
import { createThreadsRepo } from '../../electron/core/store/repos/threads';
import { openStore } from '../../electron/core/store/index';
import { emptyLearned } from '../../electron/core/suggest/index';
import { contentSecurityPolicy } from '../../electron/shared/security';

// Inside the repository, so the bundle's external imports (zod, better-sqlite3, keytar) resolve.
const root = resolve('test-results', `shell-main-${randomBytes(4).toString('hex')}`);
const standIn = resolve('test/fixtures/electron-stand-in');
const userData = mkdtempSync(join(tmpdir(), 'triage-shell-main-'));

type Envelope = { ok: boolean; value?: unknown; error?: { kind: string; message: string } };
type Served = { status: number; headers: Record<string, string>; body: string };
interface Report {
  lockRequested: number;
  schemes: { scheme: string; privileges: Record<string, boolean> }[];
  schemesBeforeReady: boolean;
  window: {
    options: { webPreferences: Record<string, unknown> } & Record<string, unknown>;
    loaded: string[];
  };
  ipcChannels: string[];
  ipcListeners: string[];
  forks: { entry: string; options: Record<string, unknown> }[];
  devHeaders: boolean;
  calls: Record<string, Envelope>;
  sent: unknown[][];
  protocol: { schemes: string[] } & Record<string, Served>;
  permissions: Record<string, boolean>;
  windowOpen: { action: string };
  navigation: Record<string, boolean>;
  link: Envelope;
  linkCancelled: Envelope;
  opened: string[];
  badge: number | null;
  dialogs: number;
  updates: Record<'status' | 'check' | 'install' | 'badInput' | 'foreign', Envelope> & {
    quits: number;
    automaticSeen: boolean[];
  };
  quit: { held: boolean; quitCalls: number };
  afterQuit: Envelope;
}

function drive<T>(mode: 'first' | 'second'): T {
  const result = spawnSync(process.execPath, [join(standIn, 'drive.mjs'), root, userData, mode], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  const line = result.stdout.trim().split('\n').at(-1) ?? '';
  if (result.status !== 0 || !line.startsWith('{')) {
    throw new Error(
      `stand-in run failed (${result.status}):\n${result.stdout}\n${result.stderr}`.slice(-4000),
    );
  }
  return JSON.parse(line) as T;
}

let report: Report;
let second: { lockRequested: number; quitCalls: number; windows: number; ipc: string[]; forks: number };

beforeAll(() => {
  const build = spawnSync(process.execPath, ['node_modules/electron-vite/bin/electron-vite.js', 'build'], {
    env: { ...process.env, TRIAGE_OUT_DIR: join(root, 'out') },
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`build failed:\n${build.stdout}\n${build.stderr}`.slice(-3000));
  const electronDir = join(root, 'node_modules', 'electron');
  mkdirSync(electronDir, { recursive: true });
  writeFileSync(
    join(electronDir, 'package.json'),
    JSON.stringify({ name: 'electron', type: 'module', exports: './index.mjs' }),
  );
  copyFileSync(join(standIn, 'electron.mjs'), join(electronDir, 'index.mjs'));
  // A link inside the served folder that points out of it: must not be served.
  symlinkSync(join(root, 'out', 'main', 'index.js'), join(root, 'out', 'renderer', 'escape.js'));
  // One account whose service is not there, so the core starts without making the demo workspace.
  writeFileSync(
    join(userData, 'accounts.json'),
    JSON.stringify({
      version: 1,
      accounts: [
        {
          id: 'acc_standin',
          label: 'Offline',
          baseUrl: 'http://127.0.0.1:9/v1',
          workspaceId: null,
          workspaceName: null,
          isDemo: false,
          state: 'ok',
          stateMessage: null,
          createdAt: new Date(0).toISOString(),
        },
      ],
    }),
  );
  report = drive<Report>('first');
  second = drive('second');
}, 300_000);

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(userData, { recursive: true, force: true });
});

describe('built main: start-up', () => {
  it('takes the single-instance lock, and a second instance quits without a window or a core', () => {
    expect(report.lockRequested).toBe(1);
    expect(second).toMatchObject({ lockRequested: 1, windows: 0, ipc: [], forks: 0 });
    expect(second.quitCalls).toBeGreaterThan(0);
  });

  it('registers app:// as a standard, secure scheme with a code cache before the app is ready', () => {
    expect(report.schemesBeforeReady).toBe(true);
    // The code cache: a window keeps its compiled script from one launch to the next, so the rows
    // do not wait for the whole script to be compiled again at every start.
    expect(report.schemes).toEqual([
      {
        scheme: 'app',
        privileges: expect.objectContaining({ standard: true, secure: true, codeCache: true }),
      },
    ]);
  });

  it('opens one hardened window on app://, with the CommonJS preload', () => {
    const prefs = report.window.options.webPreferences;
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
    expect(String(prefs.preload)).toBe(join(root, 'out', 'preload', 'index.cjs'));
    expect(report.window.loaded).toEqual(['app://triage/index.html']);
    expect(report.devHeaders).toBe(false);
  });

  it('runs the core in a utility process started from the built core entry', () => {
    expect(report.forks).toHaveLength(1);
    expect(report.forks[0]!.entry).toBe(join(root, 'out', 'main', 'core.js'));
  });
});

describe('built main: the one IPC door', () => {
  it('has exactly one invoke handler and no other listener', () => {
    expect(report.ipcChannels).toEqual(['triage:invoke']);
    expect(report.ipcListeners).toEqual([]);
  });

  it("answers the app's own page with the core's envelope", () => {
    expect(report.calls.own).toMatchObject({
      ok: true,
      value: [expect.objectContaining({ id: 'acc_standin' })],
    });
    expect(report.calls.ownWithHash).toMatchObject({
      ok: true,
      value: expect.objectContaining({ theme: 'system' }),
    });
    expect(report.calls.badInput).toMatchObject({ ok: false, error: { kind: 'validation' } });
  });

  it('refuses frames that are not the app page: other sites, subframes, file://, other hosts, none', () => {
    for (const name of ['foreign', 'subframe', 'file', 'otherHost', 'noFrame']) {
      expect(report.calls[name], name).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    }
  });

  it('forwards core events and menu commands to the window', () => {
    expect(report.sent).toContainEqual([
      'triage:event',
      'data.changed',
      { accountId: null, scopes: ['settings'] },
    ]);
    expect(report.sent).toContainEqual(['triage:event', 'menu.command', { command: 'go.inbox' }]);
    expect(report.sent).toContainEqual(['triage:event', 'menu.command', { command: 'sync.now' }]);
  });

  it("shows the window title's unread count as the dock/taskbar badge", () => {
    expect(report.badge).toBe(3);
  });

  it('opens a checked link only after the person agrees', () => {
    expect(report.link).toEqual({ ok: true, value: { opened: true } });
    expect(report.linkCancelled).toEqual({ ok: true, value: { opened: false } });
    expect(report.opened).toEqual(['https://example.com/pricing']);
    expect(report.dialogs).toBe(2);
  });

  it('answers the update channels from main: off in a build that is not installed, and nothing quits', () => {
    const off = {
      version: '0.1.0',
      phase: 'off',
      nextVersion: null,
      words: 'Updates are off while the app runs from its source (not installed).',
    };
    expect(report.updates.status).toMatchObject({ ok: true, value: off });
    expect(report.updates.check).toMatchObject({ ok: true, value: off });
    expect(report.updates.install).toMatchObject({ ok: true, value: off });
    expect(report.updates.quits).toBe(0);
    expect(report.updates.badInput).toMatchObject({ ok: false, error: { kind: 'validation' } });
    expect(report.updates.foreign).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
  });

  it('follows the automatic-checks setting: on from the settings at start, off once the rep turns it off', () => {
    expect(report.updates.automaticSeen).toEqual([true, false]);
  });

  it('holds the quit until the core has closed, then answers calls as gone', () => {
    expect(report.quit.held).toBe(true);
    expect(report.quit.quitCalls).toBeGreaterThan(0);
    expect(report.afterQuit).toMatchObject({ ok: false, error: { kind: 'transient' } });
  });
});

describe('built main: app:// responses', () => {
  it('serves the page with the CSP header from the one policy function', () => {
    expect(report.protocol.schemes).toEqual(['app']);
    for (const page of [report.protocol.index!, report.protocol.root!]) {
      expect(page.status).toBe(200);
      expect(page.headers['content-security-policy']).toBe(contentSecurityPolicy());
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['x-content-type-options']).toBe('nosniff');
      expect(page.body).toMatch(/^<!doctype html>/i);
    }
  });

  it('serves nothing outside the renderer folder: no .., no encoded .., no symlink escape', () => {
    for (const name of ['traversal', 'encoded', 'encodedSlash', 'symlink', 'otherHost', 'missing']) {
      const served = report.protocol[name]!;
      expect(served.status, name).toBe(404);
      expect(served.body, name).not.toContain('triage:invoke');
      expect(served.headers['content-security-policy'], name).toBe(contentSecurityPolicy());
    }
    expect(report.protocol.post!.status).toBe(405);
  });
});

describe('built main: what the page may not do', () => {
  it('denies every permission and every new window', () => {
    expect(report.permissions).toEqual({
      notifications: false,
      media: false,
      geolocation: false,
      check: false,
    });
    expect(report.windowOpen).toEqual({ action: 'deny' });
  });

  it('keeps the window on the app page', () => {
    expect(report.navigation).toEqual({
      external: true,
      file: true,
      otherPage: true,
      otherHost: true,
      ownHash: false,
      redirect: true,
      webview: true,
    });
  });
});

describe("built main: the classifier's thread", () => {
  it('reads replies for suggestions from the file built beside the core', async () => {
    const classifier = startClassifier(
      (port) =>
        new Worker(join(root, 'out', 'main', 'classifier.js'), {
          workerData: { port },
          transferList: [port],
        }),
    );
    try {
      const out = await classifier.classify(
        [
          {
            subject: 'Automatic reply: Quick question',
            bodyText: 'I am out of the office until 4 January 2027.',
            bodyHtml: null,
            sentAt: '2026-12-20T09:00:00.000Z',
          },
          {
            subject: 'Re: Quick question',
            bodyText: 'Please remove me from your list.',
            bodyHtml: null,
            sentAt: null,
          },
        ],
        { account: 'acc_standin', version: '0:', model: emptyLearned() },
      );
      expect(out?.map((s) => s?.status)).toEqual(['out_of_office', 'not_interested']);
      expect(out?.[0]?.returnDate).toBe('2027-01-04');
    } finally {
      await classifier.close();
    }
  });
});

describe("built main: the writer's thread", () => {
  it("writes a sync's message batch into a store from the file built beside the core", async () => {
    const file = join(userData, 'writer-check', 'data.sqlite');
    const store = openStore(file);
    store.db
      .prepare(
        `INSERT INTO threads (id, status, server_status, prospect_id, prospect_email, prospect_first, prospect_last,
           company, campaign_id, email_account_id, last_message_at, created_at, raw)
         VALUES ('t1', 'open', 'open', 'p1', 'ann@example.com', 'Ann', 'Lee', 'Acme', 'c1', 'e1',
           '2026-11-20T09:00:00.000Z', '2026-11-19T09:00:00.000Z', '{}')`,
      )
      .run();
    const writer = startWriter(
      (port) =>
        new Worker(join(root, 'out', 'main', 'writer.js'), {
          workerData: { port },
          transferList: [port],
        }),
    );
    try {
      const message = {
        _id: 'm1',
        threadId: 't1',
        direction: 'inbound' as const,
        from: { email: 'ann@example.com', name: 'Ann Lee' },
        to: [{ email: 'rep@example.com', name: 'Rep' }],
        subject: 'Re: Quick question',
        bodyHtml: '<p>Happy to talk on Tuesday.</p>',
        bodyText: 'Happy to talk on Tuesday.',
        emailAccountId: 'e1',
        sentAt: '2026-11-20T09:00:00.000Z',
      };
      const out = await writer.write(file, 'messages', {
        batch: [{ id: 't1', at: '2026-11-20T09:00:00.000Z', messages: [message] }],
        initialDone: true,
      });
      expect(out).toEqual({ newReplies: ['t1'] });
      await writer.release(file);
      expect(
        store.db.prepare(`SELECT snippet, message_count, unread FROM threads WHERE id = 't1'`).get(),
      ).toEqual({
        snippet: 'Happy to talk on Tuesday.',
        message_count: 1,
        unread: 1,
      });
    } finally {
      await writer.close();
      store.close();
    }
  });
});

describe("built main: the searchers' threads", () => {
  it("searches two stores side by side from the file built beside the core, as the core's thread would", async () => {
    const files = ['one', 'two'].map((name) => join(userData, 'searcher-check', `${name}.sqlite`));
    const stores = files.map((file) => openStore(file));
    stores.forEach((store, i) =>
      store.db
        .prepare(
          `INSERT INTO threads (id, status, server_status, prospect_id, prospect_email, prospect_first, prospect_last,
             company, campaign_id, email_account_id, last_message_at, created_at, raw)
           VALUES (?, 'open', 'open', 'p1', 'ann@example.com', 'Ann', 'Lee', 'Acme', 'c1', 'e1', ?, '2026-11-19T09:00:00.000Z', '{}')`,
        )
        .run(`t${i + 1}`, `2026-11-2${i}T09:00:00.000Z`),
    );
    const searcher = startSearchers(
      (port) =>
        new Worker(join(root, 'out', 'main', 'searcher.js'), {
          workerData: { port },
          transferList: [port],
        }),
      2,
    );
    try {
      const found = await searcher.search(
        files.map((file, i) => ({ file, opening: i + 1 })),
        'Acme',
        10,
      );
      expect(found?.map((m) => m.threads.map((t) => t.id))).toEqual([['t1'], ['t2']]);
      expect(found?.map((m) => m.threads.map((t) => t.id))).toEqual(
        stores.map((s) =>
          createThreadsRepo(s.db)
            .search('Acme', 10)
            .map((t) => t.id),
        ),
      );
    } finally {
      await searcher.close();
      for (const s of stores) s.close();
    }
  });
});
