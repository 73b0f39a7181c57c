// `npm run bench [-- --only <suite>[,<suite>]] [--scale small|full|curve] [--repeat N]`: builds its own data with the
// sandbox, measures every figure of the issue against its target and a bare limit measured in the
// same run, prints the table and writes bench-results/<timestamp>.json. With --repeat N every suite
// runs N times on the same data and each figure (and its bare limit) is the median of the N. A complete full-scale run
// also refreshes the committed copy in docs/bench/latest.{json,md}. `--scale curve [--sizes 10000,...]`
// runs the curve's suites at each size instead (lib/curve-run.ts) and writes docs/bench/curve.*;
// `--add` keeps the other sizes of curve.json; `--only` there runs those suites alone and replaces
// only their figures; `--redraw` only draws curve.svg again from curve.json.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Fixtures } from './lib/fixtures';
import type { Figure } from './lib/figure';
import {
  machineInfo,
  textTable,
  mergeIntoLatest,
  writeLatest,
  writeResults,
  type RunInfo,
} from './lib/report';
import { redrawCurve } from './lib/curve-file';
import { runCurve } from './lib/curve-run';
import { CURVE_SIZES, SCALES, type ScaleName } from './lib/scale';
import { summarize } from './lib/stats';
import { toFigure, type Context, type Measured } from './lib/suite';
import { SUITES } from './suites';

interface Args {
  only: string[] | null;
  scale: ScaleName;
  repeat: number;
  /** With --only at full scale: those suites' figures replace theirs in docs/bench/latest.*. */
  intoLatest: boolean;
  /** Thread counts of `--scale curve`. */
  sizes: number[];
  /** `--scale curve --redraw`: draw docs/bench/curve.svg again from curve.json, measuring nothing. */
  redraw: boolean;
  /** `--scale curve --add`: keep the sizes already in curve.json that this run does not measure. */
  add: boolean;
}

function parseArgs(argv: string[]): Args {
  const args: Args = {
    only: null,
    scale: 'full',
    repeat: 1,
    intoLatest: false,
    sizes: [...CURVE_SIZES],
    redraw: false,
    add: false,
  };
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
      if (v !== 'small' && v !== 'full' && v !== 'curve')
        throw new Error(`--scale is small, full or curve, not "${v}"`);
      args.scale = v;
    } else if (flag === '--sizes') {
      args.sizes = value()
        .split(',')
        .map((n) => Number(n.trim()));
      if (args.sizes.some((n) => !Number.isInteger(n) || n < 1000 || n > 1_000_000))
        throw new Error('--sizes is a list of thread counts from 1000 to 1000000');
    } else if (flag === '--redraw') args.redraw = true;
    else if (flag === '--add') args.add = true;
    else if (flag === '--repeat') {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 1 || n > 9) throw new Error('--repeat is a whole number from 1 to 9');
      args.repeat = n;
    } else if (flag === '--into-latest') args.intoLatest = true;
    else if (flag === '--help' || flag === '-h') {
      console.log(
        `usage: npm run bench -- [--only ${SUITES.map((s) => s.name).join('|')}[,...]] [--scale small|full|curve] [--sizes N,N,N] [--add] [--redraw] [--repeat N] [--into-latest]`,
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

/** One figure over several passes: the median value and the median bare limit, with the
 *  distribution and note of the pass whose value is the median. */
function medianOf(passes: (Measured | undefined)[]): Measured | undefined {
  const got = passes.filter((m): m is Measured & { value: number } => m !== undefined && m.value !== null);
  if (got.length <= 1) return got[0] ?? passes.find((m) => m !== undefined);
  const sorted = [...got].sort((a, b) => a.value - b.value);
  const mid = sorted[Math.floor((sorted.length - 1) / 2)]!;
  const bares = got.map((m) => m.bare).filter((b): b is number => b !== null && b !== undefined);
  const each = got.map((m) => (Math.abs(m.value) >= 10 ? m.value.toFixed(1) : m.value.toFixed(2))).join(', ');
  return {
    ...mid,
    value: summarize(got.map((m) => m.value)).median,
    bare: bares.length ? summarize(bares).median : null,
    note: `median of ${got.length} passes (${each})${mid.note ? `; ${mid.note}` : ''}`,
  };
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
  const t0 = performance.now();
  const log = (m: string): void =>
    console.log(`[bench ${((performance.now() - t0) / 1000).toFixed(1).padStart(6)} s] ${m}`);
  if (args.scale === 'curve') {
    if (args.repeat > 1) throw new Error('--scale curve runs its suites once');
    if (args.redraw) return redrawCurve(root);
    return runCurve(root, args.sizes, log, args.add, args.only);
  }
  const scale = SCALES[args.scale];
  const startedAt = new Date();
  const tmp = mkdtempSync(join(tmpdir(), 'triage-bench-'));
  const fixtures = new Fixtures(scale, tmp, root, log);
  const ctx: Context = { scale, root, tmp, fixtures, log };
  const figures: Figure[] = [];
  const suites = SUITES.filter((s) => !args.only || args.only.includes(s.name));
  log(`scale ${scale.name}; suites ${suites.map((s) => s.name).join(', ')}; temp ${tmp}`);
  try {
    for (const suite of suites) {
      const passes: Record<string, Measured>[] = [];
      let error: string | undefined;
      for (let pass = 1; pass <= args.repeat; pass++) {
        log(`suite ${suite.name}${args.repeat > 1 ? ` (pass ${pass}/${args.repeat})` : ''}`);
        try {
          passes.push(await suite.run(ctx));
        } catch (e) {
          error = e instanceof Error ? e.message.split('\n')[0] : String(e);
          log(`suite ${suite.name} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
        }
      }
      for (const spec of suite.specs)
        figures.push(toFigure(suite.name, spec, medianOf(passes.map((m) => m[spec.key])), error));
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
    repeat: args.repeat,
    machine: machineInfo(),
    sizes: fixtures.sizes(),
  };
  console.log('\n' + textTable(figures) + '\n');
  const file = writeResults(root, figures, info);
  console.log(`figures written to ${file}`);
  if (!args.only && scale.name === 'full') {
    await writeLatest(root, figures, info);
    console.log('docs/bench/latest.json and latest.md refreshed');
  } else if (args.only && args.intoLatest && scale.name === 'full') {
    await mergeIntoLatest(root, figures, info);
    console.log(`docs/bench/latest.json and latest.md: the figures of ${args.only.join(', ')} replaced`);
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
