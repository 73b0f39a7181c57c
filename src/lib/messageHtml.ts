// Untrusted message HTML made safe to show: sanitized by DOMPurify, quoted history split off so it
// can be folded, and wrapped in a document whose own CSP blocks everything remote (images only
// once the person allows them) and every form submission. The frame that shows it has no scripts.
import DOMPurify from 'dompurify';
import { cleanInline, cleanStylesheet } from './cssGuard';

const FORBID_TAGS = [
  'form',
  'input',
  'button',
  'select',
  'textarea',
  'iframe',
  'frame',
  'object',
  'embed',
  'link',
  'meta',
  'base',
  'script',
];
const FORBID_ATTR = ['action', 'formaction', 'srcset', 'ping'];

export interface PreparedMessage {
  /** The new part of the message. */
  main: string;
  /** Quoted history (blockquotes, an "On … wrote:" tail), empty when there is none. */
  quoted: string;
  /** The message asks for images from the network. */
  hasRemoteImages: boolean;
}

/** A body with nothing to show (what a kept, hidden frame holds). */
export const NO_BODY: PreparedMessage = { main: '', quoted: '', hasRemoteImages: false };

const WROTE_LINE = /^\s*(On\s.{3,200}\swrote:|-{2,}\s*Original Message\s*-{2,}|Am\s.{3,200}\sschrieb:)/im;

/** Bodies prepared lately, by their HTML: opening a thread again, or the same thread answered
 *  again after a change, does not parse and sanitize its messages again. Bounded by the
 *  characters held (source and result), oldest out first. */
const PREPARED_CHARS = 4_000_000;
/** A CSS url() that loads from the network (inline styles and style elements alike). */
const REMOTE_URL = /url\(\s*['"]?(https?:)?\/\//i;
const prepared = new Map<string, PreparedMessage>();
let preparedChars = 0;
const charsOf = (html: string, p: PreparedMessage): number => html.length + p.main.length + p.quoted.length;

/** Whether this body was sanitized already (and is kept). */
export function isPrepared(html: string): boolean {
  return prepared.has(html);
}

/** Sanitizes and splits a message body. */
export function prepareMessage(html: string): PreparedMessage {
  const known = prepared.get(html);
  if (known) return known;
  const result = prepareOnce(html);
  const chars = charsOf(html, result);
  if (chars > PREPARED_CHARS / 4) return result;
  prepared.set(html, result);
  preparedChars += chars;
  for (const [key, p] of prepared) {
    if (preparedChars <= PREPARED_CHARS) break;
    prepared.delete(key);
    preparedChars -= charsOf(key, p);
  }
  return result;
}

/** Parsing happens in DOMPurify's inert document, so nothing in the HTML runs or loads here. The
 *  sanitized tree is split as it is, not serialized and parsed a second time: parsing was most of
 *  the time a thread took to open (a long history is one body per reply, each quoting the last). */
function prepareOnce(html: string): PreparedMessage {
  const body = DOMPurify.sanitize(html, {
    FORBID_TAGS,
    FORBID_ATTR,
    WHOLE_DOCUMENT: false,
    RETURN_DOM: true,
  }) as HTMLElement | null;
  // Nothing left that a body could hold (a frameset, say).
  if (!body) return NO_BODY;
  neutraliseHiding(body);
  const doc = body.ownerDocument;
  const remoteImg = [...body.querySelectorAll('img')].some((img) =>
    /^(https?:)?\/\//i.test(img.getAttribute('src') ?? ''),
  );

  // History starts at the first blockquote (or Gmail/Outlook quote block, or an "On … wrote:" line),
  // wherever it sits in the tree; a "Name wrote:" line just above it belongs to it.
  let start: Node | null = body.querySelector('blockquote, .gmail_quote, [type="cite"]');
  const walker = doc.createTreeWalker(body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (start && start.compareDocumentPosition(n) & Node.DOCUMENT_POSITION_FOLLOWING) break;
    if (WROTE_LINE.test(n.textContent ?? '')) {
      start = n.parentElement && n.parentElement !== body ? n.parentElement : n;
      break;
    }
  }
  if (start && start !== body) {
    const prev = previousMeaningful(start);
    if (
      prev &&
      (prev.textContent ?? '').length < 300 &&
      /(wrote|schrieb):\s*$/i.test((prev.textContent ?? '').trim())
    ) {
      start = prev;
    }
  }
  let quoted = '';
  if (start && start !== body) {
    const range = doc.createRange();
    range.setStartBefore(start);
    range.setEndAfter(body.lastChild!);
    const holder = doc.createElement('div');
    holder.append(range.extractContents());
    quoted = holder.innerHTML;
  }
  const main = body.innerHTML;
  const hasRemoteImages = remoteImg || REMOTE_URL.test(main) || REMOTE_URL.test(quoted);
  return { main, quoted, hasRemoteImages };
}

/** Author CSS and attributes that would hide text go; the rest of the styling stays (cssGuard.ts). */
function neutraliseHiding(body: HTMLElement): void {
  for (const el of body.querySelectorAll('[style]')) {
    const kept = cleanInline(el.getAttribute('style') ?? '');
    if (kept) el.setAttribute('style', kept);
    else el.removeAttribute('style');
  }
  for (const el of body.querySelectorAll('[hidden]')) el.removeAttribute('hidden');
  for (const el of body.querySelectorAll('style')) el.textContent = cleanStylesheet(el.textContent ?? '');
  for (const el of body.querySelectorAll('details:not([open])')) el.setAttribute('open', '');
}

/** The sibling before a node, skipping blank text; climbs out of wrappers it is the first child of. */
function previousMeaningful(node: Node): Node | null {
  let cur: Node | null = node;
  while (cur) {
    let prev: Node | null = cur.previousSibling;
    while (prev && prev.nodeType === 3 && !(prev.textContent ?? '').trim()) prev = prev.previousSibling;
    if (prev) return prev;
    cur = cur.parentNode;
    if (!cur || cur.nodeName === 'BODY') return null;
  }
  return null;
}

export interface FrameTheme {
  scheme: 'light' | 'dark';
  text: string;
  link: string;
  muted: string;
}

export const FRAME_THEMES: Record<'light' | 'dark', FrameTheme> = {
  light: { scheme: 'light', text: '#1d2330', link: '#2456d6', muted: '#6b7386' },
  dark: { scheme: 'dark', text: '#e4e7ee', link: '#8fb0ff', muted: '#8b93a5' },
};

/** The document of a message frame. Its body holds its children's margins and floats (flow-root), so
 *  the body's own box is the height the frame takes. */
export function frameDocument(body: string, opts: { allowImages: boolean; theme: FrameTheme }): string {
  const img = opts.allowImages ? 'https: http: data:' : 'data:';
  const csp = `default-src 'none'; img-src ${img}; style-src 'unsafe-inline'; form-action 'none'`;
  const t = opts.theme;
  return `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${csp}"><meta name="color-scheme" content="${t.scheme}"><style>
:root{color-scheme:${t.scheme};}
html,body{margin:0;padding:0;background:transparent;color:${t.text};}
body{display:flow-root!important;font:14px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;overflow-wrap:anywhere;}
a{color:${t.link};}
img{max-width:100%;height:auto;}
blockquote{margin:0 0 0 .5em;padding-left:.75em;border-left:2px solid ${t.muted};color:${t.muted};}
table{max-width:100%;}
p{margin:0 0 .6em;}
</style></head><body>${body}</body></html>`;
}
