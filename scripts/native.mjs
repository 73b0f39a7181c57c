#!/usr/bin/env node
// Native modules for two runtimes. node_modules/better-sqlite3 stays built for Node (tests, the
// sandbox, the web bridge); `node scripts/native.mjs electron` builds a second copy of its binding
// for the installed Electron into node_modules/.cache/outreach-triage/, which main passes to
// better-sqlite3 as `nativeBinding` in development. Packaged builds get theirs from electron-builder
// (npmRebuild). keytar uses N-API and serves both runtimes as it is. Never part of npm install/test.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, copyFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'package.json'));

export function electronVersion() {
  return JSON.parse(readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8')).version;
}

export function electronBindingPath(version = electronVersion()) {
  return join(
    root,
    'node_modules/.cache/outreach-triage',
    `better_sqlite3-electron-${version}-${process.platform}-${process.arch}.node`,
  );
}

function fail(message) {
  console.error(`native: ${message}`);
  process.exit(1);
}

function buildForElectron() {
  const version = electronVersion();
  const target = electronBindingPath(version);
  if (existsSync(target)) {
    console.log(`native: Electron ${version} build of better-sqlite3 already present: ${target}`);
    return;
  }
  const work = mkdtempSync(join(tmpdir(), 'outreach-triage-native-'));
  try {
    const pkgDir = dirname(require.resolve('better-sqlite3/package.json'));
    const copy = join(work, 'better-sqlite3');
    // Copy the package (without its Node build) so node_modules keeps the Node binding untouched.
    cpSync(pkgDir, copy, { recursive: true, filter: (src) => !src.startsWith(join(pkgDir, 'build')) });
    const env = { ...process.env };
    // This machine's npmrc points node-gyp at Node's own headers (nodedir=/usr): that would build
    // against Node, not Electron. Remove it in every spelling npm and node-gyp read.
    for (const key of Object.keys(env)) {
      if (key.toLowerCase() === 'npm_config_nodedir') delete env[key];
    }
    // First the way better-sqlite3's own install does it: a prebuilt binary for this Electron, so a
    // laptop without a compiler still gets one; node-gyp from source when none can be fetched.
    const prebuilt = spawnSync(
      process.execPath,
      [
        require.resolve('prebuild-install/bin.js'),
        '--runtime=electron',
        `--target=${version}`,
        `--arch=${process.arch}`,
        `--platform=${process.platform}`,
      ],
      { cwd: copy, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
    if (prebuilt.status === 0 && existsSync(join(copy, 'build/Release/better_sqlite3.node'))) {
      mkdirSync(dirname(target), { recursive: true });
      copyFileSync(join(copy, 'build/Release/better_sqlite3.node'), target);
      console.log(`native: fetched the prebuilt Electron ${version} binding: ${target}`);
      return;
    }
    const nodeGyp = require.resolve('node-gyp/bin/node-gyp.js');
    const devdir = join(root, 'node_modules/.cache/outreach-triage/node-gyp');
    console.log(
      `native: building better-sqlite3 for Electron ${version} (${process.platform}-${process.arch})…`,
    );
    const result = spawnSync(
      process.execPath,
      [
        nodeGyp,
        'rebuild',
        '--release',
        '--runtime=electron',
        `--target=${version}`,
        '--dist-url=https://electronjs.org/headers',
        `--devdir=${devdir}`,
        `--arch=${process.arch}`,
      ],
      { cwd: copy, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const output = `${result.stdout ?? ''}\n${result.stderr ?? ''}`;
    if (result.status !== 0) {
      const headers =
        /(network connectivity|proxy|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|getaddrinfo|headers\.tar)/i;
      if (headers.test(output)) {
        fail(
          `could not build better-sqlite3 for Electron ${version}: Electron's headers could not be downloaded ` +
            `from https://electronjs.org/headers (no network access to it). Run this again on a machine that can ` +
            `reach it; tests and the web bridge do not need it.\n${output.trim().split('\n').slice(-8).join('\n')}`,
        );
      }
      fail(
        `node-gyp failed to build better-sqlite3 for Electron ${version}:\n${output.trim().split('\n').slice(-20).join('\n')}`,
      );
    }
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(join(copy, 'build/Release/better_sqlite3.node'), target);
    console.log(`native: wrote ${target}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const runtime = process.argv[2];
  if (runtime === 'electron') buildForElectron();
  else if (runtime === 'node' || runtime === undefined) {
    console.log('native: node_modules/better-sqlite3 is built for Node by npm install; nothing to do.');
  } else fail(`unknown runtime "${runtime}" (use: electron)`);
}
