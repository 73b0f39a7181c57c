// Rows to the JSON records of api.md. One function per resource; field order follows api.md.
import { renderBody } from './bodies';

export interface CampaignRow {
  id: string;
  name: string;
  status: string;
  email_accounts: string;
  tags: string;
  daily_limit: number;
  schedule: string;
  created_at: string;
  updated_at: string;
  /** Seeded totals behind the statistics (not part of the record). */
  sent: number;
  opened: number;
  bounced: number;
}
export const campaignRecord = (r: CampaignRow) => ({
  _id: r.id,
  name: r.name,
  status: r.status,
  emailAccounts: JSON.parse(r.email_accounts) as string[],
  tags: JSON.parse(r.tags) as string[],
  dailyLimit: r.daily_limit,
  schedule: JSON.parse(r.schedule) as {
    timezone: string;
    days: number[];
    startHour: number;
    endHour: number;
  },
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export interface ThreadRow {
  id: string;
  prospect_id: string;
  campaign_id: string;
  email_account_id: string;
  status: string;
  last_message_at: string;
  created_at: string;
  p_email: string;
  p_first: string;
  p_last: string;
  p_company: string;
}
/** Selects a ThreadRow from `threads t` joined to its lead `l`. */
export const THREAD_COLUMNS =
  't.id, t.prospect_id, t.campaign_id, t.email_account_id, t.status, t.last_message_at, t.created_at, ' +
  'l.email AS p_email, l.first_name AS p_first, l.last_name AS p_last, l.company AS p_company';
export const threadRecord = (r: ThreadRow) => ({
  _id: r.id,
  prospectId: r.prospect_id,
  campaignId: r.campaign_id,
  emailAccountId: r.email_account_id,
  status: r.status,
  prospect: { email: r.p_email, firstName: r.p_first, lastName: r.p_last, company: r.p_company },
  lastMessageAt: r.last_message_at,
  createdAt: r.created_at,
});

export interface LeadRow {
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
  lead_list_id: string;
  status: string;
  created_at: string;
}
export const leadRecord = (r: LeadRow) => ({
  _id: r.id,
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
  customFields: JSON.parse(r.custom_fields) as Record<string, string>,
  leadListId: r.lead_list_id,
  status: r.status,
  createdAt: r.created_at,
});

export interface MessageRow {
  id: string;
  thread_id: string;
  direction: string;
  subject: string;
  email_account_id: string;
  sent_at: string;
  body_kind: number;
  body_seed: number;
  body_html: string | null;
  body_text: string | null;
  p_email: string;
  p_first: string;
  p_last: string;
  p_company: string;
  a_email: string | null;
  a_name: string | null;
}
export const MESSAGE_COLUMNS =
  'm.id, m.thread_id, m.direction, m.subject, m.email_account_id, m.sent_at, m.body_kind, m.body_seed, ' +
  'm.body_html, m.body_text, l.email AS p_email, l.first_name AS p_first, l.last_name AS p_last, ' +
  'l.company AS p_company, a.email AS a_email, a.name AS a_name';
export const MESSAGE_FROM =
  'messages m JOIN threads t ON t.id = m.thread_id JOIN leads l ON l.id = t.prospect_id ' +
  'LEFT JOIN email_accounts a ON a.id = m.email_account_id';
export const messageRecord = (r: MessageRow) => {
  const prospect = { email: r.p_email, name: `${r.p_first} ${r.p_last}` };
  const account = { email: r.a_email ?? 'unknown@outreachhq.example', name: r.a_name ?? 'Unknown sender' };
  const body =
    r.body_html !== null
      ? { bodyHtml: r.body_html, bodyText: r.body_text ?? '' }
      : renderBody({
          kind: r.body_kind,
          seed: r.body_seed,
          prospectFirst: r.p_first,
          prospectLast: r.p_last,
          company: r.p_company,
          senderName: account.name,
        });
  const outbound = r.direction === 'outbound';
  return {
    _id: r.id,
    chatThreadId: r.thread_id,
    direction: r.direction as 'inbound' | 'outbound',
    from: outbound ? account : prospect,
    to: [outbound ? prospect : account],
    subject: r.subject,
    bodyHtml: body.bodyHtml,
    bodyText: body.bodyText,
    emailAccountId: r.email_account_id,
    sentAt: r.sent_at,
  };
};

export interface AccountRow {
  id: string;
  email: string;
  name: string;
  signature: string;
  tags: string;
  status: string;
  daily_limit: number;
  created_at: string;
}
export const accountRecord = (r: AccountRow) => ({
  _id: r.id,
  email: r.email,
  name: r.name,
  signature: r.signature,
  tags: JSON.parse(r.tags) as string[],
  status: r.status,
  dailyLimit: r.daily_limit,
  createdAt: r.created_at,
});

export interface TagRow {
  id: string;
  name: string;
  color: string;
}
export const tagRecord = (r: TagRow) => ({ _id: r.id, name: r.name, color: r.color });
