// A thread as the list shows it: the columns read for a row (its campaign's name, whether a change
// to it waits in the outbox and whether a draft is kept for it come along) and the row the
// renderer receives.
import type { ThreadRow } from '../../../shared/contract';
import { LIVE_SQL } from '../../outbox/live';
import { parseSuggestion } from './suggestions';

export interface ThreadDbRow {
  id: string;
  status: string;
  prospect_id: string;
  prospect_email: string;
  prospect_first: string;
  prospect_last: string;
  company: string;
  campaign_id: string;
  campaign_name: string | null;
  email_account_id: string;
  subject: string | null;
  snippet: string | null;
  last_message_at: string;
  created_at: string;
  message_count: number;
  unread: number;
  snoozed_until: string | null;
  waiting_since: string | null;
  suggestion: string | null;
  pending: number;
  has_draft: number;
}

export const ROW_COLUMNS = `t.id, t.status, t.prospect_id, t.prospect_email, t.prospect_first, t.prospect_last, t.company,
  t.campaign_id, c.name AS campaign_name, t.email_account_id, t.subject, t.snippet, t.last_message_at, t.created_at,
  t.message_count, t.unread, t.snoozed_until, t.waiting_since, t.suggestion,
  EXISTS (SELECT 1 FROM outbox o WHERE o.target_id = t.id AND o.state IN ${LIVE_SQL}) AS pending,
  EXISTS (SELECT 1 FROM drafts d WHERE d.thread_id = t.id) AS has_draft`;
export const ROW_FROM = `threads t LEFT JOIN campaigns c ON c.id = t.campaign_id`;

export function toRow(r: ThreadDbRow, now: string): ThreadRow {
  return {
    id: r.id,
    status: r.status,
    prospectId: r.prospect_id,
    prospectName: `${r.prospect_first} ${r.prospect_last}`.trim(),
    prospectEmail: r.prospect_email,
    company: r.company,
    campaignId: r.campaign_id,
    campaignName: r.campaign_name,
    emailAccountId: r.email_account_id,
    subject: r.subject,
    snippet: r.snippet,
    lastMessageAt: r.last_message_at,
    createdAt: r.created_at,
    messageCount: r.message_count,
    unread: r.unread === 1,
    snoozedUntil: r.snoozed_until !== null && r.snoozed_until > now ? r.snoozed_until : null,
    waitingSince: r.waiting_since,
    pending: r.pending === 1,
    hasDraft: r.has_draft === 1,
    suggestion: r.suggestion === null ? null : parseSuggestion(r.suggestion),
  };
}
