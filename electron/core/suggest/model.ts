// The learned half of the classifier: multinomial naive Bayes over the words and word pairs of
// the prospect's own text and the subject. Trained at build time from data/suggest/train.jsonl
// into model.json (npm run suggest -- --train); a rep's own verdicts add counts on the device.
// Naive Bayes rather than a larger model: it trains in milliseconds, its counts add (the shipped
// model plus the rep's), it scores a reply in microseconds, and its weights say which words decided.
import { CLASSES, type Label } from './types';

export interface Model {
  /** Documents per class, in CLASSES order. */
  docs: number[];
  /** Feature → count per class (CLASSES order). */
  counts: Record<string, number[]>;
}

/** Features of one text: lower-case words (letters and digits) and each pair of neighbours. */
export function features(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu) ?? [];
  const out: string[] = [];
  for (let i = 0; i < words.length && i < 400; i++) {
    const w = words[i]!.replace('’', "'");
    out.push(w);
    if (i > 0) out.push(`${words[i - 1]!.replace('’', "'")} ${w}`);
  }
  return out;
}

export function emptyModel(): Model {
  return { docs: CLASSES.map(() => 0), counts: {} };
}

/** Adds one labelled text's features, `weight` times. */
export function add(model: Model, feats: readonly string[], label: Label, weight = 1): void {
  const c = CLASSES.indexOf(label);
  model.docs[c]! += weight;
  for (const f of new Set(feats)) (model.counts[f] ??= CLASSES.map(() => 0))[c]! += weight;
}

/** Keeps features seen at least `min` times: the rest is noise and size. Sorted keys, so the
 *  written model is the same byte for byte from the same data. */
export function prune(model: Model, min: number): Model {
  const counts: Record<string, number[]> = {};
  for (const k of Object.keys(model.counts).sort()) {
    const v = model.counts[k]!;
    if (v.reduce((a, b) => a + b, 0) >= min) counts[k] = v;
  }
  return { docs: model.docs, counts };
}

const ALPHA = 0.5;

/** Each class's probability for these features (Bernoulli-style presence counts, Laplace-smoothed),
 *  with the features that pulled most towards the winner. */
export function score(
  feats: readonly string[],
  models: readonly { model: Model; weight: number }[],
): { probs: number[]; top: string[] } {
  const k = CLASSES.length;
  const docs = CLASSES.map((_, c) => models.reduce((s, m) => s + m.model.docs[c]! * m.weight, 0));
  const all = docs.reduce((a, b) => a + b, 0);
  const logp = docs.map((d) => Math.log((d + 1) / (all + k)));
  const pull: { f: string; by: number[] }[] = [];
  for (const f of new Set(feats)) {
    let seen = false;
    const n = CLASSES.map((_, c) =>
      models.reduce((s, m) => {
        const v = m.model.counts[f];
        if (v) seen = true;
        return s + (v ? v[c]! * m.weight : 0);
      }, 0),
    );
    if (!seen) continue;
    const by = n.map((x, c) => Math.log((x + ALPHA) / (docs[c]! + 2 * ALPHA)));
    by.forEach((v, c) => (logp[c]! += v));
    pull.push({ f, by });
  }
  const max = Math.max(...logp);
  const exp = logp.map((v) => Math.exp(v - max));
  const sum = exp.reduce((a, b) => a + b, 0);
  const probs = exp.map((v) => v / sum);
  const best = probs.indexOf(Math.max(...probs));
  const top = pull
    .map((p) => ({ f: p.f, lift: p.by[best]! - Math.max(...p.by.filter((_, c) => c !== best)) }))
    .filter((p) => p.lift > 1)
    .sort((a, b) => b.lift - a.lift)
    .slice(0, 3)
    .map((p) => p.f);
  return { probs, top };
}
