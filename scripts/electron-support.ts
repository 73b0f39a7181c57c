// Is the Electron in package.json still supported? Electron fixes security bugs (Chromium's
// among them, the engine that draws prospects' mail) in its latest three majors only, so a major
// older than the registry's latest minus two ships a window that no longer gets them.
// `npx tsx scripts/electron-support.ts` prints the verdict; test/unit/electron-support.test.ts
// runs the same check in `npm test`.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Electron's support window: the latest major and the two before it. */
export const SUPPORTED_MAJORS = 3;

/** The lowest major a version range of package.json allows ("^45.5.0" → 45), or null. */
export function lowestMajor(range: string): number | null {
  const m = /(\d+)(?:\.\d+){0,2}/.exec(range.trim());
  return m ? Number(m[1]) : null;
}

export type Verdict = { ok: true; words: string } | { ok: false; words: string };

/** The verdict for the range package.json names against the registry's latest version (null:
 *  the registry could not be asked). */
export function supportVerdict(range: string, latest: string | null): Verdict {
  const ours = lowestMajor(range);
  if (ours === null)
    return { ok: false, words: `package.json names Electron "${range}", which has no major.` };
  if (latest === null) {
    return {
      ok: true,
      words: `Could not look up the latest Electron (registry unreachable); package.json names ${ours}.`,
    };
  }
  const newest = lowestMajor(latest);
  if (newest === null) return { ok: true, words: `The registry answered "${latest}", which has no major.` };
  const oldest = newest - (SUPPORTED_MAJORS - 1);
  if (ours < oldest) {
    return {
      ok: false,
      words:
        `Electron ${ours} is out of support: the registry's latest is ${latest}, and only ` +
        `${oldest} to ${newest} get security fixes. Move package.json to Electron ${newest}.`,
    };
  }
  return {
    ok: true,
    words: `Electron ${ours} is supported (latest ${latest}; supported ${oldest}-${newest}).`,
  };
}

/** The registry's latest Electron through npm itself, or null when it does not answer within
 *  `timeoutMs` (offline, a proxy that holds the request). */
export function registryLatest(timeoutMs = 8000): Promise<string | null> {
  return new Promise((resolve) => {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const child = spawn(
      npm,
      ['view', 'electron', 'version', '--fetch-retries=0', `--fetch-timeout=${timeoutMs}`],
      { stdio: ['ignore', 'pipe', 'ignore'], shell: process.platform === 'win32' },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const timer = setTimeout(() => {
      child.kill();
      resolve(null);
    }, timeoutMs);
    child.on('error', () => {
      clearTimeout(timer);
      resolve(null);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      const version = out.trim();
      resolve(code === 0 && /^\d+\.\d+\.\d+/.test(version) ? version : null);
    });
  });
}

/** The range package.json names for Electron. */
export function electronRange(packageJson = 'package.json'): string {
  const pkg = JSON.parse(readFileSync(packageJson, 'utf8')) as {
    devDependencies?: Record<string, string>;
    dependencies?: Record<string, string>;
  };
  return pkg.devDependencies?.electron ?? pkg.dependencies?.electron ?? '';
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const verdict = supportVerdict(electronRange(), await registryLatest());
  console.log(verdict.words);
  process.exit(verdict.ok ? 0 : 1);
}
