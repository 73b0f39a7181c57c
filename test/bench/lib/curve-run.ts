// `--scale curve`: the suites behind the list window, search, verdict, first rows, sync and the
// core's memory, run at each size of CURVE_SIZES on data built for that size, each size in a
// fresh temp folder with its own sandbox and store. After each size it prints the table so far
// and rewrites docs/bench/curve.json and curve.svg, so a size that does not finish leaves the
// sizes before it on record.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { curveSvg } from './curve-svg';
import { curveTable, growth, threadsLabel, type CurveFigure } from './curve';
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

export interface CurveRunInfo {
  startedAt: string;
  finishedAt: string;
  durationSeconds: number;
  machine: ReturnType<typeof machineInfo>;
  /** The sizes asked for; `measured` holds the ones that ran to their end. */
  sizes: number[];
  measured: { threads: number; seconds: number; store: Record<string, number> }[];
}

export async function runCurve(root: string, sizes: number[], log: (m: string) => void): Promise<void> {
  const startedAt = new Date();
  const t0 = performance.now();
  const figures: CurveFigure[] = CURVE.map((c) => {
    const spec = SUITES.flatMap((s) => s.specs).find((s) => s.key === c.key);
    if (!spec) throw new Error(`no suite measures ${c.key}`);
    return { key: c.key, label: c.label, unit: spec.unit, bareLabel: c.bareLabel, points: [] };
  });
  const info: CurveRunInfo = {
    startedAt: startedAt.toISOString(),
    finishedAt: '',
    durationSeconds: 0,
    machine: machineInfo(),
    sizes,
    measured: [],
  };
  for (const threads of sizes) {
    const sizeStart = performance.now();
    const scale = curveScale(threads);
    const tmp = mkdtempSync(join(tmpdir(), `triage-curve-${threads}-`));
    const fixtures = new Fixtures(scale, tmp, root, log);
    const ctx: Context = { scale, root, tmp, fixtures, log };
    log(`curve: ${threadsLabel(threads)} threads (${scale.big.messages} messages, ${scale.big.leads} leads)`);
    try {
      for (const suite of SUITES) {
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
      info.measured.push({
        threads,
        seconds: (performance.now() - sizeStart) / 1000,
        store: fixtures.sizes(),
      });
    } finally {
      await fixtures.close();
      rmSync(tmp, { recursive: true, force: true });
    }
    info.finishedAt = new Date().toISOString();
    info.durationSeconds = (performance.now() - t0) / 1000;
    const done = info.measured.map((m) => m.threads);
    console.log(`\n${curveTable(figures, done)}\n`);
    writeCurve(root, figures, info);
    log(`curve: ${threadsLabel(threads)} done; docs/bench/curve.json and curve.svg written`);
  }
}

function writeCurve(root: string, figures: CurveFigure[], info: CurveRunInfo): void {
  const dir = join(root, 'docs', 'bench');
  mkdirSync(dir, { recursive: true });
  const json = { run: info, figures: figures.map((f) => ({ ...f, growth: growth(f.points) })) };
  writeFileSync(join(dir, 'curve.json'), JSON.stringify(json, null, 2) + '\n');
  const sizes = info.measured.map((m) => threadsLabel(m.threads)).join(', ');
  const m = info.machine;
  writeFileSync(
    join(dir, 'curve.svg'),
    curveSvg(figures, {
      subtitle: `npm run bench -- --scale curve · ${sizes} threads · ${info.startedAt.slice(0, 10)} · ${m.cpus} x ${m.cpuModel}, shared with other work`,
    }),
  );
}
