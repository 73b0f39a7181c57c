// Starts the core in a child process and talks to it over the child's IPC channel: the web
// bridge's twin of Electron's utilityProcess. A process, not a worker thread: the keychain's
// native library (libsecret, through keytar) keeps process-wide state that a second thread's copy
// of the addon registers again and that crashes the process when such a thread exits.
import { spawn, type ChildProcess, type Serializable, type SpawnOptions } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { connectCore, type CoreClient } from '../core/host/remote';
import type { CoreStart } from '../core/host/wire';

const ENTRY = fileURLToPath(new URL('./core-child.ts', import.meta.url));
// The child runs TypeScript through tsx, as `npm run web` does: its require hooks, which compile
// on the child's own thread, where its ESM hooks (`--import tsx`) ran in a hooks thread of their
// own, an isolate of about 30 MB of the core's process (ts-worker.ts does the same for its threads).
// A .ts entry of this ESM package would still go to the ESM loader, so the child requires it.
const tsx = createRequire(import.meta.url).resolve('tsx/cjs');

/** fork() for a TypeScript entry under tsx's require hooks: the same IPC channel, the entry
 *  required rather than run as the main module. */
export function forkTs(entry: string, options: Omit<SpawnOptions, 'stdio'> = {}): ChildProcess {
  return spawn(process.execPath, ['--require', tsx, '--eval', `require(${JSON.stringify(entry)})`], {
    ...options,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

/** `entry`: the process's script, core-child.ts unless a bench runs its timed twin. */
export function startCoreProcess(options: CoreStart, entry = ENTRY): CoreClient {
  // Structured clone, as a MessagePort carries: rows keep their types and no JSON round trip.
  const child = forkTs(entry, { serialization: 'advanced' });
  const client = connectCore(
    {
      post: (message) => {
        if (child.connected) child.send(message as Serializable);
      },
      listen: (listener) => child.on('message', listener),
      close: () => {
        if (child.connected) child.disconnect();
      },
    },
    options,
  );
  child.on('error', (error) => client.lost(`The app's core failed: ${error.message}`));
  child.on('exit', () => client.lost('The app stopped answering.'));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = client.close.bind(client);
  return {
    ...client,
    async close() {
      await close();
      // The core has closed its stores; the child ends once its channel is gone.
      if (child.exitCode === null && child.signalCode === null) {
        const timer = setTimeout(() => child.kill(), 5_000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}
