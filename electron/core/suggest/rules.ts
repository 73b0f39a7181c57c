// Explicit phrases, per verdict and language, that decide a reply on their own ("strong") or
// lean towards a verdict ("weak"). Written lowercase; an apostrophe matches ' and ’, and a
// phrase matches only as whole words. The learned model weighs everything else.
import { COLLEAGUE } from './phrases-colleague';
import { INTEREST } from './phrases-interest';
import { LEAVING } from './phrases-leaving';
import { ANSWERS, WEAK } from './phrases-answers';
import { PLAIN_ENDINGS } from './phrases-plain-endings';
import { PLAIN_ANSWERS, WHEN } from './phrases-plain';
import { SAID } from './phrases-said';
import { STATEMENTS } from './phrases-statements';
import { DECLINES } from './phrases-declines';
import { KEPT } from './phrases-kept';
import { REMOVALS } from './phrases-removals';
import { UNWELL } from './phrases-unwell';
import type { Group } from './types';

const STRONG: Record<Group, string[]> = { ...LEAVING, ...ANSWERS, handover: [], points: [], kept: [] };
for (const [g, alts] of [
  ...Object.entries(PLAIN_ANSWERS),
  ...Object.entries(PLAIN_ENDINGS),
  ...Object.entries(SAID),
  ...Object.entries(DECLINES),
  ...Object.entries(KEPT),
  ...Object.entries(REMOVALS),
  ...Object.entries(INTEREST),
  ...Object.entries(COLLEAGUE),
  ...Object.entries(UNWELL),
  ...Object.entries(STATEMENTS),
])
  STRONG[g as Group] = [...STRONG[g as Group], ...alts];

// A phrase starts a word: the character before it is matched too (a lookbehind at the front of a
// long alternation is tried at every character, and a match tried inside a word is wasted work;
// this way most positions fail on their first character). Phrases are written lowercase and
// matched against the lowercased text: a case-insensitive Unicode match folds every character
// against every branch. Both together cut the phrases' cost, most of a long reply's, by half.
const compile = (alts: string[]): RegExp =>
  new RegExp(`(?:^|[^\\p{L}\\p{N}])(${alts.join('|').replace(/'/g, "['’]")})(?![\\p{L}\\p{N}])`, 'gu');

/** Phrases built around a moment ("Thu 2pm works", "Quedamos el jueves a las 11") are tried
 *  only on a reply that names one, in small groups: each spells out every weekday and clock time,
 *  and one regular expression of them all ran fifty times slower than its parts. */
const MOMENT_QUICK = new RegExp(`\\d|${WHEN}`, 'u');
const MOMENT_CHUNK = 3_000;
/** Past about 20,000 characters the engine stops optimizing a regular expression, and one group's
 *  phrases in one expression ran four times slower than in two: a group is cut in parts this long. */
const PLAIN_CHUNK = 12_000;

interface Compiled {
  group: Group;
  re: RegExp;
  moment: boolean;
}

function compileGroups(groups: Partial<Record<Group, string[]>>): Compiled[] {
  const out: Compiled[] = [];
  for (const [g, alts] of Object.entries(groups) as [Group, string[]][])
    for (const moment of [false, true]) {
      let chunk: string[] = [];
      let size = 0;
      const limit = moment ? MOMENT_CHUNK : PLAIN_CHUNK;
      for (const a of alts.filter((x) => x.includes(WHEN) === moment)) {
        if (chunk.length > 0 && size + a.length > limit) {
          out.push({ group: g, re: compile(chunk), moment });
          chunk = [];
          size = 0;
        }
        chunk.push(a);
        size += a.length;
      }
      if (chunk.length > 0) out.push({ group: g, re: compile(chunk), moment });
    }
  return out;
}

const STRONG_RE = compileGroups(STRONG);
const WEAK_RE = compileGroups(WEAK);

export interface Hit {
  group: Group;
  strong: boolean;
  text: string;
  /** Whether the sentence it stands in asks a question ("…what we already use?"). */
  asked?: boolean;
}

/** Whether the sentence around `at` ends with a question mark. */
function asked(text: string, at: number): boolean {
  const end = text.slice(at).search(/[.!?\n]/);
  return end >= 0 && text[at + end] === '?';
}

