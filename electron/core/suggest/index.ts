// The reply classifier: reads what the prospect wrote (quoted history, forwarded parts and the
// signature cut off, text.ts) and the subject, and suggests a verdict with the words that decided
// it, or none when it is not sure (abstaining beats a wrong guess). Explicit phrases in seven
// languages decide the clear cases (rules.ts: removals, absences, wrong people, bookings); a small
// naive Bayes model (model.ts, trained at build time, plus the rep's own verdicts) weighs the rest.
// Plain, synchronous, no I/O: the core's background pass and `npm run suggest` run this same code.
import { returnDate } from './dates';
import shipped from './model.json';
import { add, emptyModel, features, prune, score, type Model } from './model';
import { referralOf } from './referral';
import { acceptedInvite, autoReply, ruleHits, type Hit } from './rules';
import { ownText } from './text';
import { CLASSES, type Suggestion, type SuggestInput, type Verdict } from './types';

export type { Referral, Suggestion, SuggestInput, Verdict } from './types';
export { VERDICTS } from './types';

/** Bump when the rules, the model or the data change: every stored suggestion is made again. */
export const SUGGEST_VERSION = 4;

/** A rep's on-device model: the counts of their own verdicts. */
export type Learned = Model;
/** A rep's verdict counts this many shipped examples: three corrections outweigh the team's set. */
const LEARNED_WEIGHT = 6;
/** Below this the learned model's best guess is not shown. */
const MIN_CONFIDENCE = 0.85;

const SHIPPED = shipped as Model;

export function emptyLearned(): Learned {
  return emptyModel();
}

/** What the model reads of a reply: the words of its subject and of the prospect's own text. */
export function featuresOf(input: { subject: string; body: string }): string[] {
  return features(`${cleanSubject(input.subject)}\n${ownText(input.body)}`);
}

/** The rep gave `label` to a reply: their model counts it. */
export function learn(learned: Learned, input: { subject: string; body: string }, label: Verdict): void {
  add(learned, featuresOf(input), label);
}

/** The shipped model, made from the team's labelled replies (what `npm run suggest -- --train` writes). */
export function trainModel(lines: readonly { subject: string; body: string; label: string }[]): Model {
  const model = emptyModel();
  for (const l of lines)
    if ((CLASSES as readonly string[]).includes(l.label))
      add(model, featuresOf(l), l.label as (typeof CLASSES)[number]);
  return prune(model, 2);
}

/** "Re: AW: Fwd: Quick question" → "Quick question". */
function cleanSubject(subject: string): string {
  return subject.replace(/^(?:\s*(?:re|aw|wg|fw|fwd|tr|rv|enc|r|sv|vs)\s*:\s*)+/i, '').trim();
}

const NONE = (): Suggestion => ({ status: null, confidence: 0, reasons: [], version: SUGGEST_VERSION });

function decided(
  status: Verdict,
  confidence: number,
  hits: Hit[],
  extra: Partial<Suggestion> = {},
): Suggestion {
  const reasons = [...new Set(hits.map((h) => h.text))];
  return { status, confidence, reasons, version: SUGGEST_VERSION, ...extra };
}

/** The words of `text` a feature stands for, as written (a pair's two words with what is between). */
function asWritten(text: string, feature: string): string | undefined {
  const [a, b] = feature.split(' ');
  const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace("'", "['’]");
  const re = new RegExp(
    `(?<![\\p{L}\\p{N}])${esc(a!)}${b ? `[^\\p{L}\\p{N}]+${esc(b)}` : ''}(?![\\p{L}\\p{N}])`,
    'iu',
  );
  return re.exec(text)?.[0];
}

export function suggest(input: SuggestInput, learned?: Learned): Suggestion {
  const text = ownText(input.body);
  const subject = cleanSubject(input.subject);
  if (text === '' && subject === '') return NONE();
  const hits = ruleHits(text);
  const strong = (g: Hit['group']) => hits.filter((h) => h.strong && h.group === g);
  const auto = autoReply(input.subject, input.headers);

  // A removal request decides, whatever else the reply says.
  const dnc = strong('dnc');
  if (dnc.length > 0) return decided('not_interested', 0.97, dnc, { doNotContact: true });

  // An absence: the subject's auto-reply mark or the notice's own words.
  const ooo = strong('out_of_office');
  if (auto.auto || ooo.length > 0) {
    const back = returnDate(text, input.sentAt, input.timeZone);
    const ref = referralOf(text);
    const reasons = auto.reason
      ? [{ group: 'out_of_office', strong: true, text: auto.reason } as Hit, ...ooo]
      : ooo;
    return decided('out_of_office', auto.auto && ooo.length > 0 ? 0.98 : 0.95, reasons, {
      ...(back ? { returnDate: back } : {}),
      ...(ref ? { referral: ref.referral } : {}),
    });
  }

  const wrong = strong('wrong_person');
  if (wrong.length > 0) {
    const ref = referralOf(text);
    return decided('wrong_person', 0.93, wrong, ref ? { referral: ref.referral } : {});
  }

  // "Not now, check back in Q3", "oh great, another cold email": no verdict a rep would give
  // without reading it.
  const invite = acceptedInvite(input.subject);
  if (invite)
    return decided('meeting_booked', 0.95, [{ group: 'meeting_booked', strong: true, text: invite }]);

  const doubt = hits.filter((h) => h.group === 'deferral' || h.group === 'sarcasm');
  const meeting = strong('meeting_booked');
  if (meeting.length > 0 && doubt.length === 0) return decided('meeting_booked', 0.92, meeting);
  // A no asked as a question ("how does this compare to what we already use?") is a question.
  const no = strong('not_interested').filter((h) => !h.asked);
  if (no.length > 0 && doubt.length === 0) return decided('not_interested', 0.9, no);
  const yes = strong('interested');
  if (yes.length > 0 && doubt.length === 0 && no.length === 0) return decided('interested', 0.9, yes);
  if (doubt.length > 0 && !learned) return NONE();

  // The rest: the model (the team's set, and the rep's own verdicts weighing more).
  const feats = features(`${subject}\n${text}`);
  const models = [{ model: SHIPPED, weight: 1 }];
  if (learned && learned.docs.some((d) => d > 0)) models.push({ model: learned, weight: LEARNED_WEIGHT });
  const { probs, top } = score(feats, models);
  const best = probs.indexOf(Math.max(...probs));
  const label = CLASSES[best]!;
  if (label === 'unclear' || probs[best]! < MIN_CONFIDENCE) return NONE();
  // The model's guess shows only with a phrase of the same verdict in the reply ("sounds
  // interesting") or when the rep's own verdicts taught it: its word counts alone are too sure of
  // themselves on short questions ("How did you get my address?").
  const weak = hits.filter((h) => !h.strong && h.group === label).map((h) => h.text);
  const taught = !!learned && learned.docs[best]! > 0;
  if (weak.length === 0 && !taught) return NONE();
  if (doubt.length > 0 && !taught) return NONE();
  const source = `${subject}\n${text}`;
  const reasons = top.map((f) => asWritten(source, f)).filter((w): w is string => !!w);
  return {
    status: label,
    confidence: Math.round(probs[best]! * 100) / 100,
    reasons: [...new Set([...weak, ...reasons])],
    version: SUGGEST_VERSION,
  };
}
