#!/usr/bin/env node
// `npm start`: make sure the Electron binary and the Electron build of better-sqlite3 exist, build
// the app, and open it. With no account yet, the app opens on the demo workspace.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const electronDir = join(root, 'node_modules/electron');

function run(label, command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`start: ${label} failed${result.error ? `: ${result.error.message}` : ''}.`);
    process.exit(result.status ?? 1);
  }
}

/** The Electron binary, downloading it first: since Electron 42 its npm package has no install script and
 *  fetches the binary on first use (its `install-electron` command, node_modules/electron/install.js). */
function electronBinary() {
  const pathFile = join(electronDir, 'path.txt');
  const binary = () => join(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  if (existsSync(pathFile) && existsSync(binary())) return binary();
  console.log(
    'start: the Electron binary is not installed yet; downloading it (node node_modules/electron/install.js)…',
  );
  const result = spawnSync(process.execPath, [join(electronDir, 'install.js')], {
    cwd: electronDir,
    stdio: 'inherit',
  });
  if (result.status !== 0 || !existsSync(pathFile) || !existsSync(binary())) {
    console.error(
      'start: could not download the Electron binary (no network access to its release server?). ' +
        'Run `node node_modules/electron/install.js` on a connected machine, or use `npm run web` to use the app in a browser.',
    );
    process.exit(1);
  }
  return binary();
}

const electron = electronBinary();
run('building better-sqlite3 for Electron', process.execPath, [join(root, 'scripts/native.mjs'), 'electron']);
run('electron-vite build', process.execPath, [
  join(root, 'node_modules/electron-vite/bin/electron-vite.js'),
  'build',
]);

const env = { ...process.env };
delete env.ELECTRON_RUN_AS_NODE;
const app = spawnSync(electron, [root, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit', env });
process.exit(app.status ?? (app.signal ? 1 : 0));
