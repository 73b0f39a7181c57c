// `npm run sandbox -- [--port N] [--seed N] [--threads N] [--leads N] [--campaigns N]
//   [--api-key KEY] [--faults SPEC] [--live SECONDS] [--data-dir DIR] [--no-rate-limit]`
import { parseArgs } from 'node:util';
import { FaultSpecError, parseFaultSpec, startSandbox, type SandboxOptions } from './index';

const USAGE =
  'usage: npm run sandbox -- [--port N] [--seed N] [--threads N] [--leads N] [--campaigns N]\n' +
  '                          [--api-key KEY] [--faults SPEC] [--live SECONDS] [--data-dir DIR] [--no-rate-limit]';

function bad(message: string): never {
  process.stderr.write(`sandbox: ${message}\n${USAGE}\n`);
  process.exit(2);
}

function integer(name: string, raw: string | undefined, min: number, max: number): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    bad(`--${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return Number(raw);
}

function parse(): SandboxOptions {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string' },
        seed: { type: 'string' },
        threads: { type: 'string' },
        leads: { type: 'string' },
        campaigns: { type: 'string' },
        'api-key': { type: 'string' },
        faults: { type: 'string' },
        live: { type: 'string' },
        'data-dir': { type: 'string' },
        'no-rate-limit': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (e) {
    bad(e instanceof Error ? e.message : String(e));
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const opts: SandboxOptions = { log: (line) => process.stderr.write(`${line}\n`) };
  const put = <K extends keyof SandboxOptions>(k: K, v: SandboxOptions[K] | undefined) => {
    if (v !== undefined) opts[k] = v;
  };
  put('port', integer('port', values.port, 0, 65535));
  put('seed', integer('seed', values.seed, 0, 0xffffffff));
  put('threads', integer('threads', values.threads, 0, 1_000_000));
  put('leads', integer('leads', values.leads, 1, 2_000_000));
  put('campaigns', integer('campaigns', values.campaigns, 4, 10_000));
  if (values['api-key'] !== undefined && values['api-key'].trim() === '') bad('--api-key must not be empty');
  put('apiKey', values['api-key']);
  if (values.faults !== undefined) {
    try {
      parseFaultSpec(values.faults);
    } catch (e) {
      if (e instanceof FaultSpecError) bad(`--faults: ${e.message}`);
      throw e;
    }
    put('faults', values.faults);
  }
  if (values.live !== undefined) {
    const live = Number(values.live);
    if (values.live.trim() === '' || !Number.isFinite(live) || live < 0) {
      bad(`--live must be a number of seconds >= 0, got "${values.live}"`);
    }
    put('live', live);
  }
  put('dataDir', values['data-dir']);
  if (values['no-rate-limit']) opts.rateLimit = false;
  return opts;
}

const sandbox = await startSandbox(parse()).catch((e: unknown) => {
  process.stderr.write(`sandbox: could not start: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});

process.stdout.write(
  `Outreach sandbox running\n  URL:     ${sandbox.url}\n  API key: ${sandbox.apiKey}\n` +
    sandbox.teams.map((t, i) => `  team:    ${t.id}  ${t.name}${i === 0 ? '  (default)' : ''}\n`).join(''),
);

let stopping = false;
const shutdown = (signal: string) => {
  if (stopping) return;
  stopping = true;
  process.stderr.write(`sandbox: ${signal}, stopping\n`);
  sandbox.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
