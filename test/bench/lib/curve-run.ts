// `--scale curve`: the suites behind the list window, search, verdict, first rows, sync and the
// core's memory, run at each size of CURVE_SIZES on data built for that size, each size in a
// fresh temp folder with its own sandbox and store. After each size it prints the table so far
// and rewrites docs/bench/curve.json and curve.svg, so a size that does not finish leaves the
// sizes before it on record.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { curveTable, threadsLabel, type CurveFigure } from './curve';
import { readCurve, writeCurve, type CurveRunInfo } from './curve-file';
import { Fixtures } from './fixtures';
import { machineInfo } from './report';
import { curveScale } from './scale';
import { toFigure, type Context, type Suite } from './suite';
import { curveSyncSuite } from '../suites/curveSync';
import { rssSuite, searchSuite, windowSuite } from '../suites/read';
import { uiSuite } from '../suites/ui';

/** The figures on the curve, with the short names the picture uses; the suites measure more. */
const CURVE: { key: string; label: string; bareLabel: string }[] = [
  { key: 'sync.first', label: 'first full sync', bareLabel: 'fetch + parse the same pages' },
  { key: 'ui.firstRows', label: 'first rows painted', bareLabel: 'static page of 100 rows' },
  { key: 'ui.verdict.p95', label: 'verdict key to list updated, p95', bareLabel: 'static page' },
  { key: 'search.p95', label: 'search p95', bareLabel: 'raw FTS5 MATCH' },
  { key: 'window.p95', label: 'list window of 100 rows, p95', bareLabel: 'raw SELECT' },
  { key: 'core.rssAfterSync', label: 'core memory after sync, settled', bareLabel: 'idle core' },
];

/** In the order they run: the sync builds the store the others read, and the memory is read
 *  while the core is still untouched since that sync. */
const SUITES: Suite[] = [curveSyncSuite, rssSuite, searchSuite, windowSuite, uiSuite];

/**
 * Runs the curve at `sizes`. With `add`, the sizes already in docs/bench/curve.json are kept (a
 * size run again replaces its points), so a size can be added or measured again on its own. With
 * `only` (suite names), only those suites run and only their figures are replaced; the others
 * keep every point they had (`add` is implied).
 */
export async function runCurve(
  root: string,
  sizes: number[],
  log: (m: string) => void,
  add = false,
  only: string[] | null = null,
): Promise<void> {
  const startedAt = new Date();
  const t0 = performance.now();
  const suites = SUITES.filter((s) => !only || only.includes(s.name));
  const unknown = only?.filter((n) => !SUITES.some((s) => s.name === n)) ?? [];
  if (unknown.length > 0)
    throw new Error(`the curve runs ${SUITES.map((s) => s.name).join(', ')}; not ${unknown.join(', ')}`);
  const before = add || only ? readCurve(root) : null;
  const figures: CurveFigure[] = CURVE.map((c) => {
    const measuredBy = suites.find((s) => s.specs.some((spec) => spec.key === c.key));
    const spec = SUITES.flatMap((s) => s.specs).find((s) => s.key === c.key);
    if (!spec) throw new Error(`no suite measures ${c.key}`);
    const keptPoint = (n: number) => !measuredBy || !sizes.includes(n);
    const old = before?.figures.find((f) => f.key === c.key)?.points.filter((p) => keptPoint(p.threads));
    return { key: c.key, label: c.label, unit: spec.unit, bareLabel: c.bareLabel, points: old ?? [] };
  });
  // A size's record of the whole run stays unless the whole run is made again at that size.
  const keptRecord = (n: number) => !!only || !sizes.includes(n);
  const info: CurveRunInfo = {
    startedAt: before?.run.startedAt ?? startedAt.toISOString(),
    finishedAt: '',
    durationSeconds: 0,
    machine: machineInfo(),
    sizes: [...new Set([...(before?.run.sizes ?? []), ...sizes])].sort((a, b) => a - b),
    measured: before?.run.measured.filter((m) => keptRecord(m.threads)) ?? [],
    ...(only
      ? { rerun: [...(before?.run.rerun ?? []), { suites: only, sizes, startedAt: startedAt.toISOString() }] }
      : {}),
  };
  const earlier = info.measured.reduce((s, m) => s + m.seconds, 0);
  for (const threads of sizes) {
    const sizeStart = performance.now();
    const scale = curveScale(threads);
    const tmp = mkdtempSync(join(tmpdir(), `triage-curve-${threads}-`));
    const fixtures = new Fixtures(scale, tmp, root, log);
    const ctx: Context = { scale, root, tmp, fixtures, log };
    log(`curve: ${threadsLabel(threads)} threads (${scale.big.messages} messages, ${scale.big.leads} leads)`);
    try {
      for (const suite of suites) {
        log(`suite ${suite.name} at ${threadsLabel(threads)}`);
        let measured: Awaited<ReturnType<Suite['run']>> = {};
        let error: string | undefined;
        try {
          measured = await suite.run(ctx);
        } catch (e) {
          error = e instanceof Error ? e.message.split('\n')[0] : String(e);
          log(`suite ${suite.name} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
        }
        for (const spec of suite.specs) {
          const fig = figures.find((f) => f.key === spec.key);
          if (!fig) continue;
          const f = toFigure(suite.name, spec, measured[spec.key], error);
          fig.points.push({ threads, value: f.value, bare: f.bare, ...(f.note ? { note: f.note } : {}) });
        }
      }
      // A run of some suites leaves the size's record of the whole run as it was.
      if (!only) {
        info.measured.push({
          threads,
          seconds: (performance.now() - sizeStart) / 1000,
          finishedAt: new Date().toISOString(),
          store: fixtures.sizes(),
        });
        info.measured.sort((a, b) => a.threads - b.threads);
      }
      for (const f of figures) f.points.sort((a, b) => a.threads - b.threads);
    } finally {
      await fixtures.close();
      rmSync(tmp, { recursive: true, force: true });
    }
    info.finishedAt = new Date().toISOString();
    info.durationSeconds = earlier + (performance.now() - t0) / 1000;
    const done = info.measured.map((m) => m.threads);
    console.log(`\n${curveTable(figures, done)}\n`);
    writeCurve(root, { run: info, figures });
    log(`curve: ${threadsLabel(threads)} done; docs/bench/curve.json and curve.svg written`);
  }
}
