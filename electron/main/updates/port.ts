// electron-updater behind the flow's UpdaterPort: the library looks at the feed (the latest-*.yml
// electron-builder writes beside the installers), downloads the installer, checks its sha512
// against the feed and deletes it on a mismatch. Only types are imported here, so the tests drive a
// real updater of the library through this same wrapper under plain Node.
import type { AppUpdater, ProgressInfo } from 'electron-updater';
import type { UpdaterPort } from './flow';

export function portOf(updater: AppUpdater): UpdaterPort {
  // The flow decides when to download; a downloaded update installs when the app quits (the next
  // restart) or at once on "Restart to update". Never an older version.
  updater.autoDownload = false;
  updater.autoInstallOnAppQuit = true;
  updater.allowDowngrade = false;
  return {
    async check() {
      const result = await updater.checkForUpdates();
      if (!result) throw new Error('The updater is not active in this build.');
      return result.isUpdateAvailable ? result.updateInfo.version : null;
    },
    async download(onProgress) {
      const progress = (p: ProgressInfo): void => onProgress(p.percent);
      updater.on('download-progress', progress);
      try {
        await updater.downloadUpdate();
      } finally {
        updater.off('download-progress', progress);
      }
    },
    install() {
      // Not silent (Windows shows its installer), and the app starts again once installed.
      updater.quitAndInstall(false, true);
    },
  };
}
