// The words of a suggested verdict, one place for the row's chip, the reading pane and the
// toasts: "Out of office · back Dec 3", "Wrong person → jane@acme.com", "Not interested · remove".
import { morningAfter } from '../../electron/shared/absence';
import type { ThreadRow, ThreadSuggestion } from '../../electron/shared/contract';
import { shortDate, statusLabel } from './format';

/** A YYYY-MM-DD day as the rep reads it ("Dec 3", with the year when it is not this one). */
export function dayWords(day: string, now = new Date()): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return day;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return shortDate(d, now);
}

/** The chip's words. */
export function suggestionWords(s: ThreadSuggestion): string {
  const name = statusLabel(s.status);
  if (s.status === 'out_of_office' && s.returnDate) return `${name} · back ${dayWords(s.returnDate)}`;
  if (s.status === 'wrong_person' && s.referral) return `${name} → ${s.referral.email ?? s.referral.name}`;
  if (s.doNotContact) return `${name} · remove`;
  return name;
}

/** What accepting will do, in a sentence (the reading pane and the chip's hover). */
export function acceptWords(s: ThreadSuggestion, outOfOfficeDays: number, now = new Date()): string {
  const name = statusLabel(s.status);
  if (s.status === 'out_of_office') {
    // The day they named, unless it has passed (then the setting's days, as the core does).
    const after = morningAfter(s.returnDate);
    if (after && after.getTime() > now.getTime())
      return `${name}, and back in the Inbox the morning after ${dayWords(s.returnDate!, now)}`;
    const passed = s.returnDate ? ` (${dayWords(s.returnDate, now)}, the day they named, has passed)` : '';
    return `${name}, and back in the Inbox in ${outOfOfficeDays} days${passed}`;
  }
  if (s.doNotContact) return `${name}, and the prospect goes on the do-not-contact list`;
  return name;
}

/** The suggestion a row shows: only while the thread waits for a verdict. */
export function shownSuggestion(row: ThreadRow, enabled: boolean): ThreadSuggestion | null {
  return enabled && row.status === 'open' ? row.suggestion : null;
}

/** A piece of the reply around its deciding phrases: text and marked runs in order. */
export interface Excerpt {
  parts: { text: string; mark: boolean }[];
  /** The phrases came from the subject line. */
  subject: boolean;
}

const AROUND = 60;

function find(reason: string, source: string): { at: number; end: number } | null {
  const re = new RegExp(
    reason
      .trim()
      .split(/\s+/)
      .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('\\s+'),
    'i',
  );
  const m = re.exec(source);
  return m ? { at: m.index, end: m.index + m[0].length } : null;
}

/** One excerpt per stretch of `source` holding phrases, phrases close together sharing one; an
 *  excerpt stays inside its paragraph (`source` holds one paragraph per line). */
function around(hits: { at: number; end: number }[], source: string, subject: boolean): Excerpt[] {
  hits.sort((a, b) => a.at - b.at);
  const paraStart = (i: number) => source.lastIndexOf('\n', i - 1) + 1;
  const paraEnd = (i: number) => (source.indexOf('\n', i) + 1 || source.length + 1) - 1;
  const out: Excerpt[] = [];
  let i = 0;
  while (i < hits.length) {
    const group = [hits[i]!];
    const limit = paraEnd(group[0]!.end);
    while (
      i + 1 < hits.length &&
      hits[i + 1]!.at <= group[group.length - 1]!.end + AROUND &&
      hits[i + 1]!.end <= limit
    )
      group.push(hits[++i]!);
    i++;
    const first = paraStart(group[0]!.at);
    const start = Math.max(first, group[0]!.at - AROUND);
    const end = Math.min(limit, Math.max(...group.map((h) => h.end)) + AROUND);
    const parts: Excerpt['parts'] = [];
    let at = start;
    for (const h of group) {
      if (h.at < at) continue; // overlaps the phrase before: already marked
      parts.push({ text: (at === start && start > first ? '…' : '') + source.slice(at, h.at), mark: false });
      parts.push({ text: source.slice(h.at, h.end), mark: true });
      at = h.end;
    }
    parts.push({ text: source.slice(at, end) + (end < limit ? '…' : ''), mark: false });
    out.push({ parts: parts.filter((p) => p.text !== ''), subject });
  }
  return out;
}

/** Where the reasons stand in the reply (or its subject), with some words around them. A reason
 *  is matched with any run of spaces where it has one (the reply's line breaks differ). */
export function excerpts(reasons: readonly string[], text: string, subject: string): Excerpt[] {
  // One paragraph per line, each paragraph's own line breaks (wrapping) as spaces.
  const flat = text
    .split(/\n[^\S\n]*\n\s*/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
  const inSubject: { at: number; end: number }[] = [];
  const inText: { at: number; end: number }[] = [];
  for (const reason of reasons) {
    const s = find(reason, subject);
    if (s) inSubject.push(s);
    else {
      const t = find(reason, flat);
      if (t) inText.push(t);
    }
  }
  return [...around(inSubject, subject, true), ...around(inText, flat, false)];
}
