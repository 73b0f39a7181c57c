// The cost curve's figures: each figure's value and bare limit at each size, the growth between
// sizes as a log-log slope (1.0 grows like the data, 0 stays flat, 2 grows with its square), and
// the table `--scale curve` prints. Pure: no timing, no files.
import type { Unit } from './figure';

export interface CurvePoint {
  threads: number;
  value: number | null;
  bare: number | null;
  note?: string;
}

export interface CurveFigure {
  key: string;
  label: string;
  unit: Unit;
  bareLabel: string;
  /** One point per size, in the order of the sizes. */
  points: CurvePoint[];
}

export interface Growth {
  from: number;
  to: number;
  value: number | null;
  bare: number | null;
}

/** The log-log slope from (x1, y1) to (x2, y2); null when either value is missing or not positive. */
export function slope(x1: number, y1: number | null, x2: number, y2: number | null): number | null {
  if (y1 === null || y2 === null || !(y1 > 0) || !(y2 > 0) || !(x1 > 0) || !(x2 > 0) || x1 === x2)
    return null;
  return Math.log(y2 / y1) / Math.log(x2 / x1);
}

/** Growth between each pair of consecutive sizes, then from the first size to the last. */
export function growth(points: readonly CurvePoint[]): Growth[] {
  const sorted = [...points].sort((a, b) => a.threads - b.threads);
  const pairs: [CurvePoint, CurvePoint][] = [];
  for (let i = 1; i < sorted.length; i++) pairs.push([sorted[i - 1]!, sorted[i]!]);
  if (sorted.length > 2) pairs.push([sorted[0]!, sorted[sorted.length - 1]!]);
  return pairs.map(([a, b]) => ({
    from: a.threads,
    to: b.threads,
    value: slope(a.threads, a.value, b.threads, b.value),
    bare: slope(a.threads, a.bare, b.threads, b.bare),
  }));
}

/** The growth from the smallest size to the largest with both values measured. */
export function overallSlope(points: readonly CurvePoint[], which: 'value' | 'bare'): number | null {
  const got = points.filter((p) => p[which] !== null && (p[which] as number) > 0);
  if (got.length < 2) return null;
  const sorted = [...got].sort((a, b) => a.threads - b.threads);
  const a = sorted[0]!;
  const b = sorted[sorted.length - 1]!;
  return slope(a.threads, a[which], b.threads, b[which]);
}

export function threadsLabel(n: number): string {
  if (n >= 1_000_000 && n % 100_000 === 0) return `${n / 1_000_000}M`;
  if (n >= 1_000 && n % 100 === 0) return `${n / 1_000}k`;
  return String(n);
}

export function formatValue(v: number | null, unit: Unit): string {
  if (v === null || !Number.isFinite(v)) return '-';
  if (unit === 'ratio') return v.toFixed(3);
  const digits = Math.abs(v) >= 100 ? 0 : Math.abs(v) >= 10 ? 1 : 2;
  return `${v.toFixed(digits)} ${unit}`;
}

const fmtSlope = (s: number | null): string => (s === null ? '-' : (Math.abs(s) < 0.005 ? 0 : s).toFixed(2));

/** One row per figure: its value and bare limit at each size, then each growth. */
export function curveTable(figures: readonly CurveFigure[], sizes: readonly number[]): string {
  const head = ['figure', ...sizes.map((n) => `${threadsLabel(n)} threads (bare)`)];
  const growths = figures[0]
    ? growth(figures[0].points).map((g) => `${threadsLabel(g.from)}-${threadsLabel(g.to)}`)
    : [];
  head.push(...growths.map((g) => `slope ${g} (bare)`));
  const rows = figures.map((f) => {
    const at = sizes.map((n) => {
      const p = f.points.find((q) => q.threads === n);
      return p ? `${formatValue(p.value, f.unit)} (${formatValue(p.bare, f.unit)})` : 'not run';
    });
    const g = growth(f.points).map((x) => `${fmtSlope(x.value)} (${fmtSlope(x.bare)})`);
    return [f.label, ...at, ...g];
  });
  const all = [head, ...rows];
  const widths = head.map((_, i) => Math.max(...all.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
  const notes = figures.flatMap((f) =>
    f.points.filter((p) => p.note).map((p) => `  ${f.key} at ${threadsLabel(p.threads)}: ${p.note}`),
  );
  const out = [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)];
  out.push('', 'slope: log-log growth between sizes; 1.00 grows like the data, 0 stays flat.');
  if (notes.length) out.push('', 'notes:', ...notes);
  return out.join('\n');
}
