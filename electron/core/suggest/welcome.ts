// A person away who still welcomes the idea, and one who welcomes it only once back: which of the
// two an absence beside a welcome is decides between Interested (with the day to follow up) and Out
// of office (decide.ts).
import { NEXT_STEP } from './mixed';

/** A person away who still welcomes the idea ("Sounds good, I'm on leave until the 7th, write
 *  then"): what they ask comes first, not their absence. */
const WELCOMES =
  /(?<![\p{L}])(?:sounds? (?:good|great|interesting)|happy to|(?:would )?love to|keen|i'd like|we'd like|let's|interested|klingt (?:gut|interessant|spannend)|gerne|interessiert|volontiers|avec plaisir|intéressée?s?|me interesa|con gusto|interesad[oa]s?|graag|geïnteresseerd|klinkt (?:goed|interessant)|com prazer|interessad[oa]s?|volentieri|interessat[oa])(?![\p{L}])/iu;

/** "Danach gern", "happy to talk after that": welcome once back, so the absence is what to act on
 *  (asked as a question, it is a meeting asked for now). */
const AFTER_BEFORE =
  /(?<![\p{L}])(?:danach|dann|afterwards|after that|then|ensuite|après|después|luego|daarna|dan|depois|dopo|poi)[\s,]*$/iu;
const AFTER_FOLLOWS =
  /^[^.?!\n]{0,25}(?<![\p{L}])(?:after that|afterwards|when i'm back|on my return|ensuite|après|danach|nach meiner rückkehr|a la vuelta|después|daarna|depois|dopo|al rientro|à mon retour)(?![\p{L}])/iu;

export function waitsForReturn(text: string, at: number, length: number): boolean {
  const before = text.slice(Math.max(0, at - 30), at);
  const after = text.slice(at + length, at + length + 60);
  // "On peut s'appeler à mon retour ?" asks for the meeting now.
  const end = after.search(/[.!?\n]/);
  if (end >= 0 && after[end] === '?') return false;
  return AFTER_BEFORE.test(before) || AFTER_FOLLOWS.test(after);
}

/** What welcomes the idea or asks for a next step, unless it waits for the return. */
export function welcomeOf(text: string): RegExpExecArray | null {
  const m = WELCOMES.exec(text) ?? NEXT_STEP.exec(text);
  return m && !waitsForReturn(text, m.index, m[0].length) ? m : null;
}
