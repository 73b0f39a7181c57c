// Starts the core in its own Node process and connects to it over the IPC channel (structured
// clone, like a MessagePort): the web bridge's twin of Electron's utilityProcess. A process, not a
// worker thread, because the keychain's native module (keytar, over GLib) cannot be loaded again
// in a second thread of one process.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { connectCore, type CoreClient } from '../core/remote';
import type { CoreStart } from '../core/wire';

export function startCoreProcess(options: CoreStart): CoreClient {
  const child = fork(fileURLToPath(new URL('./core-entry.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const client = connectCore({
    post: (message) => {
      if (child.connected) child.send(message);
    },
    listen: (listener) => child.on('message', listener),
    close: () => {
      if (child.connected) child.disconnect();
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.on('error', (error) => client.lost(`The app's core failed: ${error.message}`));
  child.on('exit', () => client.lost('The app stopped answering.'));
  child.send({ type: 'start', options });
  const close = client.close.bind(client);
  return {
    ...client,
    async close() {
      await close();
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
