// The core's side of the port: builds the app when started, answers contract calls with the
// dispatcher's envelopes, and sends every app event. Runs in Electron's utilityProcess or in a
// child process beside the web bridge, so no SQLite write ever runs on the event loop that
// answers the window.
import type { Envelope } from '../../shared/contract';
import { createRpc } from '../../shared/rpc';
import { checkHere } from '../account/storeHealth';
import { createApp, type TriageApp } from '../app';
import { READ_CHANNELS, UNIFIED_CHANNELS } from '../reads';
import type { ReaderClient } from './reader-client';
import type { CoreFunctions, CorePort, CoreStart, ShellFunctions } from './wire';

/** Account changes that close or replace a store file: the reader lets go of its files first. */
const FILE_CHANGES: ReadonlySet<unknown> = new Set(['accounts.remove', 'accounts.chooseWorkspace']);

const UNIFIED: ReadonlySet<string> = new Set(UNIFIED_CHANNELS);

const STARTING: Envelope<unknown> = {
  ok: false,
  error: { kind: 'transient', message: 'The app is starting.' },
};

/** Serves the core on `port`; resolves once the core has closed (after a `close` call).
 *  `startReader` starts the reader thread that answers list reads beside the core's thread. */
export function hostCore(
  port: CorePort,
  startReader?: (nativeBinding?: string) => ReaderClient,
): Promise<void> {
  let app: TriageApp | null = null;
  let reader: ReaderClient | null = null;
  let fileChanges = 0;
  // Accounts whose sync runs now. Only then do their list reads go to the reader: otherwise the
  // core's own connection answers from caches its writes keep current (another connection's
  // caches are rebuilt after every commit).
  const syncing = new Set<string>();
  let done: () => void = () => {};
  const finished = new Promise<void>((resolve) => (done = resolve));

  const start = (options: CoreStart): TriageApp => {
    try {
      reader = startReader?.(options.nativeBinding) ?? null;
    } catch {
      reader = null; // Reads then stay on the core's thread: slower during a sync, never wrong.
    }
    const created = createApp({
      dataDir: options.dataDir,
      startDemo: options.startDemo ?? false,
      ...(options.keychainService ? { keychainService: options.keychainService } : {}),
      ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}),
      ...(options.demoOptions ? { demoOptions: options.demoOptions } : {}),
      openExternal:
        options.links === 'allow' ? async () => true : (url) => shell.openLink(url).catch(() => false),
      // A store's full check reads the whole file: on the reader's thread, else here a moment later.
      storeCheck: {
        check: async (file) => {
          const found = reader ? await reader.check(file) : undefined;
          return found === undefined ? checkHere(file, options.nativeBinding) : found;
        },
        forget: async () => void (await reader?.forget()),
      },
    });
    created.on((name, payload) => {
      if (name === 'sync.state') {
        const state = payload as { accountId: string; running: boolean };
        if (state.running) syncing.add(state.accountId);
        else syncing.delete(state.accountId);
      }
      // The window may be gone (closing): an event then has nowhere to go.
      shell.event(name, payload).catch(() => undefined);
    });
    return created;
  };

  /** A list read answered by the reader thread, or null when the core's thread must answer it. */
  const read = async (
    core: TriageApp,
    channel: unknown,
    payload: unknown,
  ): Promise<Envelope<unknown> | null> => {
    if (!reader || fileChanges > 0 || typeof channel !== 'string') return null;
    if (UNIFIED.has(channel)) return readUnified(core, channel, payload);
    if (!READ_CHANNELS.has(channel)) return null;
    const accountId =
      payload && typeof payload === 'object' ? (payload as { accountId?: unknown }).accountId : null;
    const file = typeof accountId === 'string' && syncing.has(accountId) ? core.storeFile(accountId) : null;
    if (!file) return null;
    const envelope = await reader.read(file, channel, payload);
    return envelope && (envelope.ok || envelope.error.kind !== 'internal') ? envelope : null;
  };
  /** All inboxes while any account syncs: the reader merges the same files, so a sync's commits
   *  never hold the list back. */
  const readUnified = async (
    core: TriageApp,
    channel: string,
    payload: unknown,
  ): Promise<Envelope<unknown> | null> => {
    if (!reader || syncing.size === 0) return null;
    const only =
      payload && typeof payload === 'object' ? (payload as { accountIds?: unknown }).accountIds : undefined;
    if (only !== undefined && !(Array.isArray(only) && only.every((a) => typeof a === 'string'))) return null;
    const files = core.unifiedFiles(only as string[] | undefined);
    if (!files) return null;
    const envelope = await reader.readUnified(files, channel, payload);
    return envelope && (envelope.ok || envelope.error.kind !== 'internal') ? envelope : null;
  };
  const answer = async (core: TriageApp, channel: unknown, payload: unknown): Promise<Envelope<unknown>> => {
    const fromReader = await read(core, channel, payload);
    if (fromReader) return fromReader;
    if (!reader || !FILE_CHANGES.has(channel)) return core.dispatch(channel, payload);
    fileChanges++;
    try {
      await reader.forget();
      return await core.dispatch(channel, payload);
    } finally {
      fileChanges--;
    }
  };

  const functions: CoreFunctions = {
    async start(options) {
      const core = (app ??= start(options));
      try {
        await core.ready();
        return null;
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
    },
    invoke: (channel, payload) => (app ? answer(app, channel, payload) : Promise.resolve(STARTING)),
    demoService() {
      const sandbox = app?.demoSandbox();
      return sandbox ? { url: sandbox.url, apiKey: sandbox.apiKey } : null;
    },
    async close() {
      try {
        await reader?.close();
        reader = null;
        await app?.close();
      } finally {
        // After this answer has left: link questions still waiting are answered "not opened".
        setImmediate(() => {
          shell.$close();
          port.close();
          done();
        });
      }
    },
  };
  const shell = createRpc<ShellFunctions, CoreFunctions>(functions, port, ['event']);
  return finished;
}
