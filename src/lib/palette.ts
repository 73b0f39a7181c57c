// What the command palette lists: commands, threads, people, campaigns, accounts and workspaces,
// in sections. An entry matches only when every typed word starts one of its own words ("wro per"
// finds "Wrong person", "GDPR" does not), so Enter never runs a command the person did not name.
// Threads and people come from the core's full-text search, which applies the same rule to names.
import type { LeadMatch, ThreadRow } from '../../electron/shared/contract';

export type PaletteSection =
  'Commands' | 'Snippets' | 'Threads' | 'People' | 'Campaigns' | 'Accounts' | 'Workspaces';

export const SECTION_ORDER: readonly PaletteSection[] = [
  'Commands',
  'Snippets',
  'Threads',
  'People',
  'Campaigns',
  'Accounts',
  'Workspaces',
];

export interface PaletteItem {
  /** Unique over the palette, also the option's DOM id. */
  id: string;
  section: PaletteSection;
  label: string;
  /** Shown faint after the label: an e-mail, a company, "in use". */
  detail?: string;
  /** Extra words the entry answers to (a command's id words), matched like the label. */
  keywords?: string;
  /** Keys shown on the right (commands). */
  keys?: string[];
  /** Marked as the one in use (the current account or workspace). */
  current?: boolean;
}

const fold = (s: string): string => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

const wordsOf = (s: string): string[] =>
  fold(s)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** A score when every typed word starts a word of the text (higher: earlier and in order), or null. */
export function wordScore(query: string, text: string): number | null {
  const typed = wordsOf(query);
  if (typed.length === 0) return 0;
  const words = wordsOf(text);
  let score = 0;
  let last = -1;
  for (const q of typed) {
    const at = words.findIndex((w) => w.startsWith(q));
    if (at < 0) return null;
    score += (words[at] === q ? 2 : 1) - at * 0.01 + (at > last ? 0.5 : 0);
    last = at;
  }
  return score;
}

/** Sections whose entries are named things the person may be asking for by name. */
const NAMED: ReadonlySet<PaletteSection> = new Set([
  'Commands',
  'Snippets',
  'Campaigns',
  'Accounts',
  'Workspaces',
]);

/** Whether the typed words are the entry's name, or its start ("webinar" for "Webinar Q3"). */
export function namesIt(query: string, label: string): boolean {
  const q = wordsOf(query).join(' ');
  return q !== '' && wordsOf(label).join(' ').startsWith(q);
}

/** The entries that match, grouped by section, best first within a section. A section holding an
 *  entry the typed words name exactly or by its start (a campaign, an account, a command) comes
 *  before the others, so Enter opens what was asked for, not a thread that mentions it. With no
 *  query every entry is kept in its given order. */
export function filterPalette(query: string, items: readonly PaletteItem[]): PaletteItem[] {
  const scored: { item: PaletteItem; score: number; index: number; named: boolean }[] = [];
  items.forEach((item, index) => {
    const text = `${item.label} ${item.detail ?? ''} ${item.keywords ?? ''}`;
    const score = wordScore(query, text);
    if (score === null) return;
    const named = NAMED.has(item.section) && namesIt(query, item.label);
    scored.push({ item, score: score + (named ? 10 : 0), index, named });
  });
  const namedSections = new Set(scored.filter((s) => s.named).map((s) => s.item.section));
  const section = (i: PaletteItem) =>
    SECTION_ORDER.indexOf(i.section) - (namedSections.has(i.section) ? SECTION_ORDER.length : 0);
  scored.sort((a, b) => section(a.item) - section(b.item) || b.score - a.score || a.index - b.index);
  return scored.map((s) => s.item);
}

/** A person the palette lists: who they are, and the thread choosing them opens. */
export interface PersonEntry {
  leadId: string;
  threadId: string;
  label: string;
  /** "Title · Company", either left out when empty. */
  detail: string;
}

/**
 * The people to list beside the threads found for the same words. A person is found by name,
 * e-mail, company or title ("VP Sales", "cto", "@acme"); choosing one opens their newest thread.
 * A person whose newest thread the Threads section already lists is left out: the row would lead
 * to the same place, and typing a name would show that name twice. One whose Threads rows are only
 * older threads stays, since their row is the way to the newest.
 */
export function peopleEntries(leads: readonly LeadMatch[], threads: readonly ThreadRow[]): PersonEntry[] {
  const listed = new Set(threads.map((t) => t.id));
  return leads
    .filter((l) => !listed.has(l.newestThreadId))
    .map((l) => ({
      leadId: l.id,
      threadId: l.newestThreadId,
      label: `${l.firstName} ${l.lastName}`.trim() || l.email,
      detail: [l.title, l.company].filter((s) => s.trim() !== '').join(' · '),
    }));
}
