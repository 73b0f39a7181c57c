// The shipped classifier's decision on one reply, before the rep's own verdicts (index.ts): the
// machine's replies by what their body says (machine.ts), explicit phrases for the clear cases
// (rules.ts), and the naive Bayes model (model.ts) for the rest, shown only with a phrase of the
// same verdict. Abstaining beats a wrong guess.
import { asksForMaterial, NEGATION, takesMoment, WHO_ASKS } from './asks';
import { returnDate } from './dates';
import {
  ABSENT_SUBJECT,
  ACKNOWLEDGEMENT,
  AWAY,
  GONE,
  MACHINE_BODY,
  NOTICE_SUBJECT,
  type Phrases,
} from './machine';
import shipped from './model.json';
import { features, score, type Model } from './model';
import { broughtIn, butAsks } from './mixed';
import { referralOf } from './referral';
import { shortAnswer } from './short';
import { acceptedInvite, autoReply, ruleHits, type Hit, type RuleHits } from './rules';
import { PERSONAL, WANTS } from './wants';
import { waitsForReturn, welcomeOf } from './welcome';
import { CLASSES, VERDICTS, type Group, type Suggestion, type SuggestInput, type Verdict } from './types';

/** Bump when the rules, the model or the data change: every stored suggestion is made again. */
export const SUGGEST_VERSION = 27;

/** Below this the model's best guess is not shown. */
const MIN_CONFIDENCE = 0.85;
/** The model speaks without a phrase of its verdict only this sure, and only for what a reply's
 *  own words say (interest, a no, a booking): an absence or a departure needs its phrase. Trained
 *  on two of the three sets written blind for training and scored on the third, this raised
 *  coverage 4.4, 4.5 and 5.9 points at 100%, 100% and 99.3% precision (100%, 100% and
 *  99.6% without). Shown at
 *  90%. */
const MODEL_ALONE = 0.97;
const ALONE_VERDICTS: ReadonlySet<string> = new Set(['interested', 'not_interested', 'meeting_booked']);
const ALL_GROUPS: readonly Group[] = [
  ...VERDICTS,
  'dnc',
  'deferral',
  'sarcasm',
  'handover',
  'points',
  'kept',
];
/** What the model alone never reads: a tone that may mean the opposite ("wow", "lol", "sure, and
 *  while you're at it…", "seriously?", "überhaupt"), a question whether a robot or a person
 *  writes, and a notice that a message was read or delivered. */
const NOT_PLAIN =
  /(?<![\p{L}])(?:lol|haha\w*|wow|yeah|sure|seriously|sérieusement|sérieux|ernsthaft|überhaupt|na klar|en serio|serieus|a sério|sul serio|robot|robô|roboter|bot|chatgpt|human|humain|humano|mensch|umano|really\?|impressive|bravo|genial\.|toll\.|super\.|was read|been read|wurde [^\n]{0,40}gelesen|a été lue?|fue leído|ha sido leído|is gelezen|foi lid[ao]|è stato letto|delivered|zugestellt|distribué|entregado|afgeleverd|entregue|consegnato)(?![\p{L}])|[🙄😂😏🤣]/iu;
/** Whether the model may speak alone on this reply: an answer in the thread ("Re:", "AW:"), where
 *  no phrase spoke at all, that reads plainly; interest or a booking with no "not" in it, interest
 *  only where it asks something (a statement it called interest was too often a joke), a booking
 *  never as a question ("Tuesday 10am?"). */
function plainAlone(input: SuggestInput, text: string, hits: RuleHits, label: string): boolean {
  if (cleanSubject(input.subject) === input.subject.trim()) return false;
  if (ALL_GROUPS.some((g) => hits.of(g, true).length > 0)) return false;
  if (NOT_PLAIN.test(text) || WHO_ASKS.test(text)) return false;
  if (label === 'not_interested') return true;
  if (NEGATION.test(text)) return false;
  return label === 'interested' ? text.includes('?') : !text.includes('?');
}

