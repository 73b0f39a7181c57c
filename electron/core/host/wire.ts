// What the core's own process and the process that answers the window (Electron's main, or the
// web bridge) call on each other, over one port (../../shared/rpc.ts carries the calls). The
// answering side only forwards: contract calls in, envelopes and events out. Inside the core's
// process the same calls go on from its main thread (router.ts) to the core's thread (serve.ts).
import type { Envelope, EventName } from '../../shared/contract';
import type { UpdateChannel, UpdateStatus } from '../../shared/contract-updates';
import type { DemoOptions } from '../accounts/demo';
import type { OpenFile } from '../app';

/** How a process starts one of the core's helper threads (the classifier's, the writer's): a built
 *  file, or code that loads its entry. */
export type ThreadBoot = { file: string } | { code: string };

/** The answer to a call that comes before the core has started. */
export const STARTING: Envelope<unknown> = {
  ok: false,
  error: { kind: 'transient', message: 'The app is starting.' },
};

/** What the core is started with. */
export interface CoreStart {
  dataDir: string;
  keychainService?: string;
  nativeBinding?: string;
  startDemo?: boolean;
  demoOptions?: DemoOptions;
  /** 'ask': the answering side confirms and opens a checked link (Electron's dialog + shell);
   *  'allow': the page opens it itself (a browser, after its own confirm). */
  links: 'ask' | 'allow';
  /** 'shell': the answering side holds the desktop app's updater and answers the update channels;
   *  absent: there is none (a browser), and the core says so. */
  updates?: 'shell';
  /** The version running, shown when there is no updater. */
  appVersion?: string;
  /** How the core's thread starts the classifier's thread (its process knows where the entry is);
   *  without it suggestions are read on the core's thread. */
  classifier?: ThreadBoot;
  /** How the core's thread starts the writer's thread; without it a sync writes its message
   *  batches on the core's thread. */
  writer?: ThreadBoot;
  /** How the core's thread starts the searchers' threads; without it All inboxes searches the
   *  stores one after another on the core's thread. */
  searcher?: ThreadBoot;
}

export interface DemoService {
  url: string;
  apiKey: string;
}

/** What the core's process answers (serve.ts). */
export interface CoreFunctions {
  /** Builds the app; answers once its accounts are open: null, or why it could not start. */
  start(options: CoreStart): Promise<string | null>;
  /** One contract call, untrusted: the dispatcher validates it. */
  invoke(channel: unknown, payload: unknown): Promise<Envelope<unknown>>;
  /** The same, answered as the text a browser page gets (../../shared/packed.ts): made once on
   *  the core's thread and copied, not rebuilt, on its way. */
  invokeText(channel: unknown, payload: unknown): Promise<string>;
  demoService(): DemoService | null | Promise<DemoService | null>;
  /** Closes the stores; the port closes right after the answer. */
  close(): Promise<void>;
}

/** What the answering process answers the core (remote.ts). */
export interface ShellFunctions {
  /** An app event for the window (sent without waiting for an answer). */
  event(name: EventName, payload: unknown): void;
  /** Confirms and opens a link the core checked; false if the person declined. */
  openLink(url: string): Promise<boolean>;
  /** An update channel, which the core checked: the updater's status after it. */
  updates(channel: UpdateChannel): Promise<UpdateStatus>;
}

/** What the core's thread calls on its process's main thread (router.ts): the shell's calls passed
 *  on, where the reader thread may read, and what only the main thread holds (the keychain's
 *  native addon, the reader thread). */
export interface HostFunctions extends ShellFunctions {
  /** Every account's file, sent before each sync's state and after each account change. */
  files(files: OpenFile[]): void;
  keychainGet(accountId: string): Promise<string | null>;
  keychainSet(accountId: string, key: string): Promise<void>;
  keychainDelete(accountId: string): Promise<boolean>;
  /** The quick check of a file on the reader thread; undefined when there is none. */
  checkFile(file: string): Promise<string | null | undefined>;
  /** The reader lets go of every file (a store is about to be replaced). */
  forgetFiles(): Promise<void>;
}

/** One end of the port, whatever carries it (Node's worker MessagePort, Electron's MessagePortMain,
 *  a child process's IPC channel). */
export interface CorePort {
  post(message: unknown): void;
  listen(listener: (message: unknown) => void): void;
  close(): void;
}
