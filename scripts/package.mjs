#!/usr/bin/env node
// `npm run package`: build the installers (electron-builder.yml: fuses, asar, the Electron build
// of better-sqlite3). electron-builder downloads Electron for each target and native.mjs fetches
// Electron's headers or a prebuilt binding, so first check the release server answers: without
// network access this stops at once with a clear message instead of failing deep in a download.
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
run('electron-builder', [join(root, 'node_modules/electron-builder/cli.js'), ...process.argv.slice(2)]);
