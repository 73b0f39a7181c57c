// The Electron main process, kept thin: one window served from app://, the security policies from
// ../security.ts wired into Electron, and the core (createApp + the contract's dispatcher) in a
// utilityProcess behind a MessagePort. Main only checks who calls and forwards: calls on one IPC
// channel, events on another.
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  screen,
  session,
  shell,
  type WebContents,
} from 'electron';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Events } from '../shared/contract';
import type { CoreClient } from '../core/host/remote';
import { badgeFromTitle, notifyReplies } from './announce';
import {
  APP_PAGE_URL,
  contentSecurityPolicy,
  isAllowedExternalUrl,
  isOwnPage,
  permissionDecision,
  shouldAllowNavigation,
  windowOpenDecision,
} from '../shared/security';
import { registerAppScheme, serveAppScheme } from './app-protocol';
import { startCoreProcess } from './core-process';
import { menuTemplate } from './menu';
import { startUpdates } from './updates/index';
import { windowOptions } from './window-options';
import { fitBounds, loadWindowState, saveWindowState } from './window-state';

const here = fileURLToPath(new URL('.', import.meta.url));
// `npm run dev`: the page comes from electron-vite's dev server; otherwise from app://.
const devServer = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined;
const pageUrl = devServer ?? APP_PAGE_URL;
const isDev = Boolean(devServer);

let core: CoreClient | null = null;
let win: BrowserWindow | null = null;

/** The Electron build of better-sqlite3 made by `scripts/native.mjs electron`: in node_modules'
 *  cache while developing, among the app's resources once packaged (electron-builder.yml). */
function electronNativeBinding(): string | undefined {
  const { arch, platform, versions } = process;
  const name = `better_sqlite3-electron-${versions.electron}-${platform}-${arch}.node`;
  const file = app.isPackaged
    ? join(process.resourcesPath, 'native', name)
    : join(app.getAppPath(), 'node_modules/.cache/outreach-triage', name);
  return existsSync(file) ? file : undefined;
}

async function confirmAndOpen(url: string): Promise<boolean> {
  if (!isAllowedExternalUrl(url)) return false;
  const options = {
    type: 'question' as const,
    buttons: ['Open Link', 'Cancel'],
    defaultId: 0,
    cancelId: 1,
    message: 'Open this link in your browser?',
    detail: url.length > 500 ? `${url.slice(0, 500)}…` : url,
  };
  const { response } = win ? await dialog.showMessageBox(win, options) : await dialog.showMessageBox(options);
  if (response !== 0) return false;
  await shell.openExternal(url);
  return true;
}

function harden(contents: WebContents): void {
  contents.setWindowOpenHandler(() => windowOpenDecision());
  contents.on('will-navigate', (event, url) => {
    if (!shouldAllowNavigation(url, pageUrl)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!shouldAllowNavigation(url, pageUrl)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

function createWindow(stateFile: string): BrowserWindow {
  const saved = loadWindowState(stateFile);
  const bounds = fitBounds(
    saved,
    screen.getAllDisplays().map((d) => d.workArea),
  );
  const window = new BrowserWindow(windowOptions({ preload: join(here, '../preload/index.cjs'), bounds }));
  if (saved?.maximized) window.maximize();
  window.once('ready-to-show', () => window.show());
  const remember = (): void => {
    if (window.isDestroyed()) return;
    const b = window.getNormalBounds();
    try {
      saveWindowState(stateFile, { ...b, maximized: window.isMaximized() });
    } catch {
      // Not remembering a window size is no reason to fail.
    }
  };
  let timer: NodeJS.Timeout | undefined;
  const later = (): void => {
    clearTimeout(timer);
    timer = setTimeout(remember, 500);
  };
  window.on('resize', later);
  window.on('move', later);
  window.on('close', remember);
  void window.loadURL(pageUrl);
  return window;
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  registerAppScheme();
  app.on('second-instance', () => {
    if (!win) return;
    if (win.isMinimized()) win.restore();
    win.focus();
  });
  app.on('web-contents-created', (_e, contents) => harden(contents));

  void app.whenReady().then(() => {
    serveAppScheme(join(here, '../renderer'));
    if (isDev) {
      // The dev server's responses carry no CSP of their own; app:// responses set theirs.
      const csp = contentSecurityPolicy({ dev: true });
      session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
        callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [csp] } });
      });
    }
    session.defaultSession.setPermissionRequestHandler((_wc, permission, callback) =>
      callback(permissionDecision(permission)),
    );
    session.defaultSession.setPermissionCheckHandler((_wc, permission) => permissionDecision(permission));

    const userData = app.getPath('userData');
    const nativeBinding = electronNativeBinding();
    const updates = startUpdates((status) => {
      if (win && !win.isDestroyed()) win.webContents.send('triage:event', 'updates.changed', status);
    });
    const running = startCoreProcess(
      join(here, 'core.js'),
      {
        dataDir: userData,
        startDemo: true,
        links: 'ask',
        updates: 'shell',
        appVersion: app.getVersion(),
        ...(nativeBinding ? { nativeBinding } : {}),
      },
      { openLink: confirmAndOpen, updates: (channel) => updates.answer(channel) },
    );
    core = running;
    // Automatic update checks follow the setting: read once the core is up, again when it changes.
    const followSettings = (): void =>
      void running.handlers['settings.get']({}).then(
        (s) => updates.setAutomatic(s.autoUpdates),
        () => undefined,
      );
    void running.ready().then(followSettings, () => undefined);
    ipcMain.handle('triage:invoke', (event, channel: unknown, payload: unknown) => {
      if (!event.senderFrame || !isOwnPage(event.senderFrame.url, pageUrl) || event.senderFrame.parent) {
        return {
          ok: false,
          error: { kind: 'forbidden', message: 'Calls are only accepted from the app itself.' },
        };
      }
      return running.dispatch(channel, payload);
    });
    running.on((name, payload) => {
      if (win && !win.isDestroyed()) win.webContents.send('triage:event', name, payload);
      if (name === 'data.changed' && (payload as Events['data.changed']).scopes.includes('settings')) {
        followSettings();
      }
      if (name === 'replies.new') {
        const reply = payload as Events['replies.new'];
        void running.handlers['settings.get']({}).then(
          (s) => notifyReplies(() => win, reply, s.notifyNewReplies),
          () => undefined,
        );
      }
    });

    Menu.setApplicationMenu(
      Menu.buildFromTemplate(
        menuTemplate({
          isMac: process.platform === 'darwin',
          isDev,
          send: (command) => win?.webContents.send('triage:event', 'menu.command', { command }),
        }),
      ),
    );

    const stateFile = join(userData, 'window-state.json');
    win = createWindow(stateFile);
    badgeFromTitle(win);
    win.on('closed', () => (win = null));
    app.on('activate', () => {
      if (!win) {
        win = createWindow(stateFile);
        badgeFromTitle(win);
        win.on('closed', () => (win = null));
      }
    });
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  let quitting = false;
  app.on('before-quit', (event) => {
    if (quitting || !core) return;
    event.preventDefault();
    quitting = true;
    void core.close().finally(() => app.quit());
  });
}
