// What Settings says about updates, written once: the updater in Electron's main and the core (for
// a window with no updater) both build their UpdateStatus words here. Free of Node, DOM and
// Electron imports.
import type { UpdateStatus } from './contract-updates';

/** A browser window: the web bridge serves the app to a browser, which has no updater. */
export function noUpdaterStatus(version: string): UpdateStatus {
  return {
    version,
    phase: 'unavailable',
    automatic: false,
    lastCheckedAt: null,
    nextVersion: null,
    percent: null,
    revision: 0,
    words:
      'Updates are off in this window: it runs in a browser, which has no updater. ' +
      'The desktop app checks for new versions itself.',
  };
}

/** Why updates are off in the desktop app. */
export type OffReason = 'no-feed' | 'not-packaged';

export const OFF_WORDS: Record<OffReason, string> = {
  'no-feed': 'Updates are off: this build names no update server. Install a newer build by hand.',
  'not-packaged': 'Updates are off while the app runs from its source (not installed).',
};

/** Why a check or a download failed, as a rep can act on it. */
export type UpdateFailure = 'unreachable' | 'feed' | 'checksum' | 'download' | 'other';

export const FAILURE_WORDS: Record<UpdateFailure, string> = {
  unreachable: 'The update server could not be reached (offline, or the server is down).',
  feed: "The update server's answer could not be read, so nothing was downloaded.",
  checksum:
    "The downloaded version did not match the update server's checksum, so it was deleted and will not be installed.",
  download: 'The new version could not be downloaded.',
  other: 'The check for a new version failed.',
};
