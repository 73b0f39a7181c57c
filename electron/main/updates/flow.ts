// The updater's decisions, apart from the library that carries them out (port.ts) so they run and
// are tested under plain Node: when to check (soon after start, then every few hours, while
// automatic checks are on), one check at a time, a found version downloaded in the background and
// offered as "Restart to update" only once its sha512 matched the feed, and every failure said in
// words and logged, never thrown and never installed.
import type { UpdateStatus } from '../../shared/contract-updates';
import { FAILURE_WORDS, OFF_WORDS, type OffReason, type UpdateFailure } from '../../shared/update-words';

/** What the flow needs of an updater (port.ts wraps electron-updater's). */
export interface UpdaterPort {
  /** Asks the feed: the newer version it offers, or null when this one is the newest. Throws on failure. */
  check(): Promise<string | null>;
  /** Downloads what check() found and checks its sha512 against the feed; throws on any failure
   *  (a mismatch included), and then nothing is left to install. */
  download(onProgress: (percent: number) => void): Promise<void>;
  /** Quits and installs the downloaded version. */
  install(): void;
}

export interface Timers {
  now(): Date;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface FlowOptions {
  version: string;
  /** Why updates cannot run (no feed, not packaged), or null when `port` can. */
  off: OffReason | null;
  port: UpdaterPort | null;
  /** Automatic checks, as the setting says at start. */
  automatic: boolean;
  log: (level: 'info' | 'warn' | 'error', message: string) => void;
  /** Every change of the status (the window shows it). */
  onChange?: (status: UpdateStatus) => void;
  timers?: Timers;
}

/** The first check waits for the app to settle after start; then one every few hours. */
export const FIRST_CHECK_MS = 30_000;
export const CHECK_EVERY_MS = 4 * 60 * 60 * 1000;

export interface UpdateFlow {
  status(): UpdateStatus;
  /** Checks now (also with automatic checks off); a check under way is joined, not repeated. */
  check(): Promise<UpdateStatus>;
  /** Restarts into the downloaded version; with none ready it does nothing and answers the status. */
  install(): UpdateStatus;
  /** Turns automatic checks on (the next one soon) or off (none until turned on or asked). */
  setAutomatic(on: boolean): void;
  stop(): void;
}

/** What kind of failure an error of the updater is, from its code or message. */
export function failureOf(error: unknown, during: 'check' | 'download'): UpdateFailure {
  const e = error as { code?: unknown; message?: unknown; name?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : '';
  const message = typeof e?.message === 'string' ? e.message : String(error);
  if (code === 'ERR_CHECKSUM_MISMATCH' || /checksum mismatch/i.test(message)) return 'checksum';
  if (
    /^(ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH)$/.test(code) ||
    /net::ERR_(INTERNET_DISCONNECTED|NAME_NOT_RESOLVED|CONNECTION_|ADDRESS_UNREACHABLE|TIMED_OUT|NETWORK_)/.test(
      message,
    ) ||
    /\b(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT)\b/.test(message)
  ) {
    return 'unreachable';
  }
  if (during === 'check') {
    if (/^ERR_UPDATER_(INVALID_UPDATE_INFO|CHANNEL_FILE_NOT_FOUND|LATEST_VERSION_NOT_FOUND)/.test(code))
      return 'feed';
    if (/YAML|Cannot parse|update info|latest.*\.yml/i.test(message)) return 'feed';
    return 'other';
  }
  return 'download';
}

const realTimers: Timers = {
  now: () => new Date(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function createUpdateFlow(opts: FlowOptions): UpdateFlow {
  const timers = opts.timers ?? realTimers;
  const port = opts.off === null ? opts.port : null;
  let automatic = opts.automatic;
  let phase: UpdateStatus['phase'] = port ? 'idle' : 'off';
  let lastCheckedAt: string | null = null;
  let nextVersion: string | null = null;
  let percent: number | null = null;
  let outcome: string | null = null;
  let running: Promise<UpdateStatus> | null = null;
  let timer: unknown = null;
  let stopped = false;
  let revision = 0;

  const idleWords = (): string => {
    const when = automatic
      ? 'It checks for a new version at start and every 4 hours.'
      : 'Automatic checks are off: use Check now.';
    return outcome ? `${outcome} ${when}` : when;
  };

  const words = (): string => {
    switch (phase) {
      case 'off':
        return OFF_WORDS[opts.off ?? 'no-feed'];
      case 'checking':
        return 'Looking for a new version…';
      case 'downloading':
        return `Downloading version ${nextVersion} in the background${percent === null ? '' : ` (${Math.floor(percent)}%)`}…`;
      case 'ready':
        return `Version ${nextVersion} is downloaded and checked. It installs when the app restarts.`;
      case 'failed':
        return `${outcome} ${automatic ? 'It tries again in 4 hours.' : 'Use Check now to try again.'}`;
      default:
        return idleWords();
    }
  };

  const status = (): UpdateStatus => ({
    version: opts.version,
    phase,
    automatic,
    lastCheckedAt,
    nextVersion,
    percent,
    words: words(),
    revision,
  });

  const changed = (): void => {
    revision++;
    try {
      opts.onChange?.(status());
    } catch (error) {
      opts.log('warn', `update status could not be sent: ${String(error)}`);
    }
  };

  const schedule = (ms: number): void => {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
    if (!port || !automatic || stopped || phase === 'ready') return;
    timer = timers.setTimeout(() => {
      timer = null;
      void check().finally(() => schedule(CHECK_EVERY_MS));
    }, ms);
  };

  const fail = (error: unknown, during: 'check' | 'download'): void => {
    const kind = failureOf(error, during);
    const message = error instanceof Error ? error.message : String(error);
    opts.log('error', `update ${during} failed (${kind}): ${message.split('\n')[0]}`);
    phase = 'failed';
    outcome = FAILURE_WORDS[kind];
    nextVersion = null;
    percent = null;
  };

  const run = async (): Promise<UpdateStatus> => {
    if (!port) return status();
    phase = 'checking';
    changed();
    let found: string | null;
    try {
      found = await port.check();
    } catch (error) {
      lastCheckedAt = timers.now().toISOString();
      fail(error, 'check');
      changed();
      return status();
    }
    lastCheckedAt = timers.now().toISOString();
    if (found === null) {
      opts.log('info', `update check: ${opts.version} is the newest version`);
      phase = 'idle';
      outcome = `Version ${opts.version} is the newest.`;
      changed();
      return status();
    }
    opts.log('info', `update check: version ${found} found, downloading`);
    phase = 'downloading';
    nextVersion = found;
    percent = 0;
    changed();
    try {
      await port.download((p) => {
        percent = Math.max(0, Math.min(100, p));
        changed();
      });
    } catch (error) {
      fail(error, 'download');
      changed();
      return status();
    }
    opts.log('info', `update: version ${found} downloaded and its sha512 matched the feed`);
    phase = 'ready';
    percent = null;
    outcome = null;
    schedule(0); // no more checks: the ready version stays until the restart
    changed();
    return status();
  };

  const check = (): Promise<UpdateStatus> => {
    if (!port || phase === 'ready') return Promise.resolve(status());
    running ??= run().finally(() => (running = null));
    return running;
  };

  if (port && automatic) schedule(FIRST_CHECK_MS);

  return {
    status,
    check,
    install() {
      if (!port || phase !== 'ready') return status();
      opts.log('info', `update: restarting into version ${nextVersion}`);
      try {
        port.install();
      } catch (error) {
        fail(error, 'download');
        changed();
      }
      return status();
    },
    setAutomatic(on) {
      if (on === automatic) return;
      automatic = on;
      schedule(FIRST_CHECK_MS);
      changed();
    },
    stop() {
      stopped = true;
      schedule(0);
    },
  };
}
