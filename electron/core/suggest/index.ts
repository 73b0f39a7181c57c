// The reply classifier: reads what the prospect wrote (quoted history, forwarded parts and the
// signature cut off, text.ts) and the subject, and suggests a verdict with the words that decided
// it, or none when it is not sure (abstaining beats a wrong guess). The shipped decision
// (decide.ts: machine replies by their body, explicit phrases in seven languages, a small naive
// Bayes model for the rest) is adjusted by the rep's own verdicts on replies like this one
// (learned.ts). Plain, synchronous, no I/O: the core's background pass and `npm run suggest` run
// this same code.
import { asWritten, decide, decided, NONE } from './decide';
import { emptyLearned, judgedLike, learnReply, taughtVerdict, wordsOf, type Learned } from './learned';
import { add, emptyModel, features, prune, type Model } from './model';
import { ownText } from './text';
import { CLASSES, type Suggestion, type SuggestInput, type Verdict } from './types';

export type { Referral, Suggestion, SuggestInput, Verdict } from './types';
export { VERDICTS } from './types';
export { SUGGEST_VERSION } from './decide';
export type { Learned } from './learned';
export { emptyLearned };

/** What the shipped model reads of a reply: the words of its subject and of the prospect's own text. */
export function featuresOf(input: { subject: string; body: string }): string[] {
  return features(
    `${input.subject.replace(/^(?:\s*(?:re|aw|wg|fw|fwd|tr|rv|enc|r|sv|vs)\s*:\s*)+/i, '').trim()}\n${ownText(input.body)}`,
  );
}

/** The rep gave `label` to a reply: their model keeps it. */
export function learn(learned: Learned, input: { subject: string; body: string }, label: Verdict): void {
  learnReply(learned, input, label);
}

/** The shipped model, made from the team's labelled replies (what `npm run suggest -- --train` writes). */
export function trainModel(lines: readonly { subject: string; body: string; label: string }[]): Model {
  const model = emptyModel();
  for (const l of lines)
    if ((CLASSES as readonly string[]).includes(l.label))
      add(model, featuresOf(l), l.label as (typeof CLASSES)[number]);
  return prune(model, 2);
}

export function suggest(input: SuggestInput, learned?: Learned): Suggestion {
  const text = ownText(input.body);
  const base = decide(input, text);
  if (!learned || learned.examples.length === 0 || base.doNotContact) return base;
  const words = wordsOf(text);
  const judged = judgedLike(learned, words);
  if (!judged) return base;
  const taught = taughtVerdict(judged);
  if (taught && taught.label !== base.status) {
    // Several verdicts agree on replies like this one, none against: the rep's verdict decides.
    // Its longest words, as written, stand for it.
    const reasons: string[] = [];
    for (const w of [...words].sort((a, b) => b.length - a.length)) {
      const written = asWritten(text, w);
      if (written) reasons.push(written);
      if (reasons.length === 3) break;
    }
    return decided(
      taught.label,
      taught.agreeing >= 5 ? 0.9 : 0.85,
      reasons.map((r) => ({ text: r })),
    );
  }
  // The rep judged a near-identical reply otherwise: this kind is not what was suggested.
  if (base.status && judged.same.size > 0 && !judged.same.has(base.status)) return NONE();
  return base;
}
