// The desktop app's updates, in main: electron-updater reads the feed that `npm run package` named
// (electron-builder writes it into the app as resources/app-update.yml when `publish` is set; no
// file: updates are off, and Settings says so), and flow.ts decides when to check and what to say.
import { app } from 'electron';
import updaterModule from 'electron-updater';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { UpdateChannel, UpdateStatus } from '../../shared/contract-updates';
import type { OffReason } from '../../shared/update-words';
import { createUpdateFlow, type UpdateFlow } from './flow';
import { portOf } from './port';

export interface Updates {
  /** An update channel from the window, which the core has validated. */
  answer(channel: UpdateChannel): Promise<UpdateStatus>;
  /** The autoUpdates setting, whenever the core says the settings changed. */
  setAutomatic(on: boolean): void;
  stop(): void;
}

/** Why updates cannot run in this app, or null when they can. */
function offReason(): OffReason | null {
  if (!app.isPackaged) return 'not-packaged';
  return existsSync(join(process.resourcesPath, 'app-update.yml')) ? null : 'no-feed';
}

const log = (level: 'info' | 'warn' | 'error', message: string): void =>
  console[level](`updates: ${message}`);

export function startUpdates(onChange: (status: UpdateStatus) => void): Updates {
  const off = offReason();
  let flow: UpdateFlow;
  try {
    const updater = off === null ? updaterModule.autoUpdater : null;
    if (updater)
      updater.logger = {
        info: (m) => log('info', String(m)),
        warn: (m) => log('warn', String(m)),
        error: (m) => log('error', String(m)),
      };
    // Automatic checks start once the settings are read (setAutomatic), not before.
    flow = createUpdateFlow({
      version: app.getVersion(),
      off,
      port: updater ? portOf(updater) : null,
      automatic: false,
      log,
      onChange,
    });
  } catch (error) {
    // An updater that cannot even start (an unknown package type) leaves the app as it is.
    log('error', `the updater could not start: ${String(error)}`);
    flow = createUpdateFlow({
      version: app.getVersion(),
      off: 'no-feed',
      port: null,
      automatic: false,
      log,
      onChange,
    });
  }
  return {
    async answer(channel) {
      // The answer says the check began; how it goes follows as updates.changed events (a
      // download may take minutes, longer than a call should wait).
      if (channel === 'updates.check') {
        void flow.check();
        return flow.status();
      }
      if (channel === 'updates.install') return flow.install();
      return flow.status();
    },
    setAutomatic: (on) => flow.setAutomatic(on),
    stop: () => flow.stop(),
  };
}
