// The table printed at the end of a run, and the JSON/Markdown copies of the same figures.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import os from 'node:os';
import * as prettier from 'prettier';
import { describeTarget, shortfall, verdict, type Figure } from './figure';

export interface RunInfo {
  startedAt: string;
  finishedAt: string;
  scale: string;
  only: string[] | null;
  durationSeconds: number;
  /** Passes over the suites; each figure is the median of them. */
  repeat: number;
  machine: { cpus: number; cpuModel: string; memoryGB: number; platform: string; node: string };
  sizes: Record<string, number>;
  /** Suites measured later at the same scale and merged in (`--into-latest`): which, and when. */
  merged?: { suites: string[]; startedAt: string; durationSeconds: number }[];
}

export function machineInfo(): RunInfo['machine'] {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? 'unknown',
    memoryGB: Math.round(os.totalmem() / 2 ** 30),
    platform: `${os.platform()} ${os.release()}`,
    node: process.version,
  };
}

function fmt(value: number | null, unit: string): string {
  if (value === null || !Number.isFinite(value)) return '-';
  if (unit === 'ratio') return value.toFixed(3);
  const digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  return `${value.toFixed(digits)} ${unit}`;
}

function row(f: Figure): string[] {
  const v = verdict(f);
  return [
    f.label,
    fmt(f.value, f.unit),
    describeTarget(f.target),
    f.bare === null ? '-' : `${fmt(f.bare, f.unit)} (${f.bareLabel})`,
    fmt(f.ratio, 'ratio'),
    v === 'miss' ? `MISS (${shortfall(f)})` : v.toUpperCase(),
  ];
}

const HEAD = ['figure', 'value', 'target', 'bare limit (same run)', 'ratio', 'result'];

export function textTable(figures: Figure[]): string {
  const rows = [HEAD, ...figures.map(row)];
  const widths = HEAD.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
  const out = [line(HEAD), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)];
  const notes = figures.filter((f) => f.note).map((f) => `  ${f.key}: ${f.note}`);
  const dists = figures
    .filter((f) => f.samples && f.samples.n > 1)
    .map((f) => {
      const s = f.samples!;
      return `  ${f.key}: n=${s.n} min ${fmt(s.min, f.unit)}, median ${fmt(s.median, f.unit)}, p95 ${fmt(s.p95, f.unit)}, p99 ${fmt(s.p99, f.unit)}, max ${fmt(s.max, f.unit)}`;
    });
  if (dists.length) out.push('', 'distributions:', ...dists);
  if (notes.length) out.push('', 'notes:', ...notes);
  return out.join('\n');
}

export function markdownTable(figures: Figure[], info: RunInfo): string {
  const esc = (s: string) => s.replace(/\|/g, '\\|');
  const lines = [
    `# Benchmark: last full run`,
    '',
    `Run ${info.startedAt} at scale \`${info.scale}\`${info.repeat > 1 ? ` (median of ${info.repeat} passes)` : ''} in ${info.durationSeconds.toFixed(0)} s on ` +
      `${info.machine.cpus} x ${info.machine.cpuModel}, ${info.machine.memoryGB} GB, ${info.machine.platform}, Node ${info.machine.node}.`,
    ...(info.merged ?? []).map(
      (m) =>
        `The figures of ${m.suites.join(', ')} are from a later run of those suites alone, ${m.startedAt} (${m.durationSeconds.toFixed(0)} s), at the same scale.`,
    ),
    '',
    `| ${HEAD.join(' | ')} |`,
    `|${HEAD.map(() => '---').join('|')}|`,
    ...figures.map((f) => `| ${row(f).map(esc).join(' | ')} |`),
  ];
  const dists = figures.filter((f) => f.samples && f.samples.n > 1);
  if (dists.length) {
    lines.push('', '| distribution | n | min | median | p95 | p99 | max |', '|---|---|---|---|---|---|---|');
    for (const f of dists) {
      const s = f.samples!;
      lines.push(
        `| ${esc(f.label)} | ${s.n} | ${fmt(s.min, f.unit)} | ${fmt(s.median, f.unit)} | ${fmt(s.p95, f.unit)} | ${fmt(s.p99, f.unit)} | ${fmt(s.max, f.unit)} |`,
      );
    }
  }
  const notes = figures.filter((f) => f.note);
  if (notes.length)
    lines.push('', 'Notes:', '', ...notes.map((f) => `- **${esc(f.label)}**: ${esc(f.note!)}`));
  lines.push(
    '',
    'Sizes: ' +
      Object.entries(info.sizes)
        .map(([k, v]) => `${k} ${v.toLocaleString('en-US')}`)
        .join(', ') +
      '.',
    '',
  );
  return lines.join('\n');
}

export function toJson(figures: Figure[], info: RunInfo): string {
  return (
    JSON.stringify(
      {
        run: info,
        figures: figures.map((f) => ({ ...f, result: verdict(f) })),
      },
      null,
      2,
    ) + '\n'
  );
}

/** Writes bench-results/<timestamp>.json; answers its path. */
export function writeResults(root: string, figures: Figure[], info: RunInfo): string {
  const dir = join(root, 'bench-results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${info.startedAt.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, toJson(figures, info));
  return file;
}

/** Puts the figures of a run of some suites (`--only … --into-latest`) into the committed copy,
 *  in place of those suites' figures there; the copy says which figures came from which run. */
export async function mergeIntoLatest(root: string, figures: Figure[], info: RunInfo): Promise<void> {
  const file = join(root, 'docs', 'bench', 'latest.json');
  const latest = JSON.parse(readFileSync(file, 'utf8')) as { run: RunInfo; figures: Figure[] };
  const fresh = new Map(figures.map((f) => [f.key, f]));
  const kept = latest.figures.filter((f) => !fresh.has(f.key));
  const run: RunInfo = {
    ...latest.run,
    sizes: { ...latest.run.sizes, ...info.sizes },
    merged: [
      ...(latest.run.merged ?? []).filter((m) => !m.suites.every((s) => info.only?.includes(s))),
      { suites: info.only ?? [], startedAt: info.startedAt, durationSeconds: info.durationSeconds },
    ],
  };
  await writeLatest(root, [...kept, ...figures], run);
}

/** The committed copy of the last complete run: docs/bench/latest.json and latest.md. */
export async function writeLatest(root: string, figures: Figure[], info: RunInfo): Promise<void> {
  const dir = join(root, 'docs', 'bench');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'latest.json');
  // In the layout the repository's formatter keeps (its check runs over docs too).
  const options = (await prettier.resolveConfig(file)) ?? {};
  writeFileSync(file, await prettier.format(toJson(figures, info), { ...options, filepath: file }));
  writeFileSync(join(dir, 'latest.md'), markdownTable(figures, info));
}
