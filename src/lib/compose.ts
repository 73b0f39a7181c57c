// Reply text to the HTML that is sent. Pure string work, no DOM (placeholders: placeholders.ts).

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Plain text as safe HTML: every character escaped, blank lines make paragraphs, single line
 *  breaks become <br>. */
export function textToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .trim()
    .split(/\n\s*\n/)
    .filter((p) => p.trim() !== '')
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** HTML (a signature) as the plain text the person edits, read by the page's own parser (it runs
 *  no script): paragraphs as blank lines, <br> as a line break, entities decoded. */
export function htmlToText(html: string): string {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  body.querySelectorAll('script, style').forEach((e) => e.remove());
  body.querySelectorAll('br').forEach((br) => br.replaceWith('\n'));
  body.querySelectorAll('p, div').forEach((block) => block.append('\n\n'));
  return (body.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
}

/** The domain of an e-mail address, for a do-not-contact entry. */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0 ? '' : email.slice(at + 1).toLowerCase();
}
