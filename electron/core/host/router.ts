// The core's process, its main thread: receives the window's calls from the shell (Electron's
// main, or the web bridge) and routes them. The app runs on a thread of its own (serve.ts), so
// this thread never runs a sync's work: a list read of an account whose sync runs goes straight to
// the reader thread (its own SQLite connection), and is answered while the core's thread is
// inside a commit, a page's parse or a suggestion pass. Profiling a full sync of 20,000 threads
// showed why this matters: the core's thread was busy for 40 of 60 s, in tasks of up to 860 ms
// (a batch of thread pages, a batch of messages with their full-text rows), and every read
// waited for the task in progress before it could even be passed to the reader.
// This thread also holds the keychain: its native addon must be loaded by one thread only.
import type { Envelope } from '../../shared/contract';
import { packText } from '../../shared/packed';
import { createRpc, type Rpc } from '../../shared/rpc';
import { createKeychain, type Keychain } from '../accounts/keychain';
import type { OpenFile } from '../app';
import { READ_CHANNELS, UNIFIED_CHANNELS } from '../reads';
import type { ReaderClient } from './reader-client';
import { readerSlot, type ReaderSlot } from './reader-slot';
import { STARTING, type CoreFunctions, type CorePort, type HostFunctions, type ShellFunctions } from './wire';

/** Account changes that close or replace a store file: the reader lets go of its files first. */
const FILE_CHANGES: ReadonlySet<unknown> = new Set(['accounts.remove', 'accounts.chooseWorkspace']);

const UNIFIED: ReadonlySet<string> = new Set(UNIFIED_CHANNELS);

export interface CoreThread {
  port: CorePort;
  /** Ends the thread (after the core closed, or when it never started). */
  stop(): Promise<void>;
}

export interface RouterOptions {
  /** Starts the core's thread (serve.ts), served on the port it returns (core-thread.ts);
   *  `onLost` is called if it ends before it was stopped. */
  startCore(onLost: () => void, nativeBinding?: string): CoreThread;
  /** Starts the reader thread that answers list reads beside the core's thread: only while an
   *  account syncs or a store is checked (reader-slot.ts). */
  startReader?(nativeBinding?: string): ReaderClient;
}

/** Serves the core's process on `port`; resolves once the core has closed (after `close`). */
export function hostCore(port: CorePort, options: RouterOptions): Promise<void> {
  let core: Rpc<CoreFunctions, HostFunctions> | null = null;
  let thread: CoreThread | null = null;
  let readers: ReaderSlot = readerSlot(null);
  let keychain: Keychain | null = null;
  let started: Promise<string | null> | null = null;
  let fileChanges = 0;
  /** Accounts whose sync runs now. Only their list reads go to the reader: otherwise the core's
   *  own connection answers from caches its writes keep current. */
  const syncing = new Set<string>();
  /** Each syncing account's hold on the reader thread. */
  const holds = new Map<string, () => void>();
  let files: OpenFile[] = [];
  let done: () => void = () => {};
  const finished = new Promise<void>((resolve) => (done = resolve));

  const host: HostFunctions = {
    event(name, payload) {
      if (name === 'sync.state') {
        const state = payload as { accountId: string; running: boolean };
        if (state.running) {
          // A sync's every progress event says running: the first one starts the reader.
          if (!holds.has(state.accountId)) holds.set(state.accountId, readers.hold());
          syncing.add(state.accountId);
        } else {
          syncing.delete(state.accountId);
          holds.get(state.accountId)?.();
          holds.delete(state.accountId);
        }
      }
      shell.event(name, payload).catch(() => undefined);
    },
    openLink: (url) => shell.openLink(url).catch(() => false),
    files(next) {
      files = next;
    },
    keychainGet: (accountId) => keychain!.get(accountId),
    keychainSet: (accountId, key) => keychain!.set(accountId, key),
    keychainDelete: (accountId) => keychain!.delete(accountId),
    async checkFile(file) {
      const release = readers.hold();
      try {
        return await readers.running()?.check(file);
      } finally {
        release();
      }
    },
    forgetFiles: async () => void (await readers.running()?.forget()),
  };

  /** A list read the reader thread answers, or null when the core's thread must. */
  const read = async (channel: unknown, payload: unknown): Promise<Envelope<unknown> | null> => {
    const reader = readers.ready();
    if (!reader || fileChanges > 0 || typeof channel !== 'string') return null;
    const input = payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : {};
    let envelope: Envelope<unknown> | null = null;
    if (UNIFIED.has(channel)) {
      // All inboxes while any account syncs: the reader merges the same files.
      if (syncing.size === 0) return null;
      const only = input.accountIds;
      if (only !== undefined && !(Array.isArray(only) && only.every((a) => typeof a === 'string')))
        return null;
      const named = files.filter((f) => !only || (only as string[]).includes(f.accountId));
      if (named.some((f) => f.file === null)) return null;
      envelope = await reader.readUnified(named as { accountId: string; file: string }[], channel, payload);
    } else if (READ_CHANNELS.has(channel)) {
      const accountId = input.accountId;
      if (typeof accountId !== 'string' || !syncing.has(accountId)) return null;
      const file = files.find((f) => f.accountId === accountId)?.file;
      if (!file) return null;
      envelope = await reader.read(file, channel, payload);
    }
    return envelope && (envelope.ok || envelope.error.kind !== 'internal') ? envelope : null;
  };

  /** A call's answer in the form asked (an envelope, or the text a browser page gets): from the
   *  reader, else from the core's thread (`ask`). */
  const answer = async <T>(
    channel: unknown,
    payload: unknown,
    form: (e: Envelope<unknown>) => T,
    ask: (to: Rpc<CoreFunctions, HostFunctions>) => Promise<T>,
  ): Promise<T> => {
    const fromReader = await read(channel, payload);
    if (fromReader) return form(fromReader);
    const go = (): Promise<T> => (core ? ask(core) : Promise.resolve(form(STARTING)));
    const reader = readers.running();
    if (!reader || !FILE_CHANGES.has(channel)) return go();
    fileChanges++;
    try {
      await reader.forget();
      return await go();
    } finally {
      fileChanges--;
    }
  };

  const functions: CoreFunctions = {
    start(start) {
      started ??= (async () => {
        const startReader = options.startReader;
        readers = readerSlot(startReader ? () => startReader(start.nativeBinding) : null);
        keychain = createKeychain(start.keychainService);
        // A core that failed ends this process, so the shell says the app stopped answering.
        thread = options.startCore(() => process.exit(1), start.nativeBinding);
        core = createRpc<CoreFunctions, HostFunctions>(host, thread.port);
        return core.start(start);
      })().catch((error: unknown) => (error instanceof Error ? error.message : String(error)));
      return started;
    },
    invoke: (channel, payload) =>
      answer(
        channel,
        payload,
        (e) => e,
        (to) => to.invoke(channel, payload),
      ),
    invokeText: (channel, payload) =>
      answer(channel, payload, packText, (to) => to.invokeText(channel, payload)),
    demoService: async () => (core ? core.demoService() : null),
    async close() {
      try {
        await readers.close();
        await core?.close();
      } finally {
        await thread?.stop().catch(() => undefined);
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
