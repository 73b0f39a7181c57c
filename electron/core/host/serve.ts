// The core's thread: builds the app when started and answers contract calls with the dispatcher's
// envelopes, sending every app event on. It runs on a worker thread of the core's process, whose
// main thread (router.ts) only routes: a sync's commits and parses run here, and the suggestion
// passes' reads and writes (the replies themselves are read on the classifier's thread); a list
// read made meanwhile never waits for them (the router sends it to the reader thread).
import { Worker, type MessagePort } from 'node:worker_threads';
import type { Envelope } from '../../shared/contract';
import { packText } from '../../shared/packed';
import { createRpc } from '../../shared/rpc';
import { checkHere } from '../account/storeHealth';
import { createApp, type TriageApp } from '../app';
import { startClassifier } from './classifier-client';
import { startSearchers } from './searcher-client';
import { startWriter } from './writer-client';
import {
  STARTING,
  type CoreFunctions,
  type CorePort,
  type CoreStart,
  type HostFunctions,
  type ThreadBoot,
} from './wire';

/** Starts a helper thread as its process said: a built file, or code that loads its entry. */
function spawnFrom(boot: ThreadBoot, data: object = {}): (port: MessagePort) => Worker {
  return (port) =>
    new Worker('file' in boot ? boot.file : boot.code, {
      eval: !('file' in boot),
      workerData: { ...data, port },
      transferList: [port],
    });
}

/** Serves the core on `port`; resolves once the core has closed (after a `close` call). */
export function serveCore(port: CorePort): Promise<void> {
  let app: TriageApp | null = null;
  let done: () => void = () => {};
  const finished = new Promise<void>((resolve) => (done = resolve));

  const start = (options: CoreStart): TriageApp => {
    const created = createApp({
      dataDir: options.dataDir,
      startDemo: options.startDemo ?? false,
      ...(options.keychainService ? { keychainService: options.keychainService } : {}),
      keychain: { get: host.keychainGet, set: host.keychainSet, delete: host.keychainDelete },
      ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}),
      ...(options.demoOptions ? { demoOptions: options.demoOptions } : {}),
      ...(options.classifier ? { classifier: startClassifier(spawnFrom(options.classifier)) } : {}),
      ...(options.writer
        ? { writer: startWriter(spawnFrom(options.writer, { nativeBinding: options.nativeBinding })) }
        : {}),
      ...(options.searcher
        ? { searcher: startSearchers(spawnFrom(options.searcher, { nativeBinding: options.nativeBinding })) }
        : {}),
      openExternal:
        options.links === 'allow' ? async () => true : (url) => host.openLink(url).catch(() => false),
      ...(options.updates === 'shell' ? { updates: (channel) => host.updates(channel) } : {}),
      ...(options.appVersion ? { appVersion: options.appVersion } : {}),
      // A store's full check reads the whole file: on the reader's thread, else here a moment later.
      storeCheck: {
        check: async (file) => {
          const found = await host.checkFile(file).catch(() => undefined);
          return found === undefined ? checkHere(file, options.nativeBinding) : found;
        },
        forget: () => host.forgetFiles().catch(() => undefined),
      },
    });
    created.on((name, payload) => {
      // The files first: a sync that starts sends its list reads to the reader from the next call.
      if (name === 'sync.state') host.files(created.openFiles());
      // The window may be gone (closing): an event then has nowhere to go.
      host.event(name, payload);
    });
    return created;
  };

  const invoke = async (core: TriageApp, channel: unknown, payload: unknown): Promise<Envelope<unknown>> => {
    const envelope = await core.dispatch(channel, payload);
    // An account added, removed or switched to another workspace has another file.
    if (typeof channel === 'string' && channel.startsWith('accounts.')) host.files(core.openFiles());
    return envelope;
  };

  const functions: CoreFunctions = {
    async start(options) {
      const core = (app ??= start(options));
      try {
        await core.ready();
        host.files(core.openFiles());
        return null;
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
    },
    invoke: (channel, payload) => (app ? invoke(app, channel, payload) : Promise.resolve(STARTING)),
    invokeText: async (channel, payload) => packText(app ? await invoke(app, channel, payload) : STARTING),
    demoService() {
      const sandbox = app?.demoSandbox();
      return sandbox ? { url: sandbox.url, apiKey: sandbox.apiKey } : null;
    },
    async close() {
      try {
        await app?.close();
      } finally {
        // After this answer has left.
        setImmediate(() => {
          host.$close();
          port.close();
          done();
        });
      }
    },
  };
  const host = createRpc<HostFunctions, CoreFunctions>(functions, port, ['event', 'files']);
  return finished;
}
