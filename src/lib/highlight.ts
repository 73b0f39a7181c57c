// The words of a search, marked where they occur: in the list's rows (as parts to draw) and in a
// message frame's text (as <mark> elements put in from outside the frame, which runs no script).
// Like the search itself, every word counts from the start of a word ("dav" marks "David"),
// "quoted words" count as a phrase, case and accents do not matter, and AND/OR/NOT/NEAR typed
// in capitals are not words to find.

const OPERATORS = new Set(['AND', 'OR', 'NOT', 'NEAR']);
const WORD = /[\p{L}\p{N}_]+/gu;
/** Enough for any real message; a body of more text nodes is marked this far. */
const MAX_NODES = 4000;

/** Lower case, accents taken off, one character for one: positions stay those of the text. */
function fold(text: string): string {
  let out = '';
  for (const ch of text) {
    const f = ch.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    out += f.length === ch.length ? f : ch;
  }
  return out;
}

/** What to look for in a search's text: folded words and phrases (words joined by one space). */
export function searchTerms(query: string): string[] {
  const terms: string[] = [];
  query
    .normalize('NFKC')
    .split('"')
    .forEach((part, i) => {
      const words = part.match(WORD) ?? [];
      if (i % 2 === 1 && words.length > 0) terms.push(fold(words.join(' ')));
      else for (const w of words) if (!OPERATORS.has(w)) terms.push(fold(w));
    });
  return [...new Set(terms)].filter((t) => t.length > 0);
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function matcher(terms: readonly string[]): RegExp | null {
  if (terms.length === 0) return null;
  const alts = [...terms]
    .sort((a, b) => b.length - a.length)
    .map((t) => t.split(' ').map(escape).join('[^\\p{L}\\p{N}_]+'));
  return new RegExp(`(?<![\\p{L}\\p{N}_])(?:${alts.join('|')})`, 'gu');
}

/** [start, end) ranges of the terms in a text. */
function ranges(text: string, re: RegExp): [number, number][] {
  const out: [number, number][] = [];
  const folded = fold(text);
  re.lastIndex = 0;
  for (let m = re.exec(folded); m; m = re.exec(folded)) {
    if (m[0].length === 0) {
      re.lastIndex++;
      continue;
    }
    out.push([m.index, m.index + m[0].length]);
  }
  return out;
}

export interface Part {
  text: string;
  mark: boolean;
}

/** The text in parts, the found ones marked. */
export function markParts(text: string, terms: readonly string[]): Part[] {
  const re = matcher(terms);
  if (!re || !text) return [{ text, mark: false }];
  const parts: Part[] = [];
  let at = 0;
  for (const [s, e] of ranges(text, re)) {
    if (s > at) parts.push({ text: text.slice(at, s), mark: false });
    parts.push({ text: text.slice(s, e), mark: true });
    at = e;
  }
  if (at < text.length) parts.push({ text: text.slice(at), mark: false });
  return parts;
}

/** Puts the terms in <mark> in a document's body (a message frame); answers how many. The marks
 *  carry their own colours, so no author CSS can hide them or the words in them. */
export function markDocument(doc: Document, terms: readonly string[]): number {
  const re = matcher(terms);
  if (!re || !doc.body) return 0;
  const nodes: Text[] = [];
  const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n && nodes.length < MAX_NODES; n = walker.nextNode()) {
    const parent = n.parentElement?.tagName;
    if (parent !== 'STYLE' && parent !== 'MARK') nodes.push(n as Text);
  }
  let count = 0;
  for (const node of nodes) {
    const found = ranges(node.data, re);
    // From the end, so the earlier offsets stay right as the node is split.
    for (let i = found.length - 1; i >= 0; i--) {
      const [s, e] = found[i]!;
      const hit = node.splitText(s);
      hit.splitText(e - s);
      const mark = doc.createElement('mark');
      mark.dataset.search = '';
      for (const [k, v] of [
        ['background', '#ffe066'],
        ['color', '#111111'],
        ['display', 'inline'],
        ['visibility', 'visible'],
        ['opacity', '1'],
      ])
        mark.style.setProperty(k!, v!, 'important');
      hit.replaceWith(mark);
      mark.append(hit);
      count++;
    }
  }
  return count;
}
