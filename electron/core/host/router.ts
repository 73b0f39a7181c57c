// The core's process, its main thread: receives the window's calls from the shell (Electron's
// main, or the web bridge) and routes them. The app runs on a thread of its own (serve.ts), so
// this thread never runs a sync's work: the list's windows (and every list read of an account
// whose sync runs) go straight to the reader thread (its own SQLite connection), and are answered
// while the core's thread is inside a commit, a page's parse, a suggestion pass or another call.
// Profiling a full sync of 20,000 threads showed why this matters: the core's thread was busy for
// 40 of 60 s, in tasks of up to 860 ms (a batch of thread pages, a batch of messages with their
// full-text rows), and every read waited for the task in progress before it could even be passed
// to the reader.
// This thread also holds the keychain: its native addon must be loaded by one thread only.
import type { Envelope } from '../../shared/contract';
import { packText } from '../../shared/packed';
import { createRpc, type Rpc } from '../../shared/rpc';
import { createKeychain, type Keychain } from '../accounts/keychain';
import type { OpenFile } from '../app';
import { READ_CHANNELS, UNIFIED_CHANNELS } from '../reads';
import type { ReaderClient } from './reader-client';
import { readerSlot, type ReaderSlot } from './reader-slot';
import {
  STARTING,
  type CoreFunctions,
  type CorePort,
  type CoreStart,
  type HostFunctions,
  type ShellFunctions,
  type ThreadBoot,
} from './wire';

/** Account changes that close or replace a store file: the reader lets go of its files first. */
const FILE_CHANGES: ReadonlySet<unknown> = new Set(['accounts.remove', 'accounts.chooseWorkspace']);

const UNIFIED: ReadonlySet<string> = new Set(UNIFIED_CHANNELS);
/** The list's windows: while the reader runs (any account syncs), it answers every account's, so a
 *  window never waits behind the core's thread (a commit, a suggestion pass, a call). The other
 *  reads (counts, All inboxes' search) go there only for a syncing account: otherwise the core's
 *  caches, which its own writes move instead of rebuilding, answer them. With no sync the reader
 *  is not running (its memory is let go) and the core's thread, idle then, answers everything. */
const WINDOWS: ReadonlySet<string> = new Set(['threads.list', 'unified.list']);

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
  /** How the core's thread starts the classifier's thread (classifier-client.ts). */
  classifier?: ThreadBoot;
  /** How the core's thread starts the writer's thread (writer-client.ts). */
  writer?: ThreadBoot;
  /** How the core's thread starts All inboxes' searchers (searcher-client.ts). */
  searcher?: ThreadBoot;
}

