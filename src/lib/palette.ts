// What the command palette lists: commands, threads, campaigns, accounts and workspaces, in
// sections. An entry matches only when every typed word starts one of its own words ("wro per"
// finds "Wrong person", "GDPR" does not), so Enter never runs a command the person did not name.
// Threads come from the core's full-text search, which applies the same rule to names.

export type PaletteSection = 'Commands' | 'Snippets' | 'Threads' | 'Campaigns' | 'Accounts' | 'Workspaces';

export const SECTION_ORDER: readonly PaletteSection[] = [
  'Commands',
  'Snippets',
  'Threads',
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

/** The entries that match, grouped by section in SECTION_ORDER, best first within a section.
 *  With no query every entry is kept in its given order. */
export function filterPalette(query: string, items: readonly PaletteItem[]): PaletteItem[] {
  const scored: { item: PaletteItem; score: number; index: number }[] = [];
  items.forEach((item, index) => {
    const text = `${item.label} ${item.detail ?? ''} ${item.keywords ?? ''}`;
    const score = wordScore(query, text);
    if (score !== null) scored.push({ item, score, index });
  });
  const section = (i: PaletteItem) => SECTION_ORDER.indexOf(i.section);
  scored.sort((a, b) => section(a.item) - section(b.item) || b.score - a.score || a.index - b.index);
  return scored.map((s) => s.item);
}
