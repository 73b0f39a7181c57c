// Reply text to the HTML that is sent, and lead fields into snippets. Pure string work, no DOM.
import type { Lead, ThreadRow } from '../../electron/contract-types';

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

/** The lead's fields a snippet may name, as {{placeholder}} → value. Custom fields join them by
 *  their own names. Without a lead, the thread's prospect fills what it can. */
export function placeholderValues(lead: Lead | null, thread: ThreadRow | null): Record<string, string> {
  const [first = '', ...rest] = (thread?.prospectName ?? '').split(' ');
  const values: Record<string, string> = {
    firstName: lead?.firstName || first,
    lastName: lead?.lastName || rest.join(' '),
    company: lead?.company || thread?.company || '',
    email: lead?.email || thread?.prospectEmail || '',
    title: lead?.title ?? '',
    phone: lead?.phone ?? '',
    website: lead?.website ?? '',
    location: lead?.location ?? '',
    industry: lead?.industry ?? '',
    linkedinUrl: lead?.linkedinUrl ?? '',
  };
  for (const [k, v] of Object.entries(lead?.customFields ?? {})) if (!(k in values)) values[k] = v;
  return values;
}

/** Fills {{name}} placeholders; an unknown name is left as written so the person sees it. */
export function fillPlaceholders(body: string, values: Record<string, string>): string {
  return body.replace(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(values, name) ? values[name]! : whole,
  );
}

/** The domain of an e-mail address, for a do-not-contact entry. */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0 ? '' : email.slice(at + 1).toLowerCase();
}
