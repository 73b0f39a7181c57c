// The key's teams (workspaces).
import type { Workspace } from '../../../shared/contract';
import type { ApiTeam } from '../../api/schemas';
import type { Db } from '../db';

export function createTeamsRepo(db: Db) {
  const upsert = db.prepare(`INSERT INTO teams (id, name, raw) VALUES (?, ?, ?)
    ON CONFLICT (id) DO UPDATE SET name = excluded.name, raw = excluded.raw`);
  return {
    upsertMany(list: ApiTeam[]): void {
      for (const t of list) upsert.run(t._id, t.name, JSON.stringify(t));
    },
    retainOnly(ids: Set<string>): void {
      for (const id of db.prepare(`SELECT id FROM teams`).pluck().all() as string[]) {
        if (!ids.has(id)) db.prepare(`DELETE FROM teams WHERE id = ?`).run(id);
      }
    },
    list(): Workspace[] {
      return db.prepare(`SELECT id, name FROM teams ORDER BY name`).all() as Workspace[];
    },
  };
}
