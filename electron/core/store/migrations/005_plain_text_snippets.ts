// Version 5: reply snippets are plain text with {{placeholders}}, like the reply box they go into.
// Version 1 stored them as HTML, which the composer then showed (and sent) as escaped markup.
// Paragraphs become blank-line breaks, <br> a line break, tags go, the five entities are decoded.
import type { Database } from 'better-sqlite3';

export const version = 5;

export function htmlSnippetToText(html: string): string {
  return html
    .replace(/<\/p>\s*<p[^>]*>/gi, '\n\n')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .trim();
}

export function up(db: Database): void {
  const rows = db.prepare(`SELECT id, body FROM snippets WHERE body LIKE '%<%'`).all() as {
    id: string;
    body: string;
  }[];
  const set = db.prepare(`UPDATE snippets SET body = ? WHERE id = ?`);
  for (const r of rows) set.run(htmlSnippetToText(r.body), r.id);
}
