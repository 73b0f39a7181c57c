// The core's side of the port: builds the app from the first message, answers contract calls
// with the dispatcher's envelopes, and sends every app event. Runs in Electron's utilityProcess
// or in a child process beside the web bridge, so no SQLite write ever runs on the event loop
// that answers the window.
import type { Envelope } from '../../shared/contract';
import { createApp, type TriageApp } from '../app';
import { READ_CHANNELS } from '../reads';
import type { ReaderClient } from './reader-client';
import type { CorePort, CoreStart, ToCore } from './wire';

/** Account changes that close or replace a store file: the reader lets go of its files first. */
const FILE_CHANGES: ReadonlySet<unknown> = new Set(['accounts.remove', 'accounts.chooseWorkspace']);

function isMessage(value: unknown): value is ToCore {
  return (
    Boolean(value) && typeof value === 'object' && typeof (value as { type?: unknown }).type === 'string'
  );
}

/** Serves the core on `port`; resolves once the core has closed (after a 'close' message).
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
  let nextLink = 1;
  const links = new Map<number, (opened: boolean) => void>();
  let done: () => void = () => {};
  const finished = new Promise<void>((resolve) => (done = resolve));

  const start = (options: CoreStart): void => {
    const created = createApp({
      dataDir: options.dataDir,
      startDemo: options.startDemo ?? false,
      ...(options.keychainService ? { keychainService: options.keychainService } : {}),
      ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}),
      ...(options.demoOptions ? { demoOptions: options.demoOptions } : {}),
      openExternal:
        options.links === 'allow'
          ? async () => true
          : (url) =>
              new Promise<boolean>((resolve) => {
                const id = nextLink++;
                links.set(id, resolve);
                port.post({ type: 'open-link', id, url });
              }),
    });
    app = created;
    try {
      reader = startReader?.(options.nativeBinding) ?? null;
    } catch {
      reader = null; // Reads then stay on the core's thread: slower during a sync, never wrong.
    }
    created.on((name, payload) => {
      if (name === 'sync.state') {
        const state = payload as { accountId: string; running: boolean };
        if (state.running) syncing.add(state.accountId);
        else syncing.delete(state.accountId);
      }
      port.post({ type: 'event', name, payload });
    });
    void (async () => {
      try {
        await created.ready();
        port.post({ type: 'ready' });
      } catch (error) {
        port.post({ type: 'ready', error: error instanceof Error ? error.message : String(error) });
      }
    })();
  };

  /** A list read answered by the reader thread, or null when the core's thread must answer it. */
  const read = async (
    core: TriageApp,
    channel: unknown,
    payload: unknown,
  ): Promise<Envelope<unknown> | null> => {
    if (!reader || fileChanges > 0 || typeof channel !== 'string' || !READ_CHANNELS.has(channel)) return null;
    const accountId =
      payload && typeof payload === 'object' ? (payload as { accountId?: unknown }).accountId : null;
    const file = typeof accountId === 'string' && syncing.has(accountId) ? core.storeFile(accountId) : null;
    if (!file) return null;
    const envelope = await reader.read(file, channel, payload);
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

  port.listen((message) => {
    if (!isMessage(message)) return;
    switch (message.type) {
      case 'start':
        if (!app) start(message.options);
        return;
      case 'invoke': {
        const { id } = message;
        if (!app) {
          port.post({
            type: 'result',
            id,
            envelope: { ok: false, error: { kind: 'transient', message: 'The app is starting.' } },
          });
          return;
        }
        void answer(app, message.channel, message.payload).then((envelope) =>
          port.post({ type: 'result', id, envelope }),
        );
        return;
      }
      case 'link-opened':
        links.get(message.id)?.(message.opened === true);
        links.delete(message.id);
        return;
      case 'demo': {
        const sandbox = app?.demoSandbox();
        port.post({
          type: 'demo',
          id: message.id,
          demo: sandbox ? { url: sandbox.url, apiKey: sandbox.apiKey } : null,
        });
        return;
      }
      case 'close':
        void (async () => {
          try {
            await reader?.close();
            reader = null;
            await app?.close();
          } finally {
            for (const resolve of links.values()) resolve(false);
            links.clear();
            port.post({ type: 'closed' });
            port.close();
            done();
          }
        })();
        return;
    }
  });
  return finished;
}
