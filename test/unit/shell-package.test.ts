// What the installers are built with (electron-builder.yml), read as electron-builder reads it:
// the fuses a signed app ships with, and the files the utility process and preload need.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// electron-builder's own YAML parser (a dependency of it), so the file is read the same way.
const yaml = createRequire(import.meta.url)('js-yaml') as { load(text: string): unknown };
const config = yaml.load(readFileSync('electron-builder.yml', 'utf8')) as {
  electronFuses?: Record<string, boolean>;
  files?: string[];
  asar?: boolean;
  asarUnpack?: string[];
  linux?: { syncDesktopName?: boolean };
  publish?: unknown;
};
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { name: string; desktopName?: string };

describe('packaged app: fuses', () => {
  const fuses = config.electronFuses ?? {};
  it('cannot be run as plain Node, by ELECTRON_RUN_AS_NODE, NODE_OPTIONS or --inspect', () => {
    expect(fuses.runAsNode).toBe(false);
    expect(fuses.enableNodeOptionsEnvironmentVariable).toBe(false);
    expect(fuses.enableNodeCliInspectArguments).toBe(false);
  });
  it('encrypts cookies and loads the app only from its checked asar archive', () => {
    expect(fuses.enableCookieEncryption).toBe(true);
    expect(fuses.enableEmbeddedAsarIntegrityValidation).toBe(true);
    expect(fuses.onlyLoadAppFromAsar).toBe(true);
  });
  it('gives file:// no extra privileges (the page is served from app://)', () => {
    expect(fuses.grantFileProtocolExtraPrivileges).toBe(false);
  });
});

describe('packaged app: contents', () => {
  it('packs the built main, core entry, preload and renderer inside the asar', () => {
    expect(config.asar).not.toBe(false);
    expect(config.files).toContain('out/**');
  });
  it('unpacks the native modules, which cannot load from inside an archive', () => {
    expect(config.asarUnpack).toEqual(expect.arrayContaining(['**/*.node']));
  });
});

describe('packaged app: Linux desktop entry', () => {
  // Since Electron 44 the unread badge reaches a Linux dock only through its LauncherEntry API,
  // which finds the app by the .desktop file named like the window's desktop name.
  it('installs its .desktop file under the name Electron gives the window', () => {
    expect(pkg.desktopName).toBe(`${pkg.name}.desktop`);
    expect(config.linux?.syncDesktopName).toBe(true);
  });
});

describe('packaged app: updates', () => {
  // The feed is named per build (`npm run package -- --update-url URL`); a build without one
  // carries no app-update.yml, and its Settings say updates are off.
  it('names no update feed by default', () => {
    expect(config.publish).toBeUndefined();
  });
});
