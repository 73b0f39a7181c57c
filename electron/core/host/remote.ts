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
import type { UpdateChannel, UpdateStatus } from '../../shared/contract-updates';
import { packText } from '../../shared/packed';
import { noUpdaterStatus } from '../../shared/update-words';
import { createRpc } from '../../shared/rpc';
import type { TriageApp } from '../app';
import type { CoreFunctions, CorePort, CoreStart, DemoService, ShellFunctions } from './wire';

export type CoreListener = <E extends EventName>(name: E, payload: Events[E]) => void;

export interface CoreClient {
  dispatch(channel: unknown, payload: unknown): Promise<Envelope<unknown>>;
  /** The same answer as the text a browser page gets (../../shared/packed.ts). */
  dispatchText(channel: unknown, payload: unknown): Promise<string>;
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
  /** Answers the update channels (Electron's main, which holds the updater). */
  updates?: (channel: UpdateChannel) => Promise<UpdateStatus>;
}

/** Starts the core on the other end of `port` with `start` and forwards to it. */
export function connectCore(port: CorePort, start: CoreStart, options: ConnectOptions = {}): CoreClient {
  const listeners = new Set<CoreListener>();
  let gone: string | null = null;

  const shell: ShellFunctions = {
    event(name, payload) {
      for (const listener of listeners) {
        try {
          listener(name, payload as never);
        } catch {
          // One failing listener must not keep the event from the others.
        }
      }
    },
    openLink: (url) => (options.openLink ?? (async () => false))(url).catch(() => false),
    updates: async (channel) =>
      options.updates ? options.updates(channel) : noUpdaterStatus(start.appVersion ?? 'unknown'),
  };
  const core = createRpc<CoreFunctions, ShellFunctions>(shell, port);

  const ready = core.start(start).then(
    (error) => {
      if (error !== null) throw new Error(error);
    },
    () => {
      throw new Error(gone ?? 'The app stopped answering.');
    },
  );
  ready.catch(() => undefined);

  const goneEnvelope = (): Envelope<unknown> => ({
    ok: false,
    error: { kind: 'transient', message: gone ?? 'The app stopped answering.' },
  });

  /** One call's answer, or the envelope that says why there is none, in the answer's form. */
  const answer = async <T>(ask: () => Promise<T>, form: (e: Envelope<unknown>) => T): Promise<T> => {
    if (gone) return form(goneEnvelope());
    try {
      return await ask();
    } catch {
      // The port closed under the call, or the payload cannot be cloned and never reached the core
      // (the same answer the core gives to input it cannot read).
      if (gone) return form(goneEnvelope());
      return form({ ok: false, error: { kind: 'validation', message: 'The input cannot be sent.' } });
    }
  };
  const dispatch = (channel: unknown, payload: unknown): Promise<Envelope<unknown>> =>
    answer(
      () => core.invoke(channel, payload),
      (e) => e,
    );
  const dispatchText = (channel: unknown, payload: unknown): Promise<string> =>
    answer(() => core.invokeText(channel, payload), packText);

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
    dispatchText,
    handlers: handlers as unknown as Handlers,
    on(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    ready: () => ready,
    demoService: async () => (gone ? null : core.demoService().catch(() => null)),
    async close() {
      if (gone) return;
      await core.close().catch(() => undefined);
      client.lost('The app is closing.');
    },
    lost(reason) {
      if (gone) return;
      gone = reason;
      core.$close(new Error(reason));
      listeners.clear();
      port.close();
    },
  };
  return client;
}

/** An app made in this process behind the same interface (tests of a transport on its own). */
export function inProcessCore(app: TriageApp): CoreClient {
  return {
    dispatch: app.dispatch,
    dispatchText: async (channel, payload) => packText(await app.dispatch(channel, payload)),
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
