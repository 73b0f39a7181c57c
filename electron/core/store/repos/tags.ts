// Email account tags.
import type { EmailAccountTag } from '../../../shared/contract';
import type { ApiEmailAccountTag } from '../../api/schemas';
import type { Db } from '../db';

export function createTagsRepo(db: Db) {
  const upsert = db.prepare(`INSERT INTO tags (id, name, color, raw) VALUES (?, ?, ?, ?)
    ON CONFLICT (id) DO UPDATE SET name = excluded.name, color = excluded.color, raw = excluded.raw`);
  return {
    upsertMany(list: ApiEmailAccountTag[]): void {
      for (const t of list) upsert.run(t._id, t.name, t.color, JSON.stringify(t));
    },
    retainOnly(ids: Set<string>): void {
      for (const id of db.prepare(`SELECT id FROM tags`).pluck().all() as string[]) {
        if (!ids.has(id)) db.prepare(`DELETE FROM tags WHERE id = ?`).run(id);
      }
    },
    list(): EmailAccountTag[] {
      return db.prepare(`SELECT id, name, color FROM tags ORDER BY name`).all() as EmailAccountTag[];
    },
  };
}
