// The reply classifier: explicit rules over the prospect's own words (a first cut; the learned
// model joins it).
import { returnDate } from './dates';
import { referralOf } from './referral';
import { autoReply, ruleHits } from './rules';
import { ownText } from './text';
import type { Suggestion, SuggestInput, Verdict } from './types';

export type { Referral, Suggestion, SuggestInput, Verdict } from './types';

export const SUGGEST_VERSION = 1;

export type Learned = { counts: Record<string, Record<string, number>> };

export function emptyLearned(): Learned {
  return { counts: {} };
}

export function learn(learned: Learned, input: { subject: string; body: string }, label: Verdict): void {
  const key = ownText(input.body).toLowerCase().slice(0, 80);
  (learned.counts[key] ??= {})[label] = (learned.counts[key]?.[label] ?? 0) + 1;
}

export function suggest(input: SuggestInput, _learned?: Learned): Suggestion {
  const text = ownText(input.body);
  const hits = ruleHits(text);
  const auto = autoReply(input.subject, input.headers);
  const none: Suggestion = { status: null, confidence: 0, reasons: [], version: SUGGEST_VERSION };
  const strong = hits.filter((h) => h.strong);
  if (strong.some((h) => h.group === 'dnc'))
    return {
      status: 'not_interested',
      confidence: 0.97,
      reasons: strong.filter((h) => h.group === 'dnc').map((h) => h.text),
      doNotContact: true,
      version: SUGGEST_VERSION,
    };
  const ooo = strong.filter((h) => h.group === 'out_of_office');
  if (auto.auto || ooo.length > 0) {
    const back = returnDate(text, input.sentAt, input.timeZone);
    const ref = referralOf(text);
    return {
      status: 'out_of_office',
      confidence: 0.95,
      reasons: [...(auto.reason ? [auto.reason] : []), ...ooo.map((h) => h.text)],
      ...(back ? { returnDate: back } : {}),
      ...(ref ? { referral: ref.referral } : {}),
      version: SUGGEST_VERSION,
    };
  }
  for (const group of ['wrong_person', 'meeting_booked', 'not_interested', 'interested'] as const) {
    const g = strong.filter((h) => h.group === group);
    if (g.length === 0) continue;
    const ref = group === 'wrong_person' ? referralOf(text) : undefined;
    return {
      status: group,
      confidence: 0.9,
      reasons: g.map((h) => h.text),
      ...(ref ? { referral: ref.referral } : {}),
      version: SUGGEST_VERSION,
    };
  }
  return none;
}
