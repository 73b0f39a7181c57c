// Updates through the real electron-updater, under plain Node: the library's own DebUpdater with
// `electron` resolved to the stand-in (its app for the version and paths, its net.request over
// Node's HTTP client), a feed served by a local node:http server in electron-builder's format
// (latest-linux.yml beside the installer), and the app's flow (electron/main/updates/flow.ts)
// driving it through the same wrapper main uses (port.ts). Only the last step, the OS installing
// the package (doInstall: sudo dpkg), is replaced by a recorder.
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import Module, { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppUpdater } from 'electron-updater';
import type { UpdateStatus } from '../../electron/shared/contract-updates';
import { FAILURE_WORDS } from '../../electron/shared/update-words';
import { createUpdateFlow, type UpdateFlow } from '../../electron/main/updates/flow';
import { portOf } from '../../electron/main/updates/port';

const require = createRequire(import.meta.url);
const standInFile = resolve('test/fixtures/electron-stand-in/electron.mjs');

// `require('electron')` inside electron-updater gets the stand-in (this file runs in a process of
// its own: the forks pool isolates every test file).
type Resolve = (request: string, ...rest: unknown[]) => string;
const moduleWithResolve = Module as unknown as { _resolveFilename: Resolve };
const originalResolve = moduleWithResolve._resolveFilename;
moduleWithResolve._resolveFilename = function (request, ...rest) {
  return request === 'electron' ? standInFile : originalResolve.call(this, request, ...rest);
};

interface StandIn {
  app: { isPackaged: boolean; emit(event: string, ...args: unknown[]): boolean; becomeReady(): void };
  record: {
    version: string;
    userData: string;
    quitCalls: number;
    netRequests: { url: string; session: string | null }[];
  };
}
const electron = require(standInFile) as StandIn;
const { DebUpdater } = require('electron-updater') as { DebUpdater: new () => AppUpdater };

const root = mkdtempSync(join(tmpdir(), 'triage-updates-'));
const resources = join(root, 'resources');
const cache = join(root, 'cache');
const CACHE_DIR = 'outreach-triage-updater';
const DEB = 'outreach-triage_0.2.0_amd64.deb';
const debBytes = Buffer.from('the 0.2.0 package '.repeat(20_000));
const sha512 = (b: Buffer | string): string => createHash('sha512').update(b).digest('base64');

/** A latest-linux.yml as electron-builder writes it. */
function feed(version: string, hash = sha512(debBytes)): string {
  return [
    `version: ${version}`,
    'files:',
    `  - url: ${DEB}`,
    `    sha512: ${hash}`,
    `    size: ${debBytes.length}`,
    `path: ${DEB}`,
    `sha512: ${hash}`,
    "releaseDate: '2026-11-27T09:00:00.000Z'",
    '',
  ].join('\n');
}

let server: Server;
let feedUrl = '';
let latestYml = '';
const served: string[] = [];

/** The feed app-update.yml names, as electron-builder writes it into the app's resources. */
function useFeed(url: string): void {
  writeFileSync(
    join(resources, 'app-update.yml'),
    `provider: generic\nurl: ${url}\nupdaterCacheDirName: ${CACHE_DIR}\n`,
  );
}

interface Run {
  flow: UpdateFlow;
  updater: AppUpdater;
  seen: UpdateStatus[];
  logged: string[];
  installed: unknown[];
}

function start(): Run {
  const updater = new DebUpdater();
  updater.logger = null;
  const installed: unknown[] = [];
  // The OS step alone (sudo dpkg -i): recorded, never run.
  (updater as unknown as { doInstall(o: unknown): boolean }).doInstall = (options) => {
    installed.push(options);
    return true;
  };
  const seen: UpdateStatus[] = [];
  const logged: string[] = [];
  const flow = createUpdateFlow({
    version: '0.1.0',
    off: null,
    port: portOf(updater),
    automatic: false,
    log: (level, message) => void logged.push(`${level}: ${message}`),
    onChange: (s) => void seen.push(s),
  });
  return { flow, updater, seen, logged, installed };
}

const pending = (): string[] => {
  const dir = join(cache, CACHE_DIR, 'pending');
  return existsSync(dir) ? readdirSync(dir) : [];
};

