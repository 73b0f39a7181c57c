// `npm run bench [-- --only <suite>[,<suite>]] [--scale small|full]`: builds its own data with the
// sandbox, measures every figure of the issue against its target and a bare limit measured in the
// same run, prints the table and writes bench-results/<timestamp>.json. A complete full-scale run
// also refreshes the committed copy in docs/bench/latest.{json,md}.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Fixtures } from './lib/fixtures';
import type { Figure } from './lib/figure';
import { machineInfo, textTable, writeLatest, writeResults, type RunInfo } from './lib/report';
import { SCALES, type ScaleName } from './lib/scale';
import { toFigure, type Context, type Measured } from './lib/suite';
import { SUITES } from './suites';

interface Args {
  only: string[] | null;
  scale: ScaleName;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { only: null, scale: 'full' };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const [flag, inline] = a.includes('=')
      ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]
      : [a, undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (!v) throw new Error(`${flag} needs a value`);
      return v;
    };
    if (flag === '--only')
      args.only = value()
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    else if (flag === '--scale') {
      const v = value();
      if (v !== 'small' && v !== 'full') throw new Error(`--scale is small or full, not "${v}"`);
      args.scale = v;
    } else if (flag === '--help' || flag === '-h') {
      console.log(
        `usage: npm run bench -- [--only ${SUITES.map((s) => s.name).join('|')}[,...]] [--scale small|full]`,
      );
      process.exit(0);
    } else throw new Error(`unknown argument "${a}" (try --help)`);
  }
  const known = new Set(SUITES.map((s) => s.name));
  const unknown = args.only?.filter((n) => !known.has(n)) ?? [];
  if (unknown.length)
    throw new Error(`unknown suite ${unknown.join(', ')}; suites: ${[...known].join(', ')}`);
  return args;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
  const scale = SCALES[args.scale];
  const startedAt = new Date();
  const t0 = performance.now();
  const tmp = mkdtempSync(join(tmpdir(), 'triage-bench-'));
  const log = (m: string): void =>
    console.log(`[bench ${((performance.now() - t0) / 1000).toFixed(1).padStart(6)} s] ${m}`);
  const fixtures = new Fixtures(scale, tmp, root, log);
  const ctx: Context = { scale, root, tmp, fixtures, log };
  const figures: Figure[] = [];
  const suites = SUITES.filter((s) => !args.only || args.only.includes(s.name));
  log(`scale ${scale.name}; suites ${suites.map((s) => s.name).join(', ')}; temp ${tmp}`);
  try {
    for (const suite of suites) {
      log(`suite ${suite.name}`);
      let measured: Record<string, Measured> = {};
      let error: string | undefined;
      try {
        measured = await suite.run(ctx);
      } catch (e) {
        error = e instanceof Error ? e.message.split('\n')[0] : String(e);
        log(`suite ${suite.name} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      }
      for (const spec of suite.specs) figures.push(toFigure(suite.name, spec, measured[spec.key], error));
    }
  } finally {
    await fixtures.close();
    rmSync(tmp, { recursive: true, force: true });
  }
  const info: RunInfo = {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    scale: scale.name,
    only: args.only,
    durationSeconds: (performance.now() - t0) / 1000,
    machine: machineInfo(),
    sizes: fixtures.sizes(),
  };
  console.log('\n' + textTable(figures) + '\n');
  const file = writeResults(root, figures, info);
  console.log(`figures written to ${file}`);
  if (!args.only && scale.name === 'full') {
    writeLatest(root, figures, info);
    console.log('docs/bench/latest.json and latest.md refreshed');
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
