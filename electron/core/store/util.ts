// Small helpers shared by the repositories.
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

/** A short plain-text preview of a message body. */
export function snippetOf(text: string, html: string): string {
  const source = text.trim() !== '' ? text : html.replace(/<[^>]*>/g, ' ');
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