/** Serves the core's process on `port`; resolves once the core has closed (after `close`). */
export function hostCore(port: CorePort, options: RouterOptions): Promise<void> {
  let core: Rpc<CoreFunctions, HostFunctions> | null = null;
  let thread: CoreThread | null = null;
  let readers: ReaderSlot = readerSlot(null);
  let keychain: Keychain | null = null;
  let started: Promise<string | null> | null = null;
  let fileChanges = 0;
  /** Accounts whose sync runs now: their list reads go to the reader even while one of their
   *  calls is in flight on the core's thread (see `writing`). */
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
    updates: (channel) => shell.updates(channel),
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

  /** Calls of each account sent to the core's thread and not yet answered, other than reads: a
   *  list read made meanwhile goes there too, behind them, so it shows what they write (the
   *  reader would see it only once their commit is done). */
  const inFlight = new Map<string, number>();
  const accountOf = (payload: unknown): string | null => {
    const id = payload && typeof payload === 'object' ? (payload as { accountId?: unknown }).accountId : null;
    return typeof id === 'string' && id !== '' ? id : null;
  };
  /** Whether a call of `accountId` (or of any account) may be writing on the core's thread now. A
   *  syncing account's reads go to the reader whatever is in flight, as the sync's own commits
   *  do not wait either: the core's thread may be busy for seconds. */
  const writing = (accountId?: string): boolean =>
    accountId === undefined
      ? [...inFlight.keys()].some((a) => !syncing.has(a))
      : inFlight.has(accountId) && !syncing.has(accountId);

  type Target = { file: string } | { files: { accountId: string; file: string }[] };
  /** The reader that answers a list read, and where: its account's file, or All inboxes' files;
   *  null when the core's thread must (no reader, a file not open, a write in flight). */
  const readerTarget = (
    channel: unknown,
    payload: unknown,
  ): { reader: ReaderClient; channel: string; target: Target } | null => {
    const reader = readers.ready();
    if (!reader || fileChanges > 0 || typeof channel !== 'string') return null;
    const input = payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : {};
    const always = WINDOWS.has(channel);
    if (UNIFIED.has(channel)) {
      if (!always && syncing.size === 0) return null;
      const only = input.accountIds;
      if (only !== undefined && !(Array.isArray(only) && only.every((a) => typeof a === 'string')))
        return null;
      const named = files.filter((f) => !only || (only as string[]).includes(f.accountId));
      if (named.some((f) => f.file === null) || writing()) return null;
      return { reader, channel, target: { files: named as { accountId: string; file: string }[] } };
    }
    if (!READ_CHANNELS.has(channel)) return null;
    const accountId = input.accountId;
    if (typeof accountId !== 'string' || writing(accountId)) return null;
    if (!always && !syncing.has(accountId)) return null;
    const file = files.find((f) => f.accountId === accountId)?.file;
    return file ? { reader, channel, target: { file } } : null;
  };

  /** A list read as an envelope from the reader, or null when the core's thread must answer. */
  const read = async (channel: unknown, payload: unknown): Promise<Envelope<unknown> | null> => {
    const to = readerTarget(channel, payload);
    if (!to) return null;
    const { reader, target } = to;
    const envelope =
      'file' in target
        ? await reader.read(target.file, to.channel, payload)
        : await reader.readUnified(target.files, to.channel, payload);
    return envelope && (envelope.ok || envelope.error.kind !== 'internal') ? envelope : null;
  };
  /** The same read as the text a browser page gets, written on the reader thread. */
  const readText = async (channel: unknown, payload: unknown): Promise<string | null> => {
    const to = readerTarget(channel, payload);
    if (!to) return null;
    const { reader, target } = to;
    return 'file' in target
      ? reader.readText(target.file, to.channel, payload)
      : reader.readUnifiedText(target.files, to.channel, payload);
  };

  /** A call's answer in the form asked (an envelope, or the text a browser page gets): from the
   *  reader (`fromReader`), else from the core's thread (`ask`). */
  const answer = async <T>(
    channel: unknown,
    payload: unknown,
    fromReader: (channel: unknown, payload: unknown) => Promise<T | null>,
    form: (e: Envelope<unknown>) => T,
    ask: (to: Rpc<CoreFunctions, HostFunctions>) => Promise<T>,
  ): Promise<T> => {
    const isRead = typeof channel === 'string' && (READ_CHANNELS.has(channel) || UNIFIED.has(channel));
    if (isRead) {
      const read = await fromReader(channel, payload);
      if (read !== null) return read;
    }
    // Marked before anything is awaited: a read that arrived in the same chunk of messages, right
    // behind this call, already goes to the core's thread behind it.
    const account = isRead ? null : accountOf(payload);
    if (account !== null) inFlight.set(account, (inFlight.get(account) ?? 0) + 1);
    try {
      const go = (): Promise<T> => (core ? ask(core) : Promise.resolve(form(STARTING)));
      const reader = readers.running();
      if (!reader || !FILE_CHANGES.has(channel)) return await go();
      fileChanges++;
      try {
        await reader.forget();
        return await go();
      } finally {
        fileChanges--;
      }
    } finally {
      if (account !== null) {
        const left = (inFlight.get(account) ?? 1) - 1;
        if (left > 0) inFlight.set(account, left);
        else inFlight.delete(account);
      }
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
        // Only this process says how the helper threads start: their boots are run as given.
        const own: CoreStart = { ...start };
        delete own.classifier;
        delete own.writer;
        delete own.searcher;
        if (options.classifier) own.classifier = options.classifier;
        if (options.writer) own.writer = options.writer;
        if (options.searcher) own.searcher = options.searcher;
        return core.start(own);
      })().catch((error: unknown) => (error instanceof Error ? error.message : String(error)));
      return started;
    },
    invoke: (channel, payload) =>
      answer(
        channel,
        payload,
        read,
        (e) => e,
        (to) => to.invoke(channel, payload),
      ),
    invokeText: (channel, payload) =>
      answer(channel, payload, readText, packText, (to) => to.invokeText(channel, payload)),
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
