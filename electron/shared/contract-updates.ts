// Updates of the desktop app, in the contract: what Settings shows (UpdateStatus) and the three
// channels behind it. The core validates them like every channel and passes them to the process
// that holds the updater (Electron's main); a browser window has none and says so. Free of Node,
// DOM and Electron imports; spread into `channels` by contract.ts.
import { none } from './contract-schemas';

/** Where the updater is:
 *  - unavailable: this window has no updater at all (the browser version);
 *  - off: the build names no update feed, or the app is not packaged (developing);
 *  - idle: waiting for the next check (its outcome is in `words`);
 *  - checking, downloading: under way;
 *  - ready: a new version is downloaded and checked; it installs on the next restart;
 *  - failed: the last check or download failed; nothing was installed. */
export type UpdatePhase = 'unavailable' | 'off' | 'idle' | 'checking' | 'downloading' | 'ready' | 'failed';

export interface UpdateStatus {
  /** The version running now. */
  version: string;
  phase: UpdatePhase;
  /** Whether checks run by themselves (the autoUpdates setting, as the updater applies it). */
  automatic: boolean;
  /** When the last check ended, successful or not (ISO); null: none yet since the app started. */
  lastCheckedAt: string | null;
  /** The version downloaded (ready) or being downloaded; null otherwise. */
  nextVersion: string | null;
  /** Download progress, 0-100, while downloading. */
  percent: number | null;
  /** What Settings says, in words. */
  words: string;
  /** Grows with every change: an answer that arrives after a newer event is older than it. */
  revision: number;
}

/** Marks the type a channel answers with, as contract.ts does. */
const answers = <R>(): { readonly answer?: R } => ({});

export const updateChannels = {
  /** Where the updater is. */
  'updates.status': { input: none, result: answers<UpdateStatus>() },
  /** Looks for a new version now (and downloads it when there is one); answers where it is after. */
  'updates.check': { input: none, result: answers<UpdateStatus>() },
  /** Restarts into the downloaded version; answers the status when there is nothing to install. */
  'updates.install': { input: none, result: answers<UpdateStatus>() },
} as const;

export type UpdateChannel = keyof typeof updateChannels;
export const UPDATE_CHANNELS = Object.keys(updateChannels) as UpdateChannel[];
