// Local-only state that never goes to the service: drafts and reply snippets.
import type { Snippet } from '../../../shared/contract';
import type { Db } from '../db';
import { nowIso } from '../util';

export function createLocalRepo(db: Db) {
  return {
    draft(threadId: string): string | null {
      return (
        (db.prepare(`SELECT body_html FROM drafts WHERE thread_id = ?`).pluck().get(threadId) as
          string | undefined) ?? null
      );
    },
    saveDraft(threadId: string, bodyHtml: string | null): void {
      if (bodyHtml === null || bodyHtml.trim() === '')
        db.prepare(`DELETE FROM drafts WHERE thread_id = ?`).run(threadId);
      else
        db.prepare(
          `INSERT INTO drafts (thread_id, body_html, updated_at) VALUES (?, ?, ?)
           ON CONFLICT (thread_id) DO UPDATE SET body_html = excluded.body_html, updated_at = excluded.updated_at`,
        ).run(threadId, bodyHtml, nowIso());
    },
    snippets(): Snippet[] {
      return db.prepare(`SELECT id, name, body FROM snippets ORDER BY position, name`).all() as Snippet[];
    },
  };
}
export type LocalRepo = ReturnType<typeof createLocalRepo>;
