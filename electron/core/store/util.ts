// Small helpers shared by the repositories.
import { compile } from 'html-to-text';

export function nowIso(): string {
  return new Date().toISOString();
}

/** Turns what a person typed into a safe FTS5 query: every word a quoted prefix term, all required. */
export function ftsQuery(input: string): string | null {
  const words = input
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}_]+/u)
    .filter((w) => w.length > 0)
    .slice(0, 12);
  if (words.length === 0) return null;
  return words.map((w) => `"${w.replace(/"/g, '')}"*`).join(' ');
}

/** A message's HTML as plain text, the way a mail client writes it: paragraphs and line breaks
 *  kept, quotes marked `> `, entities decoded; scripts, styles, images and link targets left out.
 *  html-to-text (on htmlparser2) rather than stripping tags by pattern: that decoded no entities
 *  and let script and style text through. The whole fragment is the base, so a stray <body> in a
 *  message cannot hide what came before it. (The migrations keep their own frozen copies.) */
export const htmlToText: (html: string) => string = compile({
  wordwrap: false,
  baseElements: { selectors: [], returnDomByDefault: true },
  selectors: [
    { selector: 'a', options: { ignoreHref: true } },
    { selector: 'img', format: 'skip' },
    ...(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const).map((selector) => ({
      selector,
      options: { uppercase: false },
    })),
    { selector: 'table', options: { uppercaseHeaderCells: false } },
  ],
});

/** More HTML than any 200-character preview needs (a 1 MB body would take the core ~0.2 s). It is
 *  cut before a tag, and an element left open at the cut (a style, a script) hides the rest. */
const PREVIEW_HTML_MAX = 50_000;

/** A short plain-text preview of a message body. */
export function snippetOf(text: string, html: string): string {
  let source = text;
  if (text.trim() === '') {
    const cut = html.length > PREVIEW_HTML_MAX ? html.lastIndexOf('<', PREVIEW_HTML_MAX) : -1;
    source = htmlToText(cut > 0 ? html.slice(0, cut) : html.slice(0, PREVIEW_HTML_MAX));
  }
  return source.replace(/\s+/g, ' ').trim().slice(0, 200);
}

export function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}