beforeAll(async () => {
  mkdirSync(resources, { recursive: true });
  process.env.XDG_CACHE_HOME = cache;
  (process as unknown as { resourcesPath: string }).resourcesPath = resources;
  electron.app.isPackaged = true;
  electron.app.becomeReady();
  electron.record.version = '0.1.0';
  electron.record.userData = join(root, 'userData');
  server = createServer((req, res) => {
    served.push(req.url!.split('?')[0]!);
    if (req.url!.startsWith('/latest-linux.yml')) return void res.end(latestYml);
    if (req.url!.startsWith(`/${DEB}`)) {
      res.setHeader('content-length', debBytes.length);
      return void res.end(debBytes);
    }
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  feedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterEach(() => {
  served.length = 0;
  electron.record.netRequests.length = 0;
  rmSync(join(cache, CACHE_DIR), { recursive: true, force: true });
});

afterAll(async () => {
  moduleWithResolve._resolveFilename = originalResolve;
  await new Promise((done) => server.close(done));
  rmSync(root, { recursive: true, force: true });
});

describe('updates from a generic feed', () => {
  it('finds a newer version, downloads it in the background, checks its sha512, and offers the restart', async () => {
    useFeed(feedUrl);
    latestYml = feed('0.2.0');
    const run = start();
    const after = await run.flow.check();

    expect(after.phase).toBe('ready');
    expect(after.nextVersion).toBe('0.2.0');
    expect(after.words).toBe('Version 0.2.0 is downloaded and checked. It installs when the app restarts.');
    expect(after.lastCheckedAt).not.toBeNull();
    expect(run.seen.map((s) => s.phase)).toEqual(
      expect.arrayContaining(['checking', 'downloading', 'ready']),
    );
    expect(served).toEqual(['/latest-linux.yml', `/${DEB}`]);
    // Through Electron's network stack (the stand-in's net), in the updater's own session.
    expect(electron.record.netRequests.every((r) => r.session === 'electron-updater')).toBe(true);
    // The file waiting for the restart is the one the feed describes.
    const waiting = pending().filter((f) => f.endsWith('.deb'));
    expect(waiting).toHaveLength(1);
    expect(sha512(readFileSync(join(cache, CACHE_DIR, 'pending', waiting[0]!)))).toBe(sha512(debBytes));

    // "Restart to update": the library installs that file and the app quits into it.
    expect(run.installed).toHaveLength(0);
    const quits = electron.record.quitCalls;
    run.flow.install();
    expect(run.installed).toHaveLength(1);
    await new Promise((done) => setImmediate(done));
    expect(electron.record.quitCalls).toBe(quits + 1);
  });

  it('says this version is the newest when the feed names the same one, and downloads nothing', async () => {
    useFeed(feedUrl);
    latestYml = feed('0.1.0');
    const run = start();
    const after = await run.flow.check();
    expect(after.phase).toBe('idle');
    expect(after.words).toBe('Version 0.1.0 is the newest. Automatic checks are off: use Check now.');
    expect(after.lastCheckedAt).not.toBeNull();
    expect(served).toEqual(['/latest-linux.yml']);
    run.flow.install();
    expect(run.installed).toHaveLength(0);
  });

  it('refuses a download whose sha512 does not match the feed: nothing installs, now or on quit', async () => {
    useFeed(feedUrl);
    latestYml = feed('0.2.0', sha512('some other file'));
    const run = start();
    const after = await run.flow.check();
    expect(after.phase).toBe('failed');
    expect(after.words).toBe(`${FAILURE_WORDS.checksum} Use Check now to try again.`);
    expect(run.logged.some((l) => l.startsWith('error: update download failed (checksum)'))).toBe(true);
    expect(served).toEqual(['/latest-linux.yml', `/${DEB}`]);
    expect(pending().filter((f) => f.endsWith('.deb'))).toEqual([]);
    run.flow.install();
    electron.app.emit('quit', {}, 0);
    expect(run.installed).toHaveLength(0);
  });

  it('says a malformed feed could not be read, and downloads nothing', async () => {
    useFeed(feedUrl);
    latestYml = 'version: [0.2.0\nfiles: {{{';
    const run = start();
    const after = await run.flow.check();
    expect(after.phase).toBe('failed');
    expect(after.words).toBe(`${FAILURE_WORDS.feed} Use Check now to try again.`);
    expect(served).toEqual(['/latest-linux.yml']);
    run.flow.install();
    expect(run.installed).toHaveLength(0);
  });

  it('says the server could not be reached when nothing answers at the feed', async () => {
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((done) => closed.close(done));
    useFeed(`http://127.0.0.1:${port}/`);
    const run = start();
    const after = await run.flow.check();
    expect(after.phase).toBe('failed');
    expect(after.words).toBe(`${FAILURE_WORDS.unreachable} Use Check now to try again.`);
    expect(after.lastCheckedAt).not.toBeNull();
    expect(run.installed).toHaveLength(0);
  });

  it('asks the feed once when checks overlap (a timer and the button), and both see the same outcome', async () => {
    useFeed(feedUrl);
    latestYml = feed('0.2.0');
    const run = start();
    const [a, b] = await Promise.all([run.flow.check(), run.flow.check()]);
    const c = await run.flow.check();
    expect(a).toEqual(b);
    expect(c.phase).toBe('ready');
    expect(served.filter((u) => u === '/latest-linux.yml')).toHaveLength(1);
    expect(served.filter((u) => u === `/${DEB}`)).toHaveLength(1);
  });
});
