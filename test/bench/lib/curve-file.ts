// The committed copy of the last curve: docs/bench/curve.json (the figures per size, their bare
// limits and growth) and docs/bench/curve.svg drawn from the same figures.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { curveSvg } from './curve-svg';
import { growth, threadsLabel, type CurveFigure } from './curve';
import type { machineInfo } from './report';

export interface CurveRunInfo {
  startedAt: string;
  finishedAt: string;
  durationSeconds: number;
  machine: ReturnType<typeof machineInfo>;
  /** The sizes asked for; `measured` holds the ones that ran to their end. */
  sizes: number[];
  measured: { threads: number; seconds: number; finishedAt: string; store: Record<string, number> }[];
  /** Suites run again later on their own (`--only`), replacing only their figures. */
  rerun?: { suites: string[]; sizes: number[]; startedAt: string }[];
}

export interface CurveFile {
  run: CurveRunInfo;
  figures: CurveFigure[];
}

function drawn(file: CurveFile): string {
  const { run } = file;
  const sizes = run.measured.map((m) => threadsLabel(m.threads)).join(', ');
  const m = run.machine;
  const again = (run.rerun ?? [])
    .map(
      (r) =>
        ` · ${r.suites.join(', ')} at ${r.sizes.map(threadsLabel).join(', ')} again ${r.startedAt.slice(0, 10)}`,
    )
    .join('');
  return curveSvg(file.figures, {
    subtitle: `npm run bench -- --scale curve · ${sizes} threads · ${run.startedAt.slice(0, 10)}${again} · ${m.cpus} cores shared with other work`,
  });
}

export function writeCurve(root: string, file: CurveFile): void {
  const dir = join(root, 'docs', 'bench');
  mkdirSync(dir, { recursive: true });
  const json = { run: file.run, figures: file.figures.map((f) => ({ ...f, growth: growth(f.points) })) };
  // Lists of numbers or short names on one line, as the repository's formatter writes them.
  const text = JSON.stringify(json, null, 2).replace(
    /\[\s+((?:-?[\d.e+-]+|"\w+")(?:,\s+(?:-?[\d.e+-]+|"\w+"))*)\s+\]/g,
    (_, inner: string) => `[${inner.split(/,\s+/).join(', ')}]`,
  );
  writeFileSync(join(dir, 'curve.json'), text + '\n');
  writeFileSync(join(dir, 'curve.svg'), drawn(file));
}

export function readCurve(root: string): CurveFile {
  return JSON.parse(readFileSync(join(root, 'docs', 'bench', 'curve.json'), 'utf8')) as CurveFile;
}

/** Draws docs/bench/curve.svg again from docs/bench/curve.json (after a change to the drawing). */
export function redrawCurve(root: string): void {
  writeFileSync(join(root, 'docs', 'bench', 'curve.svg'), drawn(readCurve(root)));
}