/** A group's expressions, strong and weak apart, in the order they were compiled. */
const BY_GROUP = new Map<string, Compiled[]>();
for (const [strong, list] of [
  [true, STRONG_RE],
  [false, WEAK_RE],
] as const)
  for (const c of list) {
    const key = `${strong}:${c.group}`;
    BY_GROUP.set(key, [...(BY_GROUP.get(key) ?? []), c]);
  }

/** The phrases a rule knows in one reply. A group's expressions run the first time the decision
 *  asks for that group, once: most replies are decided by their first groups (a removal, an
 *  absence, a referral, a no) and never pay for the thirty-odd expressions of the others. */
export interface RuleHits {
  /** The group's phrases, strong or weak, in the order of its expressions, each in text order. */
  of(group: Group, strong: boolean): readonly Hit[];
  /** Whether a phrase of any of these groups, strong or weak, is in the text. */
  any(...groups: Group[]): boolean;
}

export function ruleHits(text: string): RuleHits {
  // Lowercasing keeps every position for the scripts read here (a letter that lowercases to two,
  // like "İ", is rare enough to fold the slow way).
  const lower = text.toLowerCase();
  const same = lower.length === text.length;
  const seen = same ? lower : text;
  let moment: boolean | undefined;
  const read = new Map<string, Hit[]>();
  const of = (group: Group, strong: boolean): Hit[] => {
    const key = `${strong}:${group}`;
    const done = read.get(key);
    if (done) return done;
    const hits: Hit[] = [];
    for (const { re: cased, moment: needsMoment } of BY_GROUP.get(key) ?? []) {
      if (needsMoment && !(moment ??= MOMENT_QUICK.test(lower))) continue;
      const re = same ? cased : new RegExp(cased.source, 'giu');
      re.lastIndex = 0;
      for (let m = re.exec(seen); m; m = re.exec(seen)) {
        const at = m.index + m[0].length - m[1]!.length;
        hits.push({ group, strong, text: text.slice(at, at + m[1]!.length), asked: asked(text, at) });
        if (m[0] === '') re.lastIndex++;
      }
    }
    read.set(key, hits);
    return hits;
  };
  return {
    of,
    any: (...groups) => groups.some((g) => of(g, true).length > 0 || of(g, false).length > 0),
  };
}

/** Subjects that mean an auto-reply, in the languages the app knows. */
const AUTO_SUBJECT =
  /^(?:automatic reply|auto(?:matic)?[- ]?reply|autoreply|out of (?:the )?office|abwesenheitsnotiz|automatische antwort|réponse automatique|absence|respuesta automática|fuera de la oficina|afwezig|automatisch antwoord|resposta automática|ausência|risposta automatica|fuori ufficio)\b[^\n]*/i;

/** A calendar's answer to an invitation the prospect accepted, in the languages the app knows. */
const ACCEPTED_SUBJECT =
  /^(?:accepted|angenommen|accepté|aceptado|aceptada|geaccepteerd|aceito|aceita|accettato|(?:invitation|einladung|invitación|uitnodiging|convite|invito) (?:accepted|angenommen|acceptée|aceptada|geaccepteerd|aceito|aceite|accettato))\s*:/i;

/** The subject's word when it is a calendar's acceptance ("Accepted: Intro call"). */
export function acceptedInvite(subject: string): string | undefined {
  return ACCEPTED_SUBJECT.exec(subject.trim())?.[0].replace(/\s*:$/, '');
}

/** Whether a machine answered (the subject's auto-reply prefix or a header), and the subject words
 *  that say so (headers give no words to show). */
export function autoReply(
  subject: string,
  headers: Record<string, string> = {},
): { auto: boolean; reason?: string } {
  const m = AUTO_SUBJECT.exec(subject.trim());
  if (m) return { auto: true, reason: m[0].split(/[:：]/)[0]!.trim() };
  const h = new Map(
    Object.entries(headers).map(([k, v]) => [k.toLowerCase(), String(v).toLowerCase().trim()]),
  );
  const submitted = h.get('auto-submitted');
  const auto =
    (submitted !== undefined && submitted !== 'no') ||
    h.has('x-autoreply') ||
    h.has('x-autorespond') ||
    /auto_reply/.test(h.get('precedence') ?? '');
  return { auto };
}
