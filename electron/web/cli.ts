// `npm run web -- [--port N] [--demo] [--data-dir DIR]`: serves the app to a browser on 127.0.0.1.
// Prints the address to open (it carries the access token). With --demo it also starts the demo
// workspace and prints the demo service's address and its demo key: a throwaway key for the
// built-in sandbox only. A real account's key is never printed.
import { homedir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startWebBridge } from './bridge';

function defaultDataDir(): string {
  if (process.platform === 'win32') return join(process.env.APPDATA ?? homedir(), 'outreach-triage-web');
  if (process.platform === 'darwin')
    return join(homedir(), 'Library', 'Application Support', 'outreach-triage-web');
  return join(process.env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'outreach-triage-web');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      demo: { type: 'boolean', default: false },
      'data-dir': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log('Usage: npm run web -- [--port N] [--demo] [--data-dir DIR]');
    return;
  }
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`--port must be 0..65535, not ${values.port}`);
  const dataDir = values['data-dir'] ?? defaultDataDir();

  const bridge = await startWebBridge({ dataDir, port, demo: values.demo });
  console.log(`Open ${bridge.url}`);
  const sandbox = values.demo ? await bridge.app.demoService() : null;
  if (sandbox) {
    console.log(`Demo service: ${sandbox.url}  demo key: ${sandbox.apiKey}`);
  }
  console.log(`Data: ${dataDir}. Stop with Ctrl+C.`);

  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    bridge.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(`npm run web: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
