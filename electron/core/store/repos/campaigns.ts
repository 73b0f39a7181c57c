// Campaigns, with thread counts per status for the campaign list.
import type { Campaign } from '../../../shared/contract';
import type { ApiCampaign } from '../../api/schemas';
import type { Db } from '../db';
import { parseJson } from '../util';
import { LIVE_SQL } from '../../outbox/live';

interface CampaignDbRow {
  id: string;
  name: string;
  status: string;
  created_at: string;
  updated_at: string | null;
  raw: string;
  pending: number;
}

export function createCampaignsRepo(db: Db) {
  const upsert = db.prepare(`
    INSERT INTO campaigns (id, name, status, created_at, updated_at, raw) VALUES (@id, @name, @status, @createdAt, @updatedAt, @raw)
    ON CONFLICT (id) DO UPDATE SET name = excluded.name, status = excluded.status, created_at = excluded.created_at,
      updated_at = excluded.updated_at, raw = excluded.raw`);
  const SELECT = `SELECT c.*, EXISTS (SELECT 1 FROM outbox o WHERE o.target_id = c.id AND o.state IN ${LIVE_SQL}) AS pending FROM campaigns c`;

  function counts(): Map<string, Record<string, number>> {
    const out = new Map<string, Record<string, number>>();
    const rows = db
      .prepare(
        `SELECT campaign_id AS c, status AS s, count(*) AS n FROM threads GROUP BY campaign_id, status`,
      )
      .all() as { c: string; s: string; n: number }[];
    for (const r of rows) {
      const m = out.get(r.c) ?? {};
      m[r.s] = r.n;
      out.set(r.c, m);
    }
    return out;
  }

  function toCampaign(r: CampaignDbRow, replyCounts: Record<string, number>): Campaign {
    const raw = parseJson<Partial<ApiCampaign>>(r.raw, {});
    return {
      id: r.id,
      name: r.name,
      status: r.status,
      emailAccounts: raw.emailAccounts ?? [],
      tags: raw.tags ?? [],
      dailyLimit: raw.dailyLimit ?? null,
      schedule: raw.schedule
        ? {
            timezone: raw.schedule.timezone,
            days: raw.schedule.days,
            startHour: raw.schedule.startHour,
            endHour: raw.schedule.endHour,
          }
        : null,
      createdAt: r.created_at,
      updatedAt: r.updated_at ?? r.created_at,
      threadCount: Object.values(replyCounts).reduce((a, b) => a + b, 0),
      replyCounts,
      pending: r.pending === 1,
    };
  }

  return {
    upsertMany(list: ApiCampaign[]): void {
      for (const c of list) {
        upsert.run({
          id: c._id,
          name: c.name,
          status: c.status,
          createdAt: c.createdAt,
          updatedAt: c.updatedAt ?? null,
          raw: JSON.stringify(c),
        });
      }
    },
    /** Keeps only the given ids (after a complete pass). */
    retainOnly(ids: Set<string>): string[] {
      const gone = (db.prepare(`SELECT id FROM campaigns`).pluck().all() as string[]).filter(
        (id) => !ids.has(id),
      );
      for (const id of gone) db.prepare(`DELETE FROM campaigns WHERE id = ?`).run(id);
      return gone;
    },
    list(): Campaign[] {
      const c = counts();
      return (db.prepare(`${SELECT} ORDER BY c.created_at DESC, c.id DESC`).all() as CampaignDbRow[]).map(
        (r) => toCampaign(r, c.get(r.id) ?? {}),
      );
    },
    get(id: string): Campaign | null {
      const r = db.prepare(`${SELECT} WHERE c.id = ?`).get(id) as CampaignDbRow | undefined;
      if (!r) return null;
      const rows = db
        .prepare(`SELECT status AS s, count(*) AS n FROM threads WHERE campaign_id = ? GROUP BY status`)
        .all(id) as {
        s: string;
        n: number;
      }[];
      return toCampaign(r, Object.fromEntries(rows.map((x) => [x.s, x.n])));
    },
    nameOf(id: string): string | null {
      return (
        (db.prepare(`SELECT name FROM campaigns WHERE id = ?`).pluck().get(id) as string | undefined) ?? null
      );
    },
  };
}

export type CampaignsRepo = ReturnType<typeof createCampaignsRepo>;
