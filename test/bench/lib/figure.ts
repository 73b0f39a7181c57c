// One measured figure of the benchmark table, and how it is judged against its target.
import type { Summary } from './stats';

export type Unit = 'ms' | 'ratio' | 'MB' | 'KB';

export interface Target {
  /** What is compared with the bound: the figure's value or its ratio to the bare limit. */
  on: 'value' | 'ratio';
  op: '>=' | '<=';
  bound: number;
}

export interface Figure {
  /** Stable key, e.g. `search.p95`; the JSON is keyed on it. */
  key: string;
  /** The suite that measured it (what `--only` selects). */
  suite: string;
  label: string;
  unit: Unit;
  /** Our figure (a time, a size). Null when it could not be measured. */
  value: number | null;
  /** The bare limit measured in the same run, in the same unit. */
  bare: number | null;
  /** What the bare limit is, in words. */
  bareLabel: string;
  /** value / bare: how many times its bare limit the figure takes; null where they are not alike. */
  ratio: number | null;
  /** Null: reported only. */
  target: Target | null;
  /** Distribution of the samples behind the value, when there were several. */
  samples?: Summary;
  /** Why a figure is missing, or what to know when reading it. */
  note?: string;
}

export type Verdict = 'pass' | 'miss' | 'reported' | 'not measured';

export function verdict(f: Figure): Verdict {
  if (f.value === null) return 'not measured';
  if (!f.target) return 'reported';
  const x = f.target.on === 'ratio' ? f.ratio : f.value;
  if (x === null || !Number.isFinite(x)) return 'not measured';
  return (f.target.op === '>=' ? x >= f.target.bound : x <= f.target.bound) ? 'pass' : 'miss';
}

export function describeTarget(t: Target | null): string {
  if (!t) return 'reported';
  return `${t.on === 'ratio' ? 'ratio ' : ''}${t.op} ${t.bound}`;
}

/** How far a missed figure is from its target, in words ("2.3x over", "0.31 short"). */
export function shortfall(f: Figure): string | null {
  if (verdict(f) !== 'miss' || !f.target) return null;
  const x = (f.target.on === 'ratio' ? f.ratio : f.value) as number;
  if (f.target.op === '<=') return `${(x / f.target.bound).toFixed(2)}x the bound`;
  return `${((x / f.target.bound) * 100).toFixed(0)}% of the bound`;
}

export function notMeasured(base: Omit<Figure, 'value' | 'bare' | 'ratio'>, why: string): Figure {
  return { ...base, value: null, bare: null, ratio: null, note: why };
}
