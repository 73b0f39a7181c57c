// The ONE table of the service's operations (api.md). A deployment whose paths differ is matched
// by editing this table alone. `optional`: a 404 means the service lacks the feature
// (`not_supported`), and the rest of the app goes on without it. `idempotent`: safe to retry.
export type Method = 'GET' | 'POST' | 'PUT';

export interface Endpoint {
  method: Method;
  /** Path template relative to the base URL; `{id}` is replaced by an encoded id. */
  path: string;
  /** What the operation does, in words, for error messages. */
  label: string;
  optional: boolean;
  idempotent: boolean;
}

function ep(
  method: Method,
  path: string,
  label: string,
  flags: Partial<Pick<Endpoint, 'optional' | 'idempotent'>> = {},
): Endpoint {
  return {
    method,
    path,
    label,
    optional: flags.optional ?? false,
    idempotent: flags.idempotent ?? method === 'GET',
  };
}

export const ENDPOINTS = {
  listTeams: ep('GET', '/teams', 'listing workspaces', { optional: true }),
  listCampaigns: ep('GET', '/campaigns', 'listing campaigns'),
  getCampaign: ep('GET', '/campaigns/{id}', 'reading a campaign', { optional: true }),
  renameCampaign: ep('PUT', '/campaigns/{id}/rename', 'renaming a campaign', { idempotent: true }),
  setCampaignStatus: ep('PUT', '/campaigns/{id}/status', 'changing a campaign status', {
    optional: true,
    idempotent: true,
  }),
  campaignStatistics: ep('GET', '/campaigns/{id}/statistics', 'reading campaign statistics', {
    optional: true,
  }),
  campaignDailyStatistics: ep(
    'GET',
    '/campaigns/{id}/daily-statistics',
    'reading daily campaign statistics',
    { optional: true },
  ),
  listInbox: ep('GET', '/inbox', 'listing inbox threads'),
  getThread: ep('GET', '/inbox/{id}', 'reading a thread'),
  listMessages: ep('GET', '/inbox/{id}/messages', 'listing the messages of a thread'),
  reply: ep('POST', '/inbox/{id}/reply', 'sending a reply'),
  aiReply: ep('POST', '/inbox/{id}/ai-reply', 'asking for a suggested reply', {
    optional: true,
    idempotent: true,
  }),
  setThreadStatus: ep('PUT', '/inbox/{id}/status', 'changing a thread status', { idempotent: true }),
  queryLeads: ep('POST', '/leads', 'listing leads', { idempotent: true }),
  getLead: ep('GET', '/leads/{id}', 'reading a lead'),
  listEmailAccounts: ep('GET', '/email-accounts', 'listing email accounts', { optional: true }),
  updateEmailAccounts: ep('PUT', '/email-accounts', 'updating email accounts', { idempotent: true }),
  listEmailAccountTags: ep('GET', '/email-account-tags', 'listing email account tags', { optional: true }),
  addDnc: ep('POST', '/dnc', 'adding do-not-contact entries', { optional: true, idempotent: true }),
} as const satisfies Record<string, Endpoint>;

export type Operation = keyof typeof ENDPOINTS;

/** Paging bounds of the service (api.md, O). */
export const PAGE_LIMIT_MAX = 100;

export function buildPath(endpoint: Endpoint, id?: string): string {
  if (!endpoint.path.includes('{id}')) return endpoint.path;
  if (id === undefined) throw new Error(`${endpoint.label}: an id is required`);
  return endpoint.path.replace('{id}', encodeURIComponent(id));
}
