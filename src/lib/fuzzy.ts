// Fuzzy matching for the command palette: every typed character must appear in order; matches at
// word starts and in a row score higher.

export function fuzzyScore(query: string, text: string): number | null {
  const q = query.trim().toLowerCase();
  if (!q) return 0;
  const t = text.toLowerCase();
  let score = 0;
  let ti = 0;
  let prev = -2;
  for (const ch of q) {
    if (ch === ' ') continue;
    const at = t.indexOf(ch, ti);
    if (at < 0) return null;
    if (at === prev + 1) score += 3;
    if (at === 0 || /[\s\-_.(]/.test(t[at - 1]!)) score += 2;
    score -= (at - ti) * 0.01;
    prev = at;
    ti = at + 1;
  }
  return score;
}

export function fuzzyFilter<T>(query: string, items: readonly T[], text: (item: T) => string): T[] {
  const scored: { item: T; score: number; index: number }[] = [];
  items.forEach((item, index) => {
    const score = fuzzyScore(query, text(item));
    if (score !== null) scored.push({ item, score, index });
  });
  scored.sort((a, b) => b.score - a.score || a.index - b.index);
  return scored.map((s) => s.item);
}
