// Scoring the classifier on labelled replies: per label precision, recall and coverage, the
// confusion matrix, return-date accuracy, and how many replies without a verdict got one. Used by
// `npm run suggest -- --eval` and by the quality gate in the tests.
import { suggest, type Learned } from './index';
import { CLASSES } from './types';

export interface Labelled {
  id?: unknown;
  subject?: unknown;
  body?: unknown;
  label?: unknown;
  sentAt?: unknown;
  returnDate?: unknown;
  doNotContact?: unknown;
  /** What kind of reply it is ("auto_absent", "time_confirm"), when the file says. */
  kind?: unknown;
  lang?: unknown;
}

/** One group's replies (a kind, a language): how many, right, wrong and left without a suggestion. */
export interface Tally {
  n: number;
  right: number;
  wrong: number;
  none: number;
}

export function readJsonl(text: string): Labelled[] {
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l, i) => {
      try {
        return JSON.parse(l) as Labelled;
      } catch {
        throw new Error(`line ${i + 1} is not JSON`);
      }
    });
}

export interface Evaluation {
  n: number;
  perLabel: Record<
    string,
    { precision: number | null; recall: number | null; coverage: number | null; n: number }
  >;
  /** truth → suggested (or "none") → count */
  confusion: Record<string, Record<string, number>>;
  precision: number | null;
  coverage: number | null;
  returnDates: { exact: number; of: number };
  unclearLabelled: { labelled: number; of: number };
  doNotContact: { found: number; of: number };
  /** Suggestions by the confidence shown (from, to): how many, and how many were right. */
  calibration: { from: number; to: number; n: number; right: number }[];
  /** By the kind of reply and by language, for files that tag them. */
  byKind: Record<string, Tally>;
  byLang: Record<string, Tally>;
}

const BANDS = [
  [0, 0.85],
  [0.85, 0.9],
  [0.9, 0.95],
  [0.95, 1.01],
] as const;

const ratio = (a: number, b: number): number | null => (b === 0 ? null : a / b);

/** Scores `lines`, read with a rep's `learned` verdicts when given. */
export function evaluate(lines: readonly Labelled[], learned?: Learned): Evaluation {
  const confusion: Record<string, Record<string, number>> = {};
  const said: Record<string, number> = {};
  const right: Record<string, number> = {};
  const truthN: Record<string, number> = {};
  const covered: Record<string, number> = {};
  let suggested = 0;
  let correct = 0;
  let withVerdict = 0;
  let withVerdictCovered = 0;
  const returnDates = { exact: 0, of: 0 };
  const unclearLabelled = { labelled: 0, of: 0 };
  const doNotContact = { found: 0, of: 0 };
  const calibration = BANDS.map(([from, to]) => ({ from, to, n: 0, right: 0 }));
  const byKind: Record<string, Tally> = {};
  const byLang: Record<string, Tally> = {};
  for (const l of lines) {
    const truth = String(l.label ?? 'unclear');
    const s = suggest(
      {
        subject: String(l.subject ?? ''),
        body: String(l.body ?? ''),
        ...(l.sentAt ? { sentAt: String(l.sentAt) } : {}),
      },
      learned,
    );
    const got = s.status ?? 'none';
    for (const [by, key] of [
      [byKind, l.kind],
      [byLang, l.lang],
    ] as const) {
      if (typeof key !== 'string') continue;
      const t = (by[key] ??= { n: 0, right: 0, wrong: 0, none: 0 });
      t.n++;
      // An unclear reply left alone is right.
      if (got === truth || (truth === 'unclear' && got === 'none')) t.right++;
      else if (got === 'none') t.none++;
      else t.wrong++;
    }
    (confusion[truth] ??= {})[got] ??= 0;
    confusion[truth]![got]!++;
    truthN[truth] = (truthN[truth] ?? 0) + 1;
    if (s.status) {
      const band = calibration.find((b) => s.confidence >= b.from && s.confidence < b.to)!;
      band.n++;
      if (s.status === truth) band.right++;
      suggested++;
      said[s.status] = (said[s.status] ?? 0) + 1;
      covered[truth] = (covered[truth] ?? 0) + 1;
      if (s.status === truth) {
        correct++;
        right[truth] = (right[truth] ?? 0) + 1;
      }
    }
    if (truth === 'unclear') {
      unclearLabelled.of++;
      if (s.status) unclearLabelled.labelled++;
    } else {
      withVerdict++;
      if (s.status) withVerdictCovered++;
    }
    if (typeof l.returnDate === 'string') {
      returnDates.of++;
      if (s.returnDate === l.returnDate) returnDates.exact++;
    }
    if (l.doNotContact === true) {
      doNotContact.of++;
      if (s.doNotContact) doNotContact.found++;
    }
  }
  const perLabel: Evaluation['perLabel'] = {};
  for (const c of CLASSES)
    perLabel[c] = {
      precision: c === 'unclear' ? null : ratio(right[c] ?? 0, said[c] ?? 0),
      recall: c === 'unclear' ? null : ratio(right[c] ?? 0, truthN[c] ?? 0),
      coverage: ratio(covered[c] ?? 0, truthN[c] ?? 0),
      n: truthN[c] ?? 0,
    };
  return {
    n: lines.length,
    perLabel,
    confusion,
    precision: ratio(correct, suggested),
    coverage: ratio(withVerdictCovered, withVerdict),
    returnDates,
    unclearLabelled,
    doNotContact,
    calibration,
    byKind,
    byLang,
  };
}

