#!/usr/bin/env node
// `npm run package`: build the installers (electron-builder.yml: fuses, asar, the Electron build
// of better-sqlite3). electron-builder downloads Electron for each target and native.mjs fetches
// Electron's headers or a prebuilt binding, so first check the release server answers: without
// network access this stops at once with a clear message instead of failing deep in a download.
//
// Updates: `npm run package -- --update-url https://updates.example.com/outreach-triage/` (or
// TRIAGE_UPDATE_URL) sets electron-builder's `publish` to that generic feed, so the app carries
// resources/app-update.yml and looks there for new versions; dist/ then also holds latest-*.yml,
// to upload beside the installers. Without a URL the build names no feed and its updates are off
// (Settings says so).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const version = JSON.parse(readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8')).version;
const probe = `https://github.com/electron/electron/releases/download/v${version}/SHASUMS256.txt`;

async function reachable(url) {
  try {
    const res = await fetch(url, { method: 'HEAD', redirect: 'follow', signal: AbortSignal.timeout(10_000) });
    return res.ok;
  } catch {
    return false;
  }
}

function run(label, args) {
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`package: ${label} failed.`);
    process.exit(result.status ?? 1);
  }
}

/** The feed URL asked for, checked: https, or http only to this computer (a test feed). */
function updateFeed(argv) {
  const i = argv.indexOf('--update-url');
  const given = i >= 0 ? argv[i + 1] : process.env.TRIAGE_UPDATE_URL;
  const rest = i >= 0 ? [...argv.slice(0, i), ...argv.slice(i + 2)] : argv;
  if (!given) return { url: null, rest };
  let url;
  try {
    url = new URL(given);
  } catch {
    console.error(`package: --update-url "${given}" is not a URL.`);
    process.exit(2);
  }
  const local = url.hostname === '127.0.0.1' || url.hostname === 'localhost';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) {
    console.error('package: the update feed must be https (http only for this computer).');
    process.exit(2);
  }
  return { url: url.href.endsWith('/') ? url.href : `${url.href}/`, rest };
}
const feed = updateFeed(process.argv.slice(2));

if (!(await reachable(probe))) {
  console.error(
    `package: cannot reach Electron's release server (${new URL(probe).host}), so Electron ${version} ` +
      'cannot be downloaded for the installers. Run `npm run package` on a machine with network access; ' +
      'docs/desktop.md (Release checklist) lists what to try on the built app before shipping it.',
  );
  process.exit(2);
}
run('electron-vite build', [join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build']);
run('building better-sqlite3 for Electron', [join(root, 'scripts/native.mjs'), 'electron']);
console.log(
  feed.url
    ? `package: updates from ${feed.url}`
    : 'package: no update feed named; updates are off in this build.',
);
const publish = feed.url ? ['-c.publish.provider=generic', `-c.publish.url=${feed.url}`] : [];
// --publish never: the generic feed is uploaded by hand (dist/latest-*.yml and the installers).
run('electron-builder', [
  join(root, 'node_modules/electron-builder/cli.js'),
  ...publish,
  '--publish',
  'never',
  ...feed.rest,
]);
