// The service's leads: filtered queries (any script, case-insensitive) and one lead by id.
import type { Db } from './db';
import { notFound } from './errors';
import { pageOf } from './pages';
import { leadRecord, type LeadRow } from './records';

export const LEAD_FILTER_COLUMNS = {
  email: 'email',
  firstName: 'first_name',
  lastName: 'last_name',
  company: 'company',
  title: 'title',
  location: 'location',
  industry: 'industry',
  status: 'status',
} as const;
export type LeadFilters = Partial<Record<keyof typeof LEAD_FILTER_COLUMNS | 'search' | 'leadListId', string>>;

export function queryLeads(db: Db, team: string, filters: LeadFilters, page: number, limit: number) {
  const where = ['team_id = ?'];
  const params: unknown[] = [team];
  // Native LIKE (case-insensitive for ASCII) is fast; other scripts go through ci_contains.
  const contains = (column: string, needle: string): string => {
    if (/^[\x20-\x7e]*$/.test(needle)) {
      params.push(`%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      return `${column} LIKE ? ESCAPE '\\'`;
    }
    params.push(needle);
    return `ci_contains(${column}, ?)`;
  };
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined) continue;
    if (key === 'leadListId') {
      where.push('lead_list_id = ?');
      params.push(value);
    } else if (key === 'search') {
      where.push(
        `(${contains("first_name || ' ' || last_name", value)} OR ${contains('email', value)} OR ${contains('company', value)})`,
      );
    } else {
      where.push(contains(LEAD_FILTER_COLUMNS[key as keyof typeof LEAD_FILTER_COLUMNS], value));
    }
  }
  const w = where.join(' AND ');
  return pageOf(
    db,
    `SELECT COUNT(*) AS n FROM leads WHERE ${w}`,
    `SELECT l.* FROM (SELECT id FROM leads WHERE ${w} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?) p ` +
      'JOIN leads l ON l.id = p.id ORDER BY l.created_at DESC, l.id DESC',
    params,
    page,
    limit,
    leadRecord,
  );
}

export function getLead(db: Db, team: string, id: string) {
  const row = db.prepare('SELECT * FROM leads WHERE team_id = ? AND id = ?').get(team, id) as
    LeadRow | undefined;
  if (!row) throw notFound('lead', id);
  return leadRecord(row);
}
