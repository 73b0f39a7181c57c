// Starts the core (createApp and the contract's dispatcher) in Electron's utilityProcess and
// connects to it over a MessageChannelMain: every SQLite read and write, every sync, runs there,
// so main's event loop is free to answer the window and forward calls.
import { MessageChannelMain, utilityProcess } from 'electron';
import { connectCore, type ConnectOptions, type CoreClient } from '../core/host/remote';
import type { CoreStart } from '../core/host/wire';

export function startCoreProcess(entry: string, options: CoreStart, shell: ConnectOptions): CoreClient {
  const child = utilityProcess.fork(entry, [], { serviceName: 'Outreach Triage core', stdio: 'inherit' });
  const { port1, port2 } = new MessageChannelMain();
  // The port goes to the core first, so the start call waits on it until the core listens.
  child.postMessage({ type: 'port' }, [port2]);
  const client = connectCore(
    {
      post: (message) => port1.postMessage(message),
      listen: (listener) => port1.on('message', (e) => listener(e.data)),
      close: () => port1.close(),
    },
    options,
    shell,
  );
  port1.start();
  child.on('exit', (code) => client.lost(`The app's core stopped (exit code ${code}). Restart the app.`));
  return client;
}
