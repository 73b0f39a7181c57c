// Snippet placeholders: {{firstName}}, {{company}}, {{companySize}}… filled from the lead, its
// custom fields included. A name is matched loosely ({{first_name}}, {{ FirstName }}), an empty
// value counts as missing, and what stays unfilled is found again in the text the person edits,
// so the composer can mark it and refuse to send until it is filled or removed.
import type { Lead, ThreadRow } from '../../electron/shared/contract';

/** A placeholder left in a text: its name as written and where it sits. */
export interface Placeholder {
  name: string;
  start: number;
  end: number;
}

const PATTERN = /\{\{\s*([\p{L}\p{N}_.-]+)\s*\}\}/gu;

/** "first_name", "First Name", "firstName" → "firstname": how names are compared. */
export const placeholderKey = (name: string): string => name.toLowerCase().replace(/[\s_.-]+/g, '');

/** The lead's fields a snippet may name, by comparison key. Without a lead, the thread's prospect
 *  fills what it can. Empty values are left out: they are not a fill. */
export function placeholderValues(lead: Lead | null, thread: ThreadRow | null): Map<string, string> {
  const [first = '', ...rest] = (thread?.prospectName ?? '').split(' ');
  const fields: Record<string, string> = {
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
  const values = new Map<string, string>();
  // Custom fields first: a standard field of the same name wins.
  for (const [k, v] of [...Object.entries(lead?.customFields ?? {}), ...Object.entries(fields)])
    if (v.trim() !== '') values.set(placeholderKey(k), v);
  return values;
}

/** Every placeholder in a text, in order. */
export function findPlaceholders(text: string): Placeholder[] {
  return [...text.matchAll(PATTERN)].map((m) => ({
    name: m[1]!,
    start: m.index,
    end: m.index + m[0].length,
  }));
}

/** Fills what the values know; the rest stays as written and is listed in `unfilled`. */
export function fillPlaceholders(
  text: string,
  values: Map<string, string>,
): { text: string; unfilled: string[] } {
  const unfilled: string[] = [];
  const out = text.replace(PATTERN, (whole, name: string) => {
    const v = values.get(placeholderKey(name));
    if (v !== undefined) return v;
    if (!unfilled.includes(name)) unfilled.push(name);
    return whole;
  });
  return { text: out, unfilled };
}

/** A text cut into plain runs and placeholders, for showing the unfilled ones marked. */
export function splitAtPlaceholders(text: string): { text: string; placeholder: boolean }[] {
  const parts: { text: string; placeholder: boolean }[] = [];
  let at = 0;
  for (const p of findPlaceholders(text)) {
    if (p.start > at) parts.push({ text: text.slice(at, p.start), placeholder: false });
    parts.push({ text: text.slice(p.start, p.end), placeholder: true });
    at = p.end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), placeholder: false });
  return parts;
}

/** "companySize" → "Company size", "linkedin_url" → "Linkedin url": a field key as a label. */
export function fieldLabel(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[_\-.]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
