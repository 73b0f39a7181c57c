// The main window's options as a plain function (only a type import from electron), so tests
// check every item of Electron's security checklist under Node.
import type { BrowserWindowConstructorOptions } from 'electron';

export interface WindowBounds {
  x?: number;
  y?: number;
  width: number;
  height: number;
}

export const DEFAULT_BOUNDS: WindowBounds = { width: 1280, height: 820 };

export function windowOptions(opts: {
  preload: string;
  bounds?: WindowBounds;
  icon?: string;
}): BrowserWindowConstructorOptions {
  const bounds = opts.bounds ?? DEFAULT_BOUNDS;
  return {
    ...bounds,
    minWidth: 760,
    minHeight: 480,
    title: 'Outreach Triage',
    show: false,
    backgroundColor: '#1b1d22',
    autoHideMenuBar: false,
    ...(opts.icon ? { icon: opts.icon } : {}),
    webPreferences: {
      preload: opts.preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: true,
      safeDialogs: true,
    },
  };
}
