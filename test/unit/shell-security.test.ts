// Electron's security checklist, item by item, against the plain functions main wires in.
import { describe, expect, it } from 'vitest';
import {
  baseUrlProblem,
  contentSecurityPolicy,
  isAllowedExternalUrl,
  isLoopbackHost,
  isOwnPage,
  parseCsp,
  permissionDecision,
  shouldAllowNavigation,
  windowOpenDecision,
} from '../../electron/shared/security';
import { windowOptions } from '../../electron/main/window-options';
import { fitBounds } from '../../electron/main/window-state';
import { menuTemplate } from '../../electron/main/menu';
import { MENU_COMMANDS, type MenuCommand } from '../../electron/shared/contract';
import type { MenuItemConstructorOptions } from 'electron';

const PAGE = 'file:///opt/Outreach%20Triage/resources/app.asar/out/renderer/index.html';
const prefs = windowOptions({ preload: '/app/out/preload/index.cjs' }).webPreferences!;

describe('window options (Electron security checklist)', () => {
  it('isolates the page context from the preload', () => expect(prefs.contextIsolation).toBe(true));
  it('runs the renderer in the OS sandbox', () => expect(prefs.sandbox).toBe(true));
  it('gives the page no Node.js, in workers or subframes either', () => {
    expect(prefs.nodeIntegration).toBe(false);
    expect(prefs.nodeIntegrationInWorker).toBe(false);
    expect(prefs.nodeIntegrationInSubFrames).toBe(false);
  });
  it('keeps web security on', () => expect(prefs.webSecurity).toBe(true));
  it('does not run insecure content', () => expect(prefs.allowRunningInsecureContent).toBe(false));
  it('enables no experimental features', () => {
    expect(prefs.experimentalFeatures).toBe(false);
    expect(prefs).not.toHaveProperty('enableBlinkFeatures');
  });
  it('allows no <webview>', () => expect(prefs.webviewTag).toBe(false));
  it('loads the CommonJS preload build', () => expect(prefs.preload).toMatch(/index\.cjs$/));
});

describe('content security policy', () => {
  const csp = parseCsp(contentSecurityPolicy());
  const scripts = csp.get('script-src') ?? csp.get('default-src') ?? [];

  it('allows scripts only from the app itself: no inline, no eval, nothing remote', () => {
    expect(scripts).toEqual(["'self'"]);
    expect(contentSecurityPolicy()).not.toMatch(/unsafe-eval|wasm-unsafe-eval/);
    expect(scripts.join(' ')).not.toMatch(/unsafe-inline|https?:|\*|data:|blob:/);
  });
  it('denies by default, and blocks plugins, base rewriting, forms and framing of the app', () => {
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('form-action')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  });
  it('lets the page talk only to its own origin', () => expect(csp.get('connect-src')).toEqual(["'self'"]));
  it('opens the dev server websocket only in development', () => {
    expect(parseCsp(contentSecurityPolicy({ dev: true })).get('connect-src')).toContain('ws://localhost:*');
    expect(parseCsp(contentSecurityPolicy({ dev: true })).get('script-src')).toEqual(["'self'"]);
  });
});