const SHIPPED = shipped as Model;

export const NONE = (): Suggestion => ({
  status: null,
  confidence: 0,
  reasons: [],
  version: SUGGEST_VERSION,
});

/** "Re: AW: Fwd: Quick question" → "Quick question". */
export function cleanSubject(subject: string): string {
  return subject.replace(/^(?:\s*(?:re|aw|wg|fw|fwd|tr|rv|enc|r|sv|vs)\s*:\s*)+/i, '').trim();
}

export function decided(
  status: Verdict,
  confidence: number,
  hits: readonly { text: string }[],
  extra: Partial<Suggestion> = {},
): Suggestion {
  const reasons = [...new Set(hits.map((h) => h.text))];
  return { status, confidence, reasons, version: SUGGEST_VERSION, ...extra };
}

/** The words of `text` a feature stands for, as written (a pair's two words with what is between). */
export function asWritten(text: string, feature: string): string | undefined {
  const [a, b] = feature.split(' ');
  const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace("'", "['’]");
  const re = new RegExp(
    `(?<![\\p{L}\\p{N}])${esc(a!)}${b ? `[^\\p{L}\\p{N}]+${esc(b)}` : ''}(?![\\p{L}\\p{N}])`,
    'iu',
  );
  return re.exec(text)?.[0];
}

/** `f`'s answer, worked out on the first call only. */
function once<T>(f: () => T): () => T {
  let done = false;
  let value: T;
  return () => {
    if (!done) {
      value = f();
      done = true;
    }
    return value;
  };
}

/** "bis Donnerstag", "tot vrijdag", "até quinta": a goodbye, or how long an absence lasts. */
const UNTIL_DAY = /^(?:bis|tot|até|à|until|till|hasta|fino a)\s/iu;

