// Untrusted message HTML made safe to show: sanitized by DOMPurify, quoted history split off so it
// can be folded, and wrapped in a document whose own CSP blocks everything remote (images only
// once the person allows them) and every form submission. The frame that shows it has no scripts.
import DOMPurify from 'dompurify';

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

export function sanitize(html: string): string {
  return DOMPurify.sanitize(html, { FORBID_TAGS, FORBID_ATTR, WHOLE_DOCUMENT: false });
}

const WROTE_LINE = /^\s*(On\s.{3,200}\swrote:|-{2,}\s*Original Message\s*-{2,}|Am\s.{3,200}\sschrieb:)/im;

/** Sanitizes and splits a message body. Parsing happens in an inert document (DOMParser), so
 *  nothing in the HTML runs or loads here. */
export function prepareMessage(html: string): PreparedMessage {
  const clean = sanitize(html);
  const doc = new DOMParser().parseFromString(`<body>${clean}</body>`, 'text/html');
  const body = doc.body;
  const hasRemoteImages =
    [...body.querySelectorAll('img')].some((img) => /^(https?:)?\/\//i.test(img.getAttribute('src') ?? '')) ||
    /url\(\s*['"]?(https?:)?\/\//i.test(clean);

  const quotedParts: string[] = [];
  // Everything from the first top-level blockquote or "On … wrote:" line onwards is history.
  let cut: ChildNode | null = null;
  for (const node of [...body.childNodes]) {
    const el = node.nodeType === 1 ? (node as Element) : null;
    const text = node.textContent ?? '';
    if (
      (el && (el.tagName === 'BLOCKQUOTE' || el.querySelector('blockquote[type="cite"], .gmail_quote'))) ||
      WROTE_LINE.test(text)
    ) {
      cut = node;
      break;
    }
  }
  if (cut) {
    // The "Name wrote:" line just above the quote belongs to the quote.
    let prev = cut.previousSibling;
    while (prev && prev.nodeType === 3 && !(prev.textContent ?? '').trim()) prev = prev.previousSibling;
    if (
      prev &&
      /wrote:\s*$|schrieb:\s*$/i.test((prev.textContent ?? '').trim()) &&
      (prev.textContent ?? '').length < 300
    ) {
      cut = prev;
    }
    let node: ChildNode | null = cut;
    while (node) {
      const next: ChildNode | null = node.nextSibling;
      quotedParts.push(
        node.nodeType === 1 ? (node as Element).outerHTML : escapeText(node.textContent ?? ''),
      );
      node.remove();
      node = next;
    }
  }
  return { main: body.innerHTML, quoted: quotedParts.join(''), hasRemoteImages };
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export interface FrameTheme {
  text: string;
  background: string;
  link: string;
  muted: string;
}

/** The srcdoc of a message frame. */
export function frameDocument(body: string, opts: { allowImages: boolean; theme: FrameTheme }): string {
  const img = opts.allowImages ? 'https: http: data:' : 'data:';
  const csp = `default-src 'none'; img-src ${img}; style-src 'unsafe-inline'; form-action 'none'`;
  const t = opts.theme;
  return `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${csp}"><style>
html,body{margin:0;padding:0;background:transparent;color:${t.text};}
body{font:14px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;overflow-wrap:anywhere;}
a{color:${t.link};}
img{max-width:100%;height:auto;}
blockquote{margin:0 0 0 .5em;padding-left:.75em;border-left:2px solid ${t.muted};color:${t.muted};}
table{max-width:100%;}
p{margin:0 0 .6em;}
</style></head><body>${body}</body></html>`;
}
