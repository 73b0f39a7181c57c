// The one route table of the sandbox: every operation of api.md, its method, path and handler.
import { dayRange } from './daily';
import { ApiError } from './errors';
import {
  aiReplyBody,
  campaignStatusBody,
  dncBody,
  emailAccountsBody,
  leadsBody,
  paging,
  parseBody,
  pathId,
  renameBody,
  replyBody,
  threadStatusBody,
} from './schemas';
import type { Message, Store } from './store';

export interface RouteContext {
  store: Store;
  team: string;
  keyHash: string;
  params: Record<string, string>;
  query: URLSearchParams;
  /** The parsed JSON body; routes that take one declare `body: true`. */
  body: unknown;
  onReply: (msg: Message) => void;
}

/** `undefined` answers 200 with an empty body. */
export type RouteResult = unknown;

export interface Route {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  body?: 'json' | 'json-or-empty';
  handle: (ctx: RouteContext) => RouteResult;
}

const id = (ctx: RouteContext, name: string): string => pathId(ctx.params[name] ?? '', name);

export const ROUTES: Route[] = [
  {
    method: 'GET',
    path: '/campaigns',
    handle: (c) => {
      const p = paging(c.query);
      return c.store.listCampaigns(c.team, p.page, p.limit);
    },
  },
  {
    method: 'GET',
    path: '/campaigns/:campaign_id',
    handle: (c) => c.store.getCampaign(c.team, id(c, 'campaign_id')),
  },
  {
    method: 'PUT',
    path: '/campaigns/:campaign_id/rename',
    body: 'json',
    handle: (c) => {
      const campaignId = id(c, 'campaign_id');
      const { name } = parseBody(renameBody, c.body);
      return c.store.renameCampaign(c.team, campaignId, name);
    },
  },
  {
    method: 'PUT',
    path: '/campaigns/:campaign_id/status',
    body: 'json',
    handle: (c) => {
      const campaignId = id(c, 'campaign_id');
      const { status } = parseBody(campaignStatusBody, c.body);
      return c.store.setCampaignStatus(c.team, campaignId, status);
    },
  },
  {
    method: 'GET',
    path: '/campaigns/:campaign_id/statistics',
    handle: (c) => c.store.campaignStatistics(c.team, id(c, 'campaign_id')),
  },
  {
    method: 'GET',
    path: '/campaigns/:campaign_id/daily-statistics',
    handle: (c) => {
      const campaignId = id(c, 'campaign_id');
      return c.store.campaignDailyStatistics(c.team, campaignId, dayRange(c.query));
    },
  },
  {
    method: 'GET',
    path: '/inbox',
    handle: (c) => {
      const p = paging(c.query);
      return c.store.listThreads(c.team, c.query.get('status') ?? undefined, p.page, p.limit);
    },
  },
  {
    method: 'GET',
    path: '/inbox/:chatThreadId',
    handle: (c) => c.store.getThread(c.team, id(c, 'chatThreadId')),
  },
  {
    method: 'GET',
    path: '/inbox/:chatThreadId/messages',
    handle: (c) => {
      const threadId = id(c, 'chatThreadId');
      const p = paging(c.query);
      return c.store.listMessages(c.team, threadId, p.page, p.limit);
    },
  },
  {
    method: 'POST',
    path: '/inbox/:chatThreadId/reply',
    body: 'json',
    handle: (c) => {
      const threadId = id(c, 'chatThreadId');
      const b = parseBody(replyBody, c.body);
      const msg = c.store.addMessage(c.team, threadId, {
        direction: 'outbound',
        bodyHtml: b.bodyHtml,
        ...(b.emailAccountId ? { emailAccountId: b.emailAccountId } : {}),
      });
      c.onReply(msg);
      return msg;
    },
  },
  {
    method: 'POST',
    path: '/inbox/:chatThreadId/ai-reply',
    body: 'json-or-empty',
    handle: (c) => {
      const threadId = id(c, 'chatThreadId');
      parseBody(aiReplyBody, c.body ?? {});
      return c.store.aiReply(c.team, threadId);
    },
  },
  {
    method: 'PUT',
    path: '/inbox/:chatThreadId/status',
    body: 'json',
    handle: (c) => {
      const threadId = id(c, 'chatThreadId');
      const { status } = parseBody(threadStatusBody, c.body);
      return c.store.setThreadStatus(c.team, threadId, status);
    },
  },
  {
    method: 'POST',
    path: '/leads',
    body: 'json',
    handle: (c) => {
      const b = parseBody(leadsBody, c.body);
      return c.store.queryLeads(c.team, b.filters, b.page, b.limit);
    },
  },
  { method: 'GET', path: '/leads/:lead_id', handle: (c) => c.store.getLead(c.team, id(c, 'lead_id')) },
  {
    method: 'GET',
    path: '/email-accounts',
    handle: (c) => {
      const p = paging(c.query);
      return c.store.listAccounts(c.team, p.page, p.limit);
    },
  },
  {
    method: 'PUT',
    path: '/email-accounts',
    body: 'json',
    handle: (c) => {
      const b = parseBody(emailAccountsBody, c.body);
      c.store.updateAccounts(c.team, b.emailAccountIds, b.signature, b.tags);
      return undefined;
    },
  },
  {
    method: 'GET',
    path: '/email-account-tags',
    handle: (c) => {
      const p = paging(c.query);
      return c.store.listTags(c.team, p.page, p.limit);
    },
  },
  {
    method: 'POST',
    path: '/dnc',
    body: 'json',
    handle: (c) => ({ added: c.store.addDnc(c.team, parseBody(dncBody, c.body).entries) }),
  },
  {
    method: 'GET',
    path: '/teams',
    handle: (c) => {
      const p = paging(c.query);
      return c.store.listTeams(c.keyHash, p.page, p.limit);
    },
  },
];

/** The route for a method and path (below the base), its parameters, and its table key. */
export function matchRoute(method: string, path: string): { route: Route; params: Record<string, string> } {
  const parts = path.split('/').filter(Boolean);
  for (const route of ROUTES) {
    if (route.method !== method) continue;
    const pattern = route.path.split('/').filter(Boolean);
    if (pattern.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const ok = pattern.every((seg, i) => {
      const part = parts[i]!;
      if (seg.startsWith(':')) {
        params[seg.slice(1)] = decode(part);
        return true;
      }
      return seg === part;
    });
    if (ok) return { route, params };
  }
  throw new ApiError('not_found', `No route for ${method} ${path}`);
}

function decode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