describe('navigation, new windows, permissions, external links', () => {
  it('denies navigating anywhere but the app page', () => {
    expect(shouldAllowNavigation('https://evil.example/', PAGE)).toBe(false);
    expect(shouldAllowNavigation('file:///etc/passwd', PAGE)).toBe(false);
    expect(shouldAllowNavigation('javascript:alert(1)', PAGE)).toBe(false);
    expect(shouldAllowNavigation('not a url', PAGE)).toBe(false);
    expect(shouldAllowNavigation(`${PAGE}#/inbox`, PAGE)).toBe(true);
    expect(shouldAllowNavigation('http://localhost:5173/other', 'http://localhost:5173/')).toBe(false);
  });
  it('accepts calls only from the app page', () => {
    expect(isOwnPage(PAGE, PAGE)).toBe(true);
    expect(isOwnPage('about:srcdoc', PAGE)).toBe(false);
    expect(isOwnPage('https://evil.example/', PAGE)).toBe(false);
  });
  it('denies every window.open', () => expect(windowOpenDecision()).toEqual({ action: 'deny' }));
  it('denies every permission request', () => {
    for (const p of [
      'media',
      'geolocation',
      'notifications',
      'clipboard-read',
      'openExternal',
      'fullscreen',
      'hid',
    ]) {
      expect(permissionDecision(p)).toBe(false);
    }
  });
  it('opens only http and https links, without credentials', () => {
    expect(isAllowedExternalUrl('https://example.com/a?b=c')).toBe(true);
    expect(isAllowedExternalUrl('http://example.com')).toBe(true);
    for (const bad of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'data:text/html,<script>1</script>',
      'smb://server/share',
      'mailto:a@b.c',
      'ms-msdt:/id',
      'https://user:pw@example.com/',
      '//example.com',
      '',
      'https://' + 'a'.repeat(9000) + '.com',
    ]) {
      expect(isAllowedExternalUrl(bad), bad.slice(0, 40)).toBe(false);
    }
    expect(isAllowedExternalUrl(42)).toBe(false);
  });
});

describe('account base URLs', () => {
  it('requires https except on this computer', () => {
    expect(baseUrlProblem('https://api.example.com/v1')).toBeNull();
    expect(baseUrlProblem('http://127.0.0.1:4010/v1')).toBeNull();
    expect(baseUrlProblem('http://localhost:4010')).toBeNull();
    expect(baseUrlProblem('http://[::1]:4010')).toBeNull();
    expect(baseUrlProblem('http://api.example.com/v1')).toMatch(/https/);
    expect(baseUrlProblem('http://127.0.0.1.evil.com/')).toMatch(/https/);
    expect(baseUrlProblem('ftp://example.com')).toMatch(/web address/);
    expect(baseUrlProblem('https://u:p@example.com')).toMatch(/password/);
  });
  it('knows loopback hosts', () => {
    expect(isLoopbackHost('127.0.0.1')).toBe(true);
    expect(isLoopbackHost('127.255.0.9')).toBe(true);
    expect(isLoopbackHost('[::1]')).toBe(true);
    expect(isLoopbackHost('127.0.0.256')).toBe(false);
    expect(isLoopbackHost('10.0.0.1')).toBe(false);
    expect(isLoopbackHost('localhost.evil.com')).toBe(false);
  });
});

describe('window state and menu', () => {
  const screen = [{ x: 0, y: 0, width: 1920, height: 1080 }];
  it('restores a saved window that is on a screen', () => {
    expect(fitBounds({ x: 100, y: 50, width: 1000, height: 700 }, screen)).toEqual({
      x: 100,
      y: 50,
      width: 1000,
      height: 700,
    });
  });
  it('keeps the size but drops a position no screen shows any more', () => {
    expect(fitBounds({ x: 5000, y: 50, width: 1000, height: 700 }, screen)).toEqual({
      width: 1000,
      height: 700,
    });
  });
  it('sends keymap commands from the menu and registers no accelerator of its own', () => {
    const sent: MenuCommand[] = [];
    const template = menuTemplate({ isMac: false, isDev: false, send: (c) => sent.push(c) });
    const items: MenuItemConstructorOptions[] = [];
    const walk = (list: MenuItemConstructorOptions[]): void => {
      for (const item of list) {
        items.push(item);
        if (Array.isArray(item.submenu)) walk(item.submenu);
      }
    };
    walk(template);
    for (const item of items) {
      if (item.click) (item.click as () => void)();
      if (item.accelerator) expect(item.registerAccelerator).toBe(false);
    }
    expect(sent.length).toBeGreaterThan(5);
    for (const c of sent) expect(MENU_COMMANDS).toContain(c);
    expect(items.some((i) => i.role === 'toggleDevTools')).toBe(false);
  });
});