const pct = (v: number | null): string => (v === null ? '   -  ' : `${(v * 100).toFixed(1).padStart(5)}%`);

export function formatEvaluation(e: Evaluation): string {
  const out: string[] = [];
  out.push(`${e.n} replies`);
  out.push('');
  out.push('label            n  precision  recall  coverage');
  for (const [label, v] of Object.entries(e.perLabel))
    out.push(
      `${label.padEnd(15)} ${String(v.n).padStart(3)}  ${pct(v.precision)}    ${pct(v.recall)}  ${pct(v.coverage)}`,
    );
  out.push('');
  const cols = [...CLASSES.filter((c) => c !== 'unclear'), 'none'];
  out.push(`truth \\ suggested ${cols.map((c) => c.slice(0, 10).padStart(11)).join('')}`);
  for (const truth of CLASSES)
    out.push(
      `${truth.padEnd(17)} ${cols.map((c) => String(e.confusion[truth]?.[c] ?? 0).padStart(11)).join('')}`,
    );
  out.push('');
  out.push(`overall precision ${pct(e.precision)}; coverage of replies with a verdict ${pct(e.coverage)}`);
  out.push(
    `return date exact ${e.returnDates.exact}/${e.returnDates.of} (${pct(ratio(e.returnDates.exact, e.returnDates.of))})`,
  );
  out.push(
    `unclear replies given a verdict ${e.unclearLabelled.labelled}/${e.unclearLabelled.of} (${pct(ratio(e.unclearLabelled.labelled, e.unclearLabelled.of))})`,
  );
  out.push(`removal requests found ${e.doNotContact.found}/${e.doNotContact.of}`);
  out.push(
    `right by confidence shown: ${e.calibration
      .filter((b) => b.n > 0)
      .map(
        (b) => `${Math.round(b.from * 100)}-${Math.min(100, Math.round(b.to * 100) - 1)}%: ${b.right}/${b.n}`,
      )
      .join(', ')}`,
  );
  for (const [title, by] of [
    ['kind', e.byKind],
    ['language', e.byLang],
  ] as const) {
    const rows = Object.entries(by).sort(([a], [b]) => a.localeCompare(b));
    if (rows.length === 0) continue;
    out.push('');
    out.push(`${title.padEnd(22)}   n  right  wrong  none`);
    for (const [k, t] of rows)
      out.push(
        `${k.slice(0, 22).padEnd(22)} ${String(t.n).padStart(3)} ${String(t.right).padStart(6)} ${String(t.wrong).padStart(6)} ${String(t.none).padStart(5)}`,
      );
  }
  return out.join('\n');
}
