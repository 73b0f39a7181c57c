// Leads: upsert from the service, one lead, and full-text search.
import type { Lead, LeadMatch } from '../../../shared/contract';
import type { ApiLead } from '../../api/schemas';
import type { Db } from '../db';
import { matchNames, parseSearch } from '../search';
import { parseJson } from '../util';

/**
 * Latest-stored matches the full-text index gives to one quick search. Most leads of an account
 * never replied, so this is wide enough to hold some with a thread even for a word in every lead
 * ("cto", "com"), and narrow enough that the probe per candidate (one look-up in the threads'
 * prospect index) stays a few milliseconds.
 */
const SEARCH_CANDIDATES = 2000;

interface LeadDbRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  company: string;
  title: string;
  phone: string;
  linkedin_url: string;
  website: string;
  location: string;
  industry: string;
  custom_fields: string;
  lead_list_id: string | null;
  status: string;
  created_at: string;
}

function toLead(r: LeadDbRow): Lead {
  return {
    id: r.id,
    email: r.email,
    firstName: r.first_name,
    lastName: r.last_name,
    company: r.company,
    title: r.title,
    phone: r.phone,
    linkedinUrl: r.linkedin_url,
    website: r.website,
    location: r.location,
    industry: r.industry,
    customFields: parseJson<Record<string, string>>(r.custom_fields, {}),
    leadListId: r.lead_list_id,
    status: r.status,
    createdAt: r.created_at,
  };
}

const COLUMNS = `id, email, first_name, last_name, company, title, phone, linkedin_url, website, location, industry,
  custom_fields, lead_list_id, status, created_at`;
const LEAD_COLUMNS = COLUMNS.split(',')
  .map((c) => `l.${c.trim()}`)
  .join(', ');

/**
 * The palette's People: leads with a thread among the latest-stored full-text matches, each with
 * its newest thread, the one who wrote last first. Parameters: the MATCH expression, the number of
 * candidates, the limit. Each candidate's newest thread is one step down threads_by_prospect
 * (prospect_id, last_message_at DESC); a lead with no thread drops out of the join.
 */
export const PEOPLE_QUERY = `
  SELECT ${LEAD_COLUMNS}, t.id AS newest_thread_id
  FROM (SELECT rowid AS rid FROM leads_fts WHERE leads_fts MATCH ? ORDER BY rowid DESC LIMIT ?) AS hit
  JOIN leads l ON l.rid = hit.rid
  JOIN threads t ON t.rid = (
    SELECT n.rid FROM threads n WHERE n.prospect_id = l.id ORDER BY n.last_message_at DESC LIMIT 1)
  ORDER BY t.last_message_at DESC, l.id DESC
  LIMIT ?`;

export function createLeadsRepo(db: Db) {
  // Every column comes from raw, so a lead whose JSON did not change is not written at all.
  const upsert = db.prepare(`
    INSERT INTO leads (id, email, first_name, last_name, company, title, phone, linkedin_url, website, location, industry,
      custom_fields, lead_list_id, status, created_at, raw)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (id) DO UPDATE SET email = excluded.email, first_name = excluded.first_name, last_name = excluded.last_name,
      company = excluded.company, title = excluded.title, phone = excluded.phone, linkedin_url = excluded.linkedin_url,
      website = excluded.website, location = excluded.location, industry = excluded.industry,
      custom_fields = excluded.custom_fields, lead_list_id = excluded.lead_list_id, status = excluded.status,
      created_at = excluded.created_at, raw = excluded.raw
    WHERE leads.raw IS NOT excluded.raw`);
  const getStmt = db.prepare(`SELECT ${COLUMNS} FROM leads WHERE id = ?`);
  const withThreads = db.prepare(PEOPLE_QUERY);
  // Prepared once: a full pass deletes the leads the service no longer has one by one.
  const deleteStmt = db.prepare(`DELETE FROM leads WHERE id = ?`);
  const countStmt = db.prepare(`SELECT count(*) FROM leads`).pluck();

  return {
    upsertMany(leads: ApiLead[]): void {
      for (const l of leads) {
        const customFields = Object.fromEntries(
          Object.entries(l.customFields).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
        );
        upsert.run(
          l._id,
          l.email,
          l.firstName,
          l.lastName,
          l.company,
          l.title,
          l.phone,
          l.linkedinUrl,
          l.website,
          l.location,
          l.industry,
          JSON.stringify(customFields),
          l.leadListId,
          l.status,
          l.createdAt,
          JSON.stringify(l),
        );
      }
    },
    get(id: string): Lead | null {
      const r = getStmt.get(id) as LeadDbRow | undefined;
      return r ? toLead(r) : null;
    },
    allIds(): string[] {
      return db.prepare(`SELECT id FROM leads`).pluck().all() as string[];
    },
    count(): number {
      return countStmt.get() as number;
    },
    delete(id: string): void {
      deleteStmt.run(id);
    },
    /** Prospects of threads that we hold no lead for. */
    missingProspects(): string[] {
      return db
        .prepare(`SELECT DISTINCT prospect_id FROM threads WHERE prospect_id NOT IN (SELECT id FROM leads)`)
        .pluck()
        .all() as string[];
    },
    /**
     * The leads with a thread among the latest-stored SEARCH_CANDIDATES matches (name, e-mail,
     * company, title), each with its newest thread, the one who wrote last first, uncounted: the
     * palette's People, as fast for a word in every lead as for a rare one.
     */
    top(query: string, limit: number): LeadMatch[] {
      const match = matchNames(parseSearch(query));
      if (match === null) return [];
      return (
        withThreads.all(match, SEARCH_CANDIDATES, limit) as (LeadDbRow & { newest_thread_id: string })[]
      ).map((r) => ({ ...toLead(r), newestThreadId: r.newest_thread_id }));
    },
  };
}

export type LeadsRepo = ReturnType<typeof createLeadsRepo>;
