// `npm run build` emits the three bundles Electron needs: main, a CommonJS preload (a sandboxed
// preload cannot load ES modules) and the renderer, whose index.html carries the app's CSP.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../electron/shared/security';

const out = mkdtempSync(join(tmpdir(), 'triage-build-'));
let log = '';

beforeAll(() => {
  const result = spawnSync(process.execPath, ['node_modules/electron-vite/bin/electron-vite.js', 'build'], {
    env: { ...process.env, TRIAGE_OUT_DIR: out },
    encoding: 'utf8',
  });
  log = `${result.stdout}\n${result.stderr}`;
  if (result.status !== 0) throw new Error(`build failed:\n${log.slice(-3000)}`);
}, 300_000);
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('build', () => {
  it('emits the main process bundle', () => {
    expect(existsSync(join(out, 'main', 'index.js'))).toBe(true);
    expect(readFileSync(join(out, 'main', 'index.js'), 'utf8')).toContain('triage:invoke');
  });

  it('emits a CommonJS preload with no import statement', () => {
    const preload = readFileSync(join(out, 'preload', 'index.cjs'), 'utf8');
    expect(preload).toMatch(/require\(["']electron["']\)/);
    expect(preload).not.toMatch(/^\s*import[\s{*'"]/m);
    expect(preload).not.toMatch(/\bimport\s*\(/);
    expect(preload).not.toMatch(/^\s*export\s/m);
  });

  it('emits the renderer with the CSP meta tag from the one policy function, once', () => {
    const html = readFileSync(join(out, 'renderer', 'index.html'), 'utf8');
    const metas = html.match(/<meta[^>]+http-equiv=["']Content-Security-Policy["'][^>]*>/gi) ?? [];
    expect(metas).toHaveLength(1);
    const content = /content="([^"]*)"/.exec(metas[0]!)?.[1] ?? '';
    const decoded = content
      .replace(/&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&');
    expect(decoded).toBe(contentSecurityPolicy());
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/i);
    expect(readdirSync(join(out, 'renderer', 'assets')).some((f) => f.endsWith('.js'))).toBe(true);
  });

  it('ships the page without the validation library (it takes only types from the contract)', () => {
    const assets = join(out, 'renderer', 'assets');
    const scripts = readdirSync(assets).filter((f) => f.endsWith('.js'));
    const code = scripts.map((f) => readFileSync(join(assets, f), 'utf8')).join('\n');
    expect(code).toContain('window.triage');
    // Every zod schema class is named $Zod…, and its checks report `invalid_type`.
    expect(code).not.toMatch(/\$Zod[A-Z]|invalid_type/);
  });
});
