// A suite measures a few figures that share their setup; `--only <suite>` runs just that one.
import type { Figure, Target, Unit } from './figure';
import type { Scale } from './scale';
import type { Summary } from './stats';
import type { Fixtures } from './fixtures';

export interface Spec {
  key: string;
  label: string;
  unit: Unit;
  target: Target | null;
  bareLabel: string;
  /** The ratio column: the figure over its bare limit (a time: how many times the limit it takes),
   *  or null where the two are not alike. One direction for every figure, so lower is better. */
  ratio: 'value/bare' | null;
}

export interface Measured {
  value: number | null;
  bare?: number | null;
  samples?: Summary;
  note?: string;
}

export interface Context {
  scale: Scale;
  /** The repository root. */
  root: string;
  /** A temp folder for this run, removed at the end. */
  tmp: string;
  fixtures: Fixtures;
  log(message: string): void;
}

export interface Suite {
  name: string;
  specs: Spec[];
  run(ctx: Context): Promise<Record<string, Measured>>;
}

export function toFigure(suite: string, spec: Spec, m: Measured | undefined, error?: string): Figure {
  const value = m?.value ?? null;
  const bare = m?.bare ?? null;
  let ratio: number | null = null;
  if (value !== null && bare !== null && spec.ratio) {
    ratio = value / bare;
  }
  const note = m?.note ?? (value === null ? (error ?? 'not measured') : undefined);
  const f: Figure = {
    key: spec.key,
    suite,
    label: spec.label,
    unit: spec.unit,
    value,
    bare,
    bareLabel: spec.bareLabel,
    ratio,
    target: spec.target,
  };
  if (m?.samples) f.samples = m.samples;
  if (note) f.note = note;
  return f;
}
