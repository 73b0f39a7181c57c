// Draws the cost curve as a standalone SVG: log-log axes (threads across, the figure's value up),
// one solid line per figure, its bare limit dashed in the same colour, and a legend with each
// figure's growth. A white card, so it reads the same in a light or a dark README viewer.
import { formatValue, slope, threadsLabel, type CurveFigure, type CurvePoint } from './curve';

/** Okabe-Ito colours, darkened where they are too light on white. */
const COLOURS = ['#0072B2', '#D55E00', '#009E73', '#AA3377', '#9A6A00', '#444444', '#56A0D3', '#E0457B'];
const W = 1100;
const H = 640;
const PLOT = { left: 86, top: 64, right: 640, bottom: 566 };

const esc = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const num = (n: number): string => (Math.round(n * 10) / 10).toString();

function yLabel(v: number): string {
  if (v >= 1e6) return `${v / 1e6}M`;
  if (v >= 1e3) return `${v / 1e3}k`;
  return String(v);
}

/** A log axis from `from` to `to` px over [lo, hi] (widened to whole decades when `decades`),
 *  with ticks at 1, 2 and 5 of each decade inside it. */
function logAxis(lo: number, hi: number, from: number, to: number, decades: boolean) {
  const a = decades ? Math.floor(Math.log10(lo)) : Math.log10(lo);
  const b = decades ? Math.max(a + 1, Math.ceil(Math.log10(hi))) : Math.log10(hi);
  const at = (v: number): number => from + ((Math.log10(v) - a) / (b - a)) * (to - from);
  const ticks: { v: number; major: boolean }[] = [];
  for (let d = Math.floor(a); d <= Math.ceil(b); d++) {
    for (const m of [1, 2, 5]) {
      const v = Number((m * 10 ** d).toPrecision(3));
      if (Math.log10(v) >= a - 1e-9 && Math.log10(v) <= b + 1e-9) ticks.push({ v, major: m === 1 });
    }
  }
  return { at, ticks, max: 10 ** b };
}

/** The growth between each pair of consecutive sizes, as "0.87 → 1.37". */
function steps(points: readonly CurvePoint[], which: 'value' | 'bare'): string {
  const sorted = [...points].sort((a, b) => a.threads - b.threads);
  const out: string[] = [];
  for (let i = 1; i < sorted.length; i++) {
    const a = sorted[i - 1]!;
    const b = sorted[i]!;
    const g = slope(a.threads, a[which], b.threads, b[which]);
    out.push(g === null ? '-' : (Math.abs(g) < 0.005 ? 0 : g).toFixed(2));
  }
  return out.length ? out.join(' → ') : '-';
}

export interface CurveSvgOptions {
  title?: string;
  subtitle?: string;
}