/** A removal that is the whole reply. */
const ALONE_REMOVAL =
  /^(?:(?:please|bitte|svp|por favor|graag|per favore)[,\s]+)?(?:stop|stopp|unsubscribe|unsub|opt[- ]?out|remove|remove me|abmelden|austragen|désinscription|désabonnement|baja|de baja|afmelden|uitschrijven|descadastrar|sair|cancellami|cancellazione)(?:[,\s]+(?:please|bitte|svp|s'il vous plaît|por favor|graag|alstublieft|per favore))?[.!]*$/iu;

const found = (phrases: Phrases, text: string): Hit[] => {
  const m = phrases.find(text);
  return m ? [{ group: 'out_of_office', strong: true, text: m }] : [];
};

/** The confidence each path shows is what that path is measured to be right on labelled replies
 *  (`npm run suggest -- --eval` prints "right by confidence shown"). */
export function decide(input: SuggestInput, text: string): Suggestion {
  const subject = cleanSubject(input.subject);
  if (text === '' && subject === '') return NONE();
  // A read receipt or a delivery report says nothing of the prospect.
  // A bounce that says the person or the mailbox is gone is the wrong person all the same.
  if (NOTICE_SUBJECT.test(input.subject.trim())) {
    const gone = GONE.find(text);
    if (!gone) return NONE();
    const ref = referralOf(text);
    return decided('wrong_person', 0.95, [{ text: gone }], ref ? { referral: ref.referral } : {});
  }
  const hits = ruleHits(text);
  // Read once each, however many of the decisions below ask.
  const welcomed = once(() => welcomeOf(text));
  const material = once(() => asksForMaterial(text));
  const strong = (g: Hit['group']) => hits.of(g, true);
  const auto = autoReply(input.subject, input.headers);
  const machineSays = found(MACHINE_BODY, text);
  // What the person wants of the offer, said in words: it outweighs an absence or a "later".
  const wants = WANTS.find(text);
  // A person's note inside an automatic reply ("P.S. Sam, send me pricing") that asks for
  // something: the reply is read as theirs, with the notice's absence as the day to follow up.
  const personal =
    PERSONAL.find(text) !== undefined &&
    (wants !== undefined ||
      welcomed() !== null ||
      material() !== undefined ||
      hits.of('interested', true).length > 0);
  const machine = (auto.auto || machineSays.length > 0) && !personal;
  const autoReason = auto.reason ? [{ text: auto.reason }] : machineSays;

  // A removal request decides, whatever else the reply says ("STOP" alone is one too).
  if (ALONE_REMOVAL.test(text.trim()))
    return decided('not_interested', 0.98, [{ text: text.trim() }], { doNotContact: true });
  const dnc = strong('dnc');
  if (dnc.length > 0 && !machine) return decided('not_interested', 0.98, dnc, { doNotContact: true });

  // Gone for good (left, retired, mailbox closed): the wrong person, never an absence.
  const gone = found(GONE, text);
  if (gone.length > 0) {
    const ref = referralOf(text);
    return decided('wrong_person', 0.97, [...autoReason, ...gone], ref ? { referral: ref.referral } : {});
  }

  // An absence: the notice's own words, or a subject that names one. A person who writes
  // themselves that they are away but asks for something ("interested, email me on the 7th") is
  // answered by what they ask.
  const ooo = [
    ...strong('out_of_office'),
    ...((machine || personal) && !found(ACKNOWLEDGEMENT, text).length ? found(AWAY, text) : []),
  ];
  const absentSubject = ABSENT_SUBJECT.exec(subject)?.[0];
  // "Bis Donnerstag" beside an absence is how long it lasts, not a goodbye to a meeting. Read only
  // when a rule below needs it: the interest and meeting phrases are most of the cost.
  const waits = (h: Hit) => ooo.length > 0 && waitsForReturn(text, text.indexOf(h.text), h.text.length);
  const both = (g: Hit['group']) => [...hits.of(g, true), ...hits.of(g, false)];
  let asked: boolean | undefined;
  const asks = (): boolean =>
    (asked ??=
      both('interested').some((h) => !waits(h)) ||
      both('meeting_booked').some((h) => !(ooo.length > 0 && UNTIL_DAY.test(h.text))) ||
      (!machine &&
        ooo.length > 0 &&
        (wants !== undefined || welcomed() !== null || material() !== undefined)));
  if ((ooo.length > 0 && (machine || !asks())) || (absentSubject && machine && !personal)) {
    const back = returnDate(text, input.sentAt, input.timeZone);
    const ref = referralOf(text);
    const reasons = [...(absentSubject ? [{ text: absentSubject }] : autoReason), ...ooo];
    return decided('out_of_office', machine && ooo.length > 0 ? 0.98 : 0.96, reasons, {
      ...(back ? { returnDate: back } : {}),
      ...(ref ? { referral: ref.referral } : {}),
    });
  }
  // Away, but welcoming the idea: interested, with the day to follow up.
  const welcome = !machine && ooo.length > 0 ? (wants ?? welcomed()?.[0]) : undefined;
  if (welcome && !strong('not_interested').length) {
    const back = returnDate(text, input.sentAt, input.timeZone);
    return decided('interested', 0.9, [{ text: welcome }], back ? { returnDate: back } : {});
  }
  // Any other machine's reply (a ticket, "we aim to respond within a day", a mailbox nobody reads)
  // is nothing a rep decides on. (A date alone does not make it an absence: "left on 31 October".)
  if (machine || found(ACKNOWLEDGEMENT, text).length > 0) return NONE();

  // A colleague brought in and asked to look ("Looping in Sam. Sam, worth a demo?"): the interest
  // is passed on, not refused; the wrong person only when the reply says it is not theirs.
  const passedOn = broughtIn(text);
  if (passedOn) return decided('interested', 0.9, passedOn);

  // Passed on to a colleague: the wrong person, unless it says it is interested too.
  const handover =
    strong('handover').length > 0 && !asks() && material() === undefined ? strong('handover') : [];
  const wrong = [...strong('wrong_person'), ...handover];
  // "Procurement decides; Tom Berry (tom@…) is who you want": the one who decides, named.
  const ref = wrong.length > 0 || (strong('points').length > 0 && !asks()) ? referralOf(text) : undefined;
  if (wrong.length === 0 && ref && !asks()) wrong.push(...strong('points'));
  if (wrong.length > 0) {
    return decided('wrong_person', 0.95, wrong, ref ? { referral: ref.referral } : {});
  }

  // A word or two that is the whole answer: "Pass.", "Ja, gerne", "Booked."
  const short = shortAnswer(text);
  if (short) return decided(short.verdict, 0.95, [{ text: short.words }]);

  const invite = acceptedInvite(input.subject);
  if (invite) return decided('meeting_booked', 0.97, [{ text: invite }]);

  // "Not now, check back in Q3", "oh great, another cold email": no verdict a rep would give
  // without reading it.
  // Later, but wanting it ("Reach out in January, I'd love to see a demo then"): interested,
  // unless the reply also says no.
  if (hits.any('deferral') && !hits.any('sarcasm') && wants && !strong('not_interested').length) {
    const back = returnDate(text, input.sentAt, input.timeZone);
    return decided('interested', 0.9, [{ text: wants }], back ? { returnDate: back } : {});
  }
  if (hits.any('deferral', 'sarcasm')) return NONE();
  const meeting = strong('meeting_booked').filter((h) => !h.asked);
  if (meeting.length > 0) return decided('meeting_booked', 0.95, meeting);
  // A no asked as a question ("how does this compare to what we already use?") is a question. A
  // provider kept ("we just renewed with …") is a no when the reply asks for nothing beside it.
  const kept = strong('kept');
  const asksToo = kept.length > 0 && (hits.any('interested') || material() !== undefined);
  const no = [...strong('not_interested'), ...(asksToo ? [] : kept)].filter((h) => !h.asked);
  // "No budget until March, but send me a quote": what they ask for now decides.
  const butAsked = no.length > 0 ? butAsks(text) : undefined;
  if (butAsked) return decided('interested', 0.9, [{ text: butAsked }]);
  if (no.length > 0) return decided('not_interested', 0.95, no);
  const yes = strong('interested');
  if (yes.length > 0) return decided('interested', 0.95, yes);
  if (wants) return decided('interested', 0.9, [{ text: wants }]);
  // Asks no phrase knows, read by what they are made of: material or a price asked for, a
  // moment taken ("Yes, Tuesday 10am").
  const forMaterial = material() ?? butAsks(text);
  if (forMaterial) return decided('interested', 0.9, [{ text: forMaterial }]);
  const moment = takesMoment(text);
  if (moment) return decided('meeting_booked', 0.9, [{ text: moment }]);

  // The rest: the model, shown with a phrase of the same verdict in the reply ("sounds
  // interesting"), or alone when it is very sure of interest, a no or a booking.
  const source = `${subject}\n${text}`;
  const { probs, top } = score(features(source), [{ model: SHIPPED, weight: 1 }]);
  const best = probs.indexOf(Math.max(...probs));
  const label = CLASSES[best]!;
  if (label === 'unclear' || probs[best]! < MIN_CONFIDENCE) return NONE();
  const weak = hits.of(label, false).map((h) => h.text);
  const alone = weak.length === 0;
  if (
    alone &&
    (probs[best]! < MODEL_ALONE || !ALONE_VERDICTS.has(label) || !plainAlone(input, text, hits, label))
  )
    return NONE();
  const reasons = top.map((f) => asWritten(source, f)).filter((w): w is string => !!w);
  return {
    status: label,
    confidence: alone ? 0.9 : Math.round(probs[best]! * 100) / 100,
    reasons: [...new Set([...weak, ...reasons])],
    version: SUGGEST_VERSION,
  };
}
