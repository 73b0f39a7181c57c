// The answering side of the port: forwards contract calls to the core's process and hands back
// its envelopes and events. Holds no app state; if the core goes away, every waiting call and
// every later one gets a 'transient' envelope instead of hanging.
import {
  CHANNEL_NAMES,
  TriageError,
  type Envelope,
  type EventName,
  type Events,
  type Handlers,
} from '../../shared/contract';
import type { TriageApp } from '../app';
import type { CorePort, DemoService, FromCore } from './wire';

export type CoreListener = <E extends EventName>(name: E, payload: Events[E]) => void;

export interface CoreClient {
  dispatch(channel: unknown, payload: unknown): Promise<Envelope<unknown>>;
  /** The contract's handlers over the port: a value, or a thrown TriageError (scripts, tests). */
  readonly handlers: Handlers;
  on(listener: CoreListener): () => void;
  /** Resolves once accounts are open (and the demo, if asked for, runs); rejects if it failed. */
  ready(): Promise<void>;
  /** The demo workspace's service address and key, while it runs. */
  demoService(): Promise<DemoService | null>;
  /** Asks the core to close its stores, then releases the port. */
  close(): Promise<void>;
  /** The core's process ended or the port broke: answer everything from now on as gone. */
  lost(reason: string): void;
}

export interface ConnectOptions {
  /** Confirms and opens a link the core checked (Electron: a dialog, then the system browser). */
  openLink?: (url: string) => Promise<boolean>;
}

function isFromCore(value: unknown): value is FromCore {
  return (
    Boolean(value) && typeof value === 'object' && typeof (value as { type?: unknown }).type === 'string'
  );
}

export function connectCore(port: CorePort, options: ConnectOptions = {}): CoreClient {
  let nextId = 1;
  const calls = new Map<number, (envelope: Envelope<unknown>) => void>();
  const demos = new Map<number, (demo: DemoService | null) => void>();
  const listeners = new Set<CoreListener>();
  let gone: string | null = null;
  let readyResolve: () => void = () => {};
  let readyReject: (error: Error) => void = () => {};
  const readyPromise = new Promise<void>((resolve, reject) => {
    readyResolve = resolve;
    readyReject = reject;
  });
  readyPromise.catch(() => undefined);
  let closedResolve: () => void = () => {};
  const closedPromise = new Promise<void>((resolve) => (closedResolve = resolve));

  const goneEnvelope = (): Envelope<unknown> => ({
    ok: false,
    error: { kind: 'transient', message: gone ?? 'The app stopped answering.' },
  });

  port.listen((message) => {
    if (!isFromCore(message)) return;
    switch (message.type) {
      case 'ready':
        if (message.error) readyReject(new Error(message.error));
        else readyResolve();
        return;
      case 'result':
        calls.get(message.id)?.(message.envelope);
        calls.delete(message.id);
        return;
      case 'event':
        for (const listener of listeners) {
          try {
            listener(message.name, message.payload as never);
          } catch {
            // One failing listener must not keep the event from the others.
          }
        }
        return;
      case 'open-link': {
        const { id, url } = message;
        const open = options.openLink ?? (async () => false);
        void open(url)
          .catch(() => false)
          .then((opened) => port.post({ type: 'link-opened', id, opened }));
        return;
      }
      case 'demo':
        demos.get(message.id)?.(message.demo);
        demos.delete(message.id);
        return;
      case 'closed':
        client.lost('The app is closing.');
        return;
    }
  });

  const dispatch = (channel: unknown, payload: unknown): Promise<Envelope<unknown>> => {
    if (gone) return Promise.resolve(goneEnvelope());
    const id = nextId++;
    return new Promise((resolve) => {
      calls.set(id, resolve);
      try {
        port.post({ type: 'invoke', id, channel, payload });
      } catch {
        // A payload that cannot be cloned never reaches the core: the same answer the core gives.
        calls.delete(id);
        resolve({ ok: false, error: { kind: 'validation', message: 'The input cannot be sent.' } });
      }
    });
  };

  const handlers = {} as Record<string, (input: unknown) => Promise<unknown>>;
  for (const channel of CHANNEL_NAMES) {
    handlers[channel] = async (input: unknown) => {
      const envelope = await dispatch(channel, input);
      if (!envelope.ok) throw new TriageError(envelope.error);
      return envelope.value;
    };
  }

  const client: CoreClient = {
    dispatch,
    handlers: handlers as unknown as Handlers,
    on(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    ready: () => readyPromise,
    demoService() {
      if (gone) return Promise.resolve(null);
      const id = nextId++;
      return new Promise((resolve) => {
        demos.set(id, resolve);
        port.post({ type: 'demo', id });
      });
    },
    async close() {
      if (!gone) {
        port.post({ type: 'close' });
        await closedPromise;
      }
    },
    lost(reason) {
      if (gone) return;
      gone = reason;
      readyReject(new Error(reason));
      for (const resolve of calls.values()) resolve(goneEnvelope());
      calls.clear();
      for (const resolve of demos.values()) resolve(null);
      demos.clear();
      listeners.clear();
      port.close();
      closedResolve();
    },
  };
  return client;
}

/** An app made in this process behind the same interface (tests of a transport on its own). */
export function inProcessCore(app: TriageApp): CoreClient {
  return {
    dispatch: app.dispatch,
    handlers: app.handlers,
    on: (listener) => app.on(listener),
    ready: () => app.ready(),
    demoService: async () => {
      const sandbox = app.demoSandbox();
      return sandbox ? { url: sandbox.url, apiKey: sandbox.apiKey } : null;
    },
    close: () => app.close(),
    lost: () => undefined,
  };
}