export function curveSvg(figures: readonly CurveFigure[], options: CurveSvgOptions = {}): string {
  const pts = figures.flatMap((f) => f.points);
  const xs = pts.map((p) => p.threads).filter((x) => x > 0);
  const ys = pts.flatMap((p) => [p.value, p.bare]).filter((y): y is number => y !== null && y > 0);
  // Threads: a margin around the sizes run; values: whole decades.
  const x = logAxis(Math.min(...xs) / 1.4, Math.max(...xs) * 1.4, PLOT.left, PLOT.right, false);
  const y = logAxis(Math.min(...ys, 1), Math.max(...ys, 10), PLOT.bottom, PLOT.top, true);
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="Helvetica, Arial, sans-serif" font-size="13">`,
    `<rect width="${W}" height="${H}" fill="#ffffff" rx="6"/>`,
    `<text x="${PLOT.left}" y="28" font-size="17" font-weight="bold" fill="#111">${esc(options.title ?? 'Cost curve: each figure against the number of threads (log-log)')}</text>`,
  ];
  if (options.subtitle) out.push(`<text x="${PLOT.left}" y="48" fill="#444">${esc(options.subtitle)}</text>`);
  // Grid and ticks.
  // The sizes run are ticks too, so each column of points has its label.
  const sizes = [...new Set(xs)].filter((v) => !x.ticks.some((t) => t.v === v));
  for (const t of [...x.ticks, ...sizes.map((v) => ({ v, major: false }))]) {
    const px = num(x.at(t.v));
    out.push(
      `<line x1="${px}" y1="${PLOT.top}" x2="${px}" y2="${PLOT.bottom}" stroke="${t.major ? '#c8c8c8' : '#ececec'}"/>`,
      `<text x="${px}" y="${PLOT.bottom + 18}" text-anchor="middle" fill="#333">${threadsLabel(t.v)}</text>`,
    );
  }
  for (const t of y.ticks) {
    const py = num(y.at(t.v));
    out.push(
      `<line x1="${PLOT.left}" y1="${py}" x2="${PLOT.right}" y2="${py}" stroke="${t.major ? '#c8c8c8' : '#ececec'}"/>`,
    );
    if (t.major || y.ticks.length < 20)
      out.push(
        `<text x="${PLOT.left - 8}" y="${num(y.at(t.v) + 4)}" text-anchor="end" fill="#333">${yLabel(t.v)}</text>`,
      );
  }
  out.push(
    `<rect x="${PLOT.left}" y="${PLOT.top}" width="${PLOT.right - PLOT.left}" height="${PLOT.bottom - PLOT.top}" fill="none" stroke="#888"/>`,
    `<text x="${(PLOT.left + PLOT.right) / 2}" y="${PLOT.bottom + 44}" text-anchor="middle" fill="#111">threads in the store (log scale)</text>`,
    `<text transform="translate(24 ${(PLOT.top + PLOT.bottom) / 2}) rotate(-90)" text-anchor="middle" fill="#111">value: ms, or MB for memory (log scale)</text>`,
  );
  // A guide of slope 1 through the first figure's first point: a line steeper than it grows
  // faster than the data.
  const first = figures[0]?.points.find((p) => p.value !== null && p.value > 0);
  if (first && xs.length > 1) {
    const x0 = Math.min(...xs);
    const y0 = (first.value as number) * (x0 / first.threads);
    // Up to the last size, or to the top of the plot if it gets there first.
    const x1 = Math.min(Math.max(...xs), x0 * (y.max / y0));
    const y1 = y0 * (x1 / x0);
    out.push(
      `<line class="guide" x1="${num(x.at(x0))}" y1="${num(y.at(y0))}" x2="${num(x.at(x1))}" y2="${num(y.at(y1))}" stroke="#777" stroke-width="1.2" stroke-dasharray="1.5 4" stroke-linecap="round"/>`,
      `<text x="${num(x.at(x1) - 6)}" y="${num(y.at(y1) - 8)}" text-anchor="end" font-size="12" fill="#555">slope 1: grows like the data</text>`,
    );
  }
  // One solid line per figure, its bare limit dashed in the same colour.
  figures.forEach((f, i) => {
    const colour = COLOURS[i % COLOURS.length]!;
    for (const which of ['value', 'bare'] as const) {
      const got = f.points
        .filter((p) => p[which] !== null && (p[which] as number) > 0)
        .sort((a, b) => a.threads - b.threads);
      if (got.length === 0) continue;
      const d = got.map((p, k) => `${k ? 'L' : 'M'}${num(x.at(p.threads))} ${num(y.at(p[which] as number))}`);
      const dash = which === 'bare' ? ' stroke-dasharray="7 5"' : '';
      const cls = which === 'bare' ? 'bare' : 'figure';
      out.push(
        `<path class="${cls}" data-key="${esc(f.key)}" d="${d.join(' ')}" fill="none" stroke="${colour}" stroke-width="${which === 'bare' ? 2 : 2.6}"${dash}/>`,
      );
      for (const p of got) {
        const title = `${f.label}${which === 'bare' ? ' — bare limit' : ''}, ${threadsLabel(p.threads)} threads: ${formatValue(p[which], f.unit)}`;
        out.push(
          `<circle cx="${num(x.at(p.threads))}" cy="${num(y.at(p[which] as number))}" r="${which === 'bare' ? 3 : 4}" fill="${which === 'bare' ? '#fff' : colour}" stroke="${colour}" stroke-width="1.5"><title>${esc(title)}</title></circle>`,
        );
      }
    }
  });
  // Legend: a solid and a dashed swatch per figure, its unit and its growth.
  const lx = PLOT.right + 28;
  out.push(
    `<text x="${lx}" y="${PLOT.top + 4}" font-weight="bold" fill="#111">solid: the figure · dashed: its bare limit, same run</text>`,
    `<text x="${lx}" y="${PLOT.top + 22}" fill="#444">growth: log-log slope from each size to the next;</text>`,
    `<text x="${lx}" y="${PLOT.top + 40}" fill="#444">1.0 grows like the data, 0 stays flat</text>`,
  );
  figures.forEach((f, i) => {
    const colour = COLOURS[i % COLOURS.length]!;
    const top = PLOT.top + 72 + i * 50;
    out.push(
      `<line x1="${lx}" y1="${top - 4}" x2="${lx + 26}" y2="${top - 4}" stroke="${colour}" stroke-width="2.6"/>`,
      `<line x1="${lx}" y1="${top + 14}" x2="${lx + 26}" y2="${top + 14}" stroke="${colour}" stroke-width="2" stroke-dasharray="7 5"/>`,
      `<text x="${lx + 34}" y="${top}" fill="#111">${esc(f.label)} (${f.unit}) · growth ${steps(f.points, 'value')}</text>`,
      `<text x="${lx + 34}" y="${top + 18}" fill="#444">${esc(f.bareLabel)} · growth ${steps(f.points, 'bare')}</text>`,
    );
  });
  out.push('</svg>', '');
  return out.join('\n');
}
