// The cost curve's pure parts: the growth between sizes (log-log slope) and the picture drawn
// from given figures. No timing is measured or asserted here.
import { describe, expect, it } from 'vitest';
import { curveTable, growth, overallSlope, slope, type CurveFigure } from '../bench/lib/curve';
import { curveSvg } from '../bench/lib/curve-svg';

const figures: CurveFigure[] = [
  {
    key: 'sync.first',
    label: 'first full sync',
    unit: 'ms',
    bareLabel: 'fetch + parse',
    points: [
      { threads: 10_000, value: 10_000, bare: 5_000 },
      { threads: 100_000, value: 200_000, bare: 50_000 },
      { threads: 300_000, value: 900_000, bare: 150_000 },
    ],
  },
  {
    key: 'window.p95',
    label: 'list window <p95>',
    unit: 'ms',
    bareLabel: 'raw SELECT',
    points: [
      { threads: 10_000, value: 1, bare: 0.5 },
      { threads: 100_000, value: 1, bare: null, note: 'bare not measured' },
      { threads: 300_000, value: 1.2, bare: 0.6 },
    ],
  },
  {
    key: 'core.rssAfterSync',
    label: 'core memory',
    unit: 'MB',
    bareLabel: 'idle core',
    points: [
      { threads: 10_000, value: 120, bare: 100 },
      { threads: 100_000, value: null, bare: null, note: 'not measured' },
    ],
  },
];

describe('the growth of a figure between sizes', () => {
  it('is 1 when the figure grows like the data, 0 when it stays flat, 2 with its square', () => {
    expect(slope(10_000, 5, 100_000, 50)).toBeCloseTo(1, 10);
    expect(slope(10_000, 5, 300_000, 5)).toBe(0);
    expect(slope(10_000, 1, 100_000, 100)).toBeCloseTo(2, 10);
    expect(slope(100_000, 8, 10_000, 4)).toBeCloseTo(Math.log10(2), 10);
  });

  it('has no value where a figure is missing or not positive', () => {
    expect(slope(10_000, null, 100_000, 3)).toBeNull();
    expect(slope(10_000, 0, 100_000, 3)).toBeNull();
    expect(slope(10_000, 2, 10_000, 3)).toBeNull();
  });

  it('is given between consecutive sizes, then from the first to the last, for the figure and its bare limit', () => {
    const g = growth(figures[0]!.points);
    expect(g.map((x) => [x.from, x.to])).toEqual([
      [10_000, 100_000],
      [100_000, 300_000],
      [10_000, 300_000],
    ]);
    expect(g[0]!.value).toBeCloseTo(Math.log10(20), 10);
    expect(g[0]!.bare).toBeCloseTo(1, 10);
    expect(g[1]!.value).toBeCloseTo(Math.log(4.5) / Math.log(3), 10);
    expect(g[2]!.bare).toBeCloseTo(1, 10);
    expect(overallSlope(figures[1]!.points, 'bare')).toBeCloseTo(Math.log(1.2) / Math.log(30), 10);
    expect(overallSlope(figures[2]!.points, 'value')).toBeNull();
  });

  it('prints each size with its bare limit and each growth, and why a point is missing', () => {
    const text = curveTable(figures, [10_000, 100_000, 300_000]);
    expect(text).toContain('10k threads (bare)');
    expect(text).toContain('slope 10k-100k (bare)');
    expect(text).toMatch(/first full sync +10000 ms \(5000 ms\) +200000 ms \(50000 ms\)/);
    expect(text).toContain('1.30 (1.00)');
    expect(text).toContain('core.rssAfterSync at 100k: not measured');
  });
});

describe('the cost curve picture', () => {
  const svg = curveSvg(figures);
  const paths = (cls: string) => [
    ...svg.matchAll(new RegExp(`<path class="${cls}" data-key="([^"]+)"[^>]*>`, 'g')),
  ];
  const stroke = (tag: string) => /stroke="(#[0-9A-Fa-f]{6})"/.exec(tag)?.[1];

  it('has one solid line per figure and one dashed line for its bare limit, in the same colour', () => {
    const solid = paths('figure');
    const dashed = paths('bare');
    expect(solid.map((m) => m[1])).toEqual(['sync.first', 'window.p95', 'core.rssAfterSync']);
    expect(dashed.map((m) => m[1])).toEqual(['sync.first', 'window.p95', 'core.rssAfterSync']);
    for (const m of solid) expect(m[0]).not.toContain('stroke-dasharray');
    for (const m of dashed) expect(m[0]).toContain('stroke-dasharray');
    solid.forEach((m, i) => expect(stroke(dashed[i]![0])).toBe(stroke(m[0])));
    expect(new Set(solid.map((m) => stroke(m[0]))).size).toBe(3);
  });

  it('leaves out a missing point instead of drawing it', () => {
    const window = paths('figure')[1]![0];
    expect(window.match(/[ML]\d/g)).toHaveLength(3);
    const windowBare = paths('bare')[1]![0];
    expect(windowBare.match(/[ML]\d/g)).toHaveLength(2);
  });

  it('draws a guide of slope 1 through the first figure, apart from the figures', () => {
    const guide = /<line class="guide" x1="([\d.]+)" y1="([\d.]+)" x2="([\d.]+)" y2="([\d.]+)"/.exec(svg);
    expect(guide).not.toBeNull();
    expect(svg).toContain('slope 1: grows like the data');
    // The first figure's first point (10k, 10,000 ms) lies on it.
    const dot = /<circle cx="([\d.]+)" cy="([\d.]+)"/.exec(svg)!;
    expect(Number(guide![1])).toBeCloseTo(Number(dot[1]), 0);
    expect(Number(guide![2])).toBeCloseTo(Number(dot[2]), 0);
  });

  it('labels both axes and names every figure in its legend, escaped', () => {
    expect(svg).toContain('threads in the store (log scale)');
    expect(svg).toContain('value: ms, or MB for memory (log scale)');
    expect(svg).toContain('list window &lt;p95&gt; (ms)');
    expect(svg).toContain('core memory (MB)');
    expect(svg).toContain('>100k<');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  });
});
