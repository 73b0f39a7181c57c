// The core's side of the port: builds the app from the first message, answers contract calls
// with the dispatcher's envelopes, and sends every app event. Runs in Electron's utilityProcess
// or in a child process beside the web bridge, so no SQLite write ever runs on the event loop
// that answers the window.
import { createApp, type TriageApp } from './app';
import type { CorePort, CoreStart, ToCore } from './wire';

function isMessage(value: unknown): value is ToCore {
  return (
    Boolean(value) && typeof value === 'object' && typeof (value as { type?: unknown }).type === 'string'
  );
}

/** Serves the core on `port`; resolves once the core has closed (after a 'close' message). */
export function hostCore(port: CorePort): Promise<void> {
  let app: TriageApp | null = null;
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
    created.on((name, payload) => port.post({ type: 'event', name, payload }));
    void (async () => {
      try {
        await created.ready();
        port.post({ type: 'ready' });
      } catch (error) {
        port.post({ type: 'ready', error: error instanceof Error ? error.message : String(error) });
      }
    })();
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
        void app
          .dispatch(message.channel, message.payload)
          .then((envelope) => port.post({ type: 'result', id, envelope }));
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
