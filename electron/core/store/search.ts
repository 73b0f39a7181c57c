// What a person types in a search box, turned into safe FTS5 queries. Every word is required.
// "Quoted words" are an exact phrase. Anything FTS5 would read as syntax (-, *, ^, :, parentheses,
// a stray quote) is plain text, and AND, OR, NOT, NEAR in capitals are left out, so no input is
// ever a syntax error.
// Cost is kept bounded: a prefix query makes FTS5 merge the postings of every word that starts
// with it, which for "a" or "Tha" is most of an index. So the small indexes (names, emails,
// companies, campaigns, titles) take words of MIN_PREFIX characters or more as prefixes ("Dav"
// finds David) and shorter ones as whole words; message bodies take whole words only, and skip
// one- and two-letter words ("S.A.", "K.K.") when the query has longer ones.

/** Words shorter than this are matched whole, never as a prefix. */
export const MIN_PREFIX = 3;
/** Words shorter than this are left out of message-body matching when longer ones are typed. */
const MIN_BODY_WORD = 3;
/** Words and phrases kept from one query. */
const MAX_TERMS = 12;
/** Operators of FTS5 and other search boxes, when typed in capitals. */
const OPERATORS = new Set(['AND', 'OR', 'NOT', 'NEAR']);

export interface SearchTerm {
  /** The words of the term: one for a word, more for a quoted phrase. */
  words: string[];
  /** A quoted phrase: matched exactly, never as a prefix. */
  phrase: boolean;
}

const splitWords = (s: string): string[] => s.split(/[^\p{L}\p{N}_]+/u).filter((w) => w.length > 0);

/** The terms of what a person typed, or [] when nothing in it can be searched. */
export function parseSearch(input: string): SearchTerm[] {
  const text = input.normalize('NFKC');
  const terms: SearchTerm[] = [];
  // Split on double quotes: odd parts were inside quotes (an unclosed quote runs to the end).
  const parts = text.split('"');
  parts.forEach((part, i) => {
    const words = splitWords(part);
    if (words.length === 0) return;
    if (i % 2 === 1) terms.push({ words, phrase: true });
    else for (const w of words) terms.push({ words: [w], phrase: false });
  });
  // Boolean words pasted from another search tool say nothing here (every word is required):
  // leave them out, unless they are all there is.
  const plain = terms.filter((t) => t.phrase || !OPERATORS.has(t.words[0] ?? ''));
  return (plain.length > 0 ? plain : terms).slice(0, MAX_TERMS);
}

const quote = (words: string[]): string => `"${words.join(' ')}"`;

const length = (w: string): number => [...w].length;

/**
 * The MATCH expression for the small indexes (threads' names, emails, companies and campaigns;
 * leads): words of MIN_PREFIX characters or more as prefixes, shorter words and phrases exact.
 * Null when there is nothing to search.
 */
export function matchNames(terms: SearchTerm[]): string | null {
  if (terms.length === 0) return null;
  return terms
    .map((t) => (!t.phrase && length(t.words[0] ?? '') >= MIN_PREFIX ? `${quote(t.words)}*` : quote(t.words)))
    .join(' ');
}

/**
 * The MATCH expression for message subjects and bodies: whole words and phrases; one- and
 * two-letter words only when nothing longer was typed. Null when there is nothing to search.
 */
export function matchBodies(terms: SearchTerm[]): string | null {
  const long = terms.filter((t) => t.phrase || length(t.words[0] ?? '') >= MIN_BODY_WORD);
  const kept = long.length > 0 ? long : terms;
  if (kept.length === 0) return null;
  return kept.map((t) => quote(t.words)).join(' ');
}

/** One term's MATCH expressions: for the small indexes and for message subjects and bodies
 *  (null when the term is a short word left out of body matching). */
export interface TermMatch {
  names: string;
  bodies: string | null;
}

/**
 * Per-term expressions for a list filtered by search: a thread matches when EVERY term is found in
 * its prospect, company or campaign OR in any of its messages ("Elif pricing" finds Elif's thread
 * that speaks of pricing). Same word rules as matchNames and matchBodies. [] when nothing to search.
 */
export function matchEachTerm(terms: SearchTerm[]): TermMatch[] {
  const names = matchNames(terms);
  if (names === null) return [];
  const anyLong = terms.some((t) => t.phrase || length(t.words[0] ?? '') >= MIN_BODY_WORD);
  return terms.map((t) => {
    const short = !t.phrase && length(t.words[0] ?? '') < MIN_BODY_WORD;
    return {
      names: matchNames([t]) ?? quote(t.words),
      bodies: short && anyLong ? null : quote(t.words),
    };
  });
}
