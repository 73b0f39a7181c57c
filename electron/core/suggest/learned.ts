// What a rep's own verdicts teach: the replies they judged, kept as the prospect's own words, and
// used only for replies like them. A reply near one the rep judged otherwise loses the shipped
// suggestion (the rep said this kind is not that); several agreeing verdicts on replies like it
// are needed before the rep's verdict decides alone. So one verdict changes the suggestions of a
// few near-identical replies, never the inbox (a word-count model with the rep's counts weighed
// sixfold turned one verdict into hundreds of changed suggestions, deciding on "Hi Isabella,",
// names and company suffixes).
import { ADDRESSEE, GREETING, ownText } from './text';
import type { Verdict } from './types';

/** One judged reply: the set of its own words, and the rep's verdict. */
export interface Example {
  words: string[];
  label: Verdict;
}

/** A rep's on-device model: their judged replies, oldest first (a plain object: it is posted to
 *  the classifier's thread). */
export interface Learned {
  examples: Example[];
}

/** Replies this alike (shared words over all words of both) are "like" each other. */
const LIKE = 0.5;
/** This alike: the same reply bar a word or two (a correction of one applies to the other). */
const SAME = 0.8;
/** Agreeing verdicts on replies like it before the rep's verdict decides alone. */
const AGREEING = 3;

export function emptyLearned(): Learned {
  return { examples: [] };
}

/** A line that names someone rather than says something: "Isabella Santos", "Santos Ltd". */
const NAME_LINE = /^[ \t]*(?:[\p{Lu}\p{N}][\p{L}\p{N}.'’&-]*[ \t,|/-]*|[\w.+-]+@[\w.-]+[ \t]*)*$/u;

/** The text without its greeting line ("Hi Isabella,") and the name lines under it. */
export function bare(text: string): string {
  const lines = text.split('\n');
  const g = GREETING.exec(lines[0] ?? '');
  if (g && ADDRESSEE.test(lines[0]!.slice(g[0].length))) lines.shift();
  while (lines.length > 1 && NAME_LINE.test(lines[lines.length - 1]!)) lines.pop();
  return lines.join('\n');
}

/** Company forms and words that are never what a reply means. */
const NEVER = new Set(
  'ltd llc inc gmbh ag sa sas sarl bv nv srl spa plc co corp sl lda kg ohg ug'.split(' '),
);

/** The words a rep's verdict may read: the prospect's own text (no quote, no signature), without
 *  the greeting line, names (capitalized words inside a sentence), company forms and numbers. */
export function ownWords(input: { subject: string; body: string }): string[] {
  return wordsOf(ownText(input.body));
}

/** ownWords of a reply whose own text is read already. */
export function wordsOf(own: string): string[] {
  const text = bare(own);
  const words = new Set<string>();
  for (const m of text.matchAll(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu)) {
    const w = m[0];
    if (/^\p{N}+$/u.test(w)) continue;
    const before = text.slice(0, m.index).trimEnd();
    const sentenceStart = before === '' || /[.!?:\n]$/.test(before);
    if (/^\p{Lu}/u.test(w) && !sentenceStart) continue;
    const lower = w.toLowerCase().replace('’', "'");
    if (!NEVER.has(lower)) words.add(lower);
  }
  return [...words];
}

/** The rep gave `label` to a reply: it is kept with their other verdicts. */
export function learnReply(learned: Learned, input: { subject: string; body: string }, label: Verdict): void {
  const words = ownWords(input);
  if (words.length > 0) learned.examples.push({ words, label });
}

interface Entry {
  set: Set<string>;
  /** verdict → judged replies with exactly these words */
  votes: Map<Verdict, number>;
}
interface Index {
  /** word → entries holding it */
  postings: Map<string, number[]>;
  /** one per distinct set of words: a template answered by many prospects is compared once */
  entries: Entry[];
}
const indexes = new WeakMap<Learned, { n: number; index: Index }>();

function indexOf(learned: Learned): Index {
  const held = indexes.get(learned);
  if (held && held.n === learned.examples.length) return held.index;
  const postings = new Map<string, number[]>();
  const entries: Entry[] = [];
  const byKey = new Map<string, Entry>();
  for (const e of learned.examples) {
    const key = [...e.words].sort().join(' ');
    let entry = byKey.get(key);
    if (!entry) {
      entry = { set: new Set(e.words), votes: new Map() };
      byKey.set(key, entry);
      for (const w of entry.set) {
        const p = postings.get(w);
        if (p) p.push(entries.length);
        else postings.set(w, [entries.length]);
      }
      entries.push(entry);
    }
    entry.votes.set(e.label, (entry.votes.get(e.label) ?? 0) + 1);
  }
  const index = { postings, entries };
  indexes.set(learned, { n: learned.examples.length, index });
  return index;
}

/** What the rep's verdicts say of a reply: the verdicts of the judged replies like it, and the
 *  verdicts given to near-identical ones. */
export interface Judged {
  /** verdict → how many judged replies like this one got it */
  votes: Map<Verdict, number>;
  /** verdicts given to near-identical replies */
  same: Set<Verdict>;
}

export function judgedLike(learned: Learned, words: readonly string[]): Judged | null {
  if (learned.examples.length === 0 || words.length === 0) return null;
  const { postings, entries } = indexOf(learned);
  // Any reply at least LIKE alike shares one of this reply's rarest words (prefix filtering): only
  // those are compared, so a rep's 2,000 verdicts cost a handful of comparisons.
  const order = [...words].sort(
    (a, b) => (postings.get(a)?.length ?? 0) - (postings.get(b)?.length ?? 0) || (a < b ? -1 : 1),
  );
  const prefix = order.length - Math.ceil(LIKE * order.length) + 1;
  const candidates = new Set<number>();
  for (const w of order.slice(0, prefix)) for (const i of postings.get(w) ?? []) candidates.add(i);
  const votes = new Map<Verdict, number>();
  const same = new Set<Verdict>();
  for (const i of candidates) {
    const { set, votes: given } = entries[i]!;
    // Sizes too far apart cannot be LIKE alike.
    if (Math.min(set.size, words.length) < LIKE * Math.max(set.size, words.length)) continue;
    let shared = 0;
    for (const w of words) if (set.has(w)) shared++;
    const alike = shared / (words.length + set.size - shared);
    if (alike < LIKE) continue;
    for (const [label, n] of given) {
      votes.set(label, (votes.get(label) ?? 0) + n);
      if (alike >= SAME) same.add(label);
    }
  }
  return votes.size > 0 ? { votes, same } : null;
}

/** The verdict the rep's own verdicts give alone: several agreeing, none against. */
export function taughtVerdict(j: Judged | null): { label: Verdict; agreeing: number } | null {
  if (!j || j.votes.size !== 1) return null;
  const [label, n] = [...j.votes][0]!;
  return n >= AGREEING ? { label, agreeing: n } : null;
}
