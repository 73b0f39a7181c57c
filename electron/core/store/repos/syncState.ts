// Small key/value facts about syncing (last sync, last full pass, ...).
import type { Db } from '../db';

export function createSyncStateRepo(db: Db) {
  return {
    get(key: string): string | null {
      return (
        (db.prepare(`SELECT value FROM sync_state WHERE key = ?`).pluck().get(key) as string | undefined) ??
        null
      );
    },
    set(key: string, value: string | null): void {
      if (value === null) db.prepare(`DELETE FROM sync_state WHERE key = ?`).run(key);
      else
        db.prepare(
          `INSERT INTO sync_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
        ).run(key, value);
    },
  };
}
