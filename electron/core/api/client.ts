// The service's HTTP client: one method per operation of the endpoint table, responses checked
// with the lenient schemas, retries for idempotent reads, and page iterators for every list.
import type { z } from 'zod';
import { silentLogger, type Logger } from '../log';
import { ENDPOINTS, PAGE_LIMIT_MAX, buildPath, type Operation } from './endpoints';
import { ApiError } from './errors';
import { createGate, type Gate, type Lane } from './lanes';
import { DEFAULT_TIMEOUT_MS, MAX_RESPONSE_BYTES, httpRequest } from './http';
import { quickLead, quickMessage, quickPage, quickThread } from './quickPages';
import { DEFAULT_RETRY, withRetry, type RetryPolicy } from './retry';
import * as S from './schemas';
import type { Page } from './schemas';

// Built once: zod compiles a schema on first use, so a schema per call would recompile every time.
const PAGED = {
  teams: S.paged(S.team),
  campaigns: S.paged(S.campaign),
  threads: S.paged(S.thread),
  messages: S.paged(S.message),
  leads: S.paged(S.lead),
  emailAccounts: S.paged(S.emailAccount),
  emailAccountTags: S.paged(S.emailAccountTag),
};

/** The pull's big lists read by hand first (quickPages.ts); zod reads what that path cannot vouch for. */
const QUICK = new Map<z.ZodType, (json: unknown) => unknown>([
  [PAGED.threads, quickPage(quickThread)],
  [PAGED.messages, quickPage(quickMessage)],
  [PAGED.leads, quickPage(quickLead)],
]);

const ONCE: RetryPolicy = { tries: 2, baseMs: 0, maxMs: 0, retryMalformed: false, retryRateLimited: false };

export interface ClientOptions {
  baseUrl: string;
  /** Read on every request (so a replaced key takes effect); a plain string is accepted too. */
  apiKey: (() => Promise<string | null> | string | null) | string;
  workspaceId?: string | null;
  fetch?: typeof fetch;
  timeoutMs?: number;
  maxResponseBytes?: number;
  retry?: Partial<RetryPolicy>;
  log?: Logger;
  /** The account's share of the service's rate budget (lanes.ts); its own when absent. */
  gate?: Gate;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Retry transient failures (default: only for idempotent operations). `once`: one more try at
   *  once for a dropped connection (a stale pooled socket), never waiting out a 429. */
  retry?: boolean | 'once';
  /** Whose request: `urgent` (what the rep waits on; the default) or `background` (the pull). */
  lane?: Lane;
}

export interface PageQuery {
  page?: number;
  limit?: number;
}

export type LeadFilters = Record<string, string>;

export interface ApiClient {
  readonly baseUrl: string;
  readonly workspaceId: string | null;
  /** The same client with every call in the background lane: the pull's, paced behind the rep's. */
  readonly background: ApiClient;
  listTeams(q?: PageQuery, o?: CallOptions): Promise<Page<S.ApiTeam>>;
  listCampaigns(q?: PageQuery, o?: CallOptions): Promise<Page<S.ApiCampaign>>;
  getCampaign(id: string, o?: CallOptions): Promise<S.ApiCampaign>;
  renameCampaign(id: string, name: string, o?: CallOptions): Promise<S.ApiCampaign>;
  setCampaignStatus(id: string, status: string, o?: CallOptions): Promise<S.ApiCampaign>;
  campaignStatistics(id: string, o?: CallOptions): Promise<S.ApiStatistics>;
  /** UTC days `from`..`to` (YYYY-MM-DD, inclusive); the service's default is the last 30 days. */
  campaignDailyStatistics(
    id: string,
    range: { from?: string; to?: string },
    o?: CallOptions,
  ): Promise<S.ApiDailyStatistics>;
  listInbox(q?: PageQuery & { status?: string }, o?: CallOptions): Promise<Page<S.ApiThread>>;
  getThread(id: string, o?: CallOptions): Promise<S.ApiThread>;
  listMessages(threadId: string, q?: PageQuery, o?: CallOptions): Promise<Page<S.ApiMessage>>;
  reply(
    threadId: string,
    body: { bodyHtml: string; emailAccountId?: string },
    o?: CallOptions,
  ): Promise<S.ApiMessage>;
  aiReply(threadId: string, o?: CallOptions): Promise<{ suggestion: string }>;
  setThreadStatus(id: string, status: string, o?: CallOptions): Promise<S.ApiThread>;
  queryLeads(q?: PageQuery & { filters?: LeadFilters }, o?: CallOptions): Promise<Page<S.ApiLead>>;
  getLead(id: string, o?: CallOptions): Promise<S.ApiLead>;
  listEmailAccounts(q?: PageQuery, o?: CallOptions): Promise<Page<S.ApiEmailAccount>>;
  updateEmailAccounts(
    body: { emailAccountIds: string[]; signature?: string; tags?: string[] },
    o?: CallOptions,
  ): Promise<void>;
  listEmailAccountTags(q?: PageQuery, o?: CallOptions): Promise<Page<S.ApiEmailAccountTag>>;
  addDnc(entries: string[], o?: CallOptions): Promise<{ added: number }>;
  /** Every page of a list, bounded by totalPages. */
  pages<T>(
    fetchPage: (page: number, limit: number) => Promise<Page<T>>,
    limit?: number,
  ): AsyncGenerator<Page<T>>;
}

/** Iterates pages 1..totalPages (as the latest answer says), stopping at an empty page. Order of
 *  items is not trusted by callers: they key by id. */
export async function* iteratePages<T>(
  fetchPage: (page: number, limit: number) => Promise<Page<T>>,
  limit = PAGE_LIMIT_MAX,
): AsyncGenerator<Page<T>> {
  const hardMax = 1_000_000;
  for (let page = 1; page <= hardMax; page++) {
    const res = await fetchPage(page, limit);
    yield res;
    if (res.data.length === 0 || page >= res.pagination.totalPages) return;
  }
}

export function createClient(opts: ClientOptions): ApiClient {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const doFetch = opts.fetch;
  const policy: RetryPolicy = { ...DEFAULT_RETRY, ...opts.retry };
  const log = opts.log ?? silentLogger;
  const workspaceId = opts.workspaceId ?? null;
  const gate = opts.gate ?? createGate();

  async function callIn<T extends z.ZodType>(
    op: Operation,
    schema: T | null,
    parts: { id?: string; query?: Record<string, string | number | undefined>; body?: unknown },
    o: CallOptions,
  ): Promise<z.output<T>> {
    const endpoint = ENDPOINTS[op];
    const key = typeof opts.apiKey === 'function' ? await opts.apiKey() : opts.apiKey;
    if (!key) throw new ApiError('auth', 'No API key is stored for this account. Enter one to continue.');
    const url = new URL(base + buildPath(endpoint, parts.id));
    for (const [k, v] of Object.entries(parts.query ?? {}))
      if (v !== undefined) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { 'x-api-key': key };
    if (workspaceId) headers['x-workspace'] = workspaceId;
    const lane = o.lane ?? 'urgent';
    const once = async (): Promise<z.output<T>> => {
      await gate.enter(lane, o.signal);
      const started = Date.now();
      const res = await httpRequest({
        endpoint,
        url: url.toString(),
        headers,
        body: parts.body,
        signal: o.signal,
        timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        maxBytes: opts.maxResponseBytes ?? MAX_RESPONSE_BYTES,
        fetch: doFetch,
        secrets: [key],
      }).catch((err: unknown) => {
        // The service's answers tell the gate how much of its budget is left.
        if (err instanceof ApiError && err.kind === 'rate_limited') gate.answered(err.retryAfterMs ?? 1000);
        else if (err instanceof ApiError && err.status !== null) gate.answered(null);
        log.debug('api error', {
          op,
          ms: Date.now() - started,
          kind: (err as ApiError).kind,
          status: (err as ApiError).status,
          detail: (err as ApiError).detail,
        });
        throw err;
      });
      gate.answered(null);
      log.debug('api', { op, status: res.status, ms: Date.now() - started });
      if (schema === null) return undefined as z.output<T>;
      const quick = QUICK.get(schema)?.(res.json);
      if (quick !== undefined) return quick as z.output<T>;
      const parsed = schema.safeParse(res.json);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const where = issue
          ? `${issue.path.join('.') || 'the answer'}: ${issue.message}`
          : 'unexpected shape';
        throw new ApiError(
          'malformed',
          `${capital(endpoint.label)}: the service sent an answer of the wrong shape (${where}).`,
          { status: 200 },
        );
      }
      return parsed.data;
    };
    const retry = o.retry ?? endpoint.idempotent;
    if (!retry) return once();
    return withRetry(once, retry === 'once' ? ONCE : policy, {
      signal: o.signal,
      onRetry: (err, attempt, delay) => log.debug('api retry', { op, kind: err.kind, attempt, delay }),
    });
  }

  const pageQuery = (q: PageQuery = {}) => ({ page: q.page ?? 1, limit: q.limit ?? PAGE_LIMIT_MAX });
  const urgent = { ...inLane('urgent') } as ApiClient;
  const background = { ...inLane('background') } as ApiClient;
  Object.assign(urgent, { background });
  Object.assign(background, { background });
  return urgent;

  /** Every operation, its calls in `lane` unless a call names another. */
  function inLane(lane: Lane): Omit<ApiClient, 'background'> {
    const call = <T extends z.ZodType>(
      op: Operation,
      schema: T | null,
      parts: Parameters<typeof callIn<T>>[2],
      o: CallOptions = {},
    ) => callIn(op, schema, parts, { lane, ...o });
    return {
      baseUrl: base,
      workspaceId,
      listTeams: (q, o) => call('listTeams', PAGED.teams, { query: pageQuery(q) }, o),
      listCampaigns: (q, o) => call('listCampaigns', PAGED.campaigns, { query: pageQuery(q) }, o),
      getCampaign: (id, o) => call('getCampaign', S.campaign, { id }, o),
      renameCampaign: (id, name, o) => call('renameCampaign', S.campaign, { id, body: { name } }, o),
      setCampaignStatus: (id, status, o) =>
        call('setCampaignStatus', S.campaign, { id, body: { status } }, o),
      campaignStatistics: (id, o) => call('campaignStatistics', S.statistics, { id }, o),
      campaignDailyStatistics: (id, range, o) =>
        call(
          'campaignDailyStatistics',
          S.dailyStatistics,
          { id, query: { from: range.from, to: range.to } },
          o,
        ),
      listInbox: (q = {}, o) =>
        call('listInbox', PAGED.threads, { query: { ...pageQuery(q), status: q.status } }, o),
      getThread: (id, o) => call('getThread', S.thread, { id }, o),
      listMessages: (threadId, q, o) =>
        call('listMessages', PAGED.messages, { id: threadId, query: pageQuery(q) }, o),
      reply: (threadId, body, o) => call('reply', S.message, { id: threadId, body }, o),
      aiReply: async (threadId, o) => {
        const r = await call('aiReply', S.aiSuggestion, { id: threadId, body: {} }, o);
        return { suggestion: r.suggestion };
      },
      setThreadStatus: (id, status, o) => call('setThreadStatus', S.thread, { id, body: { status } }, o),
      queryLeads: (q = {}, o) =>
        call('queryLeads', PAGED.leads, { body: { filters: q.filters ?? {}, ...pageQuery(q) } }, o),
      getLead: (id, o) => call('getLead', S.lead, { id }, o),
      listEmailAccounts: (q, o) => call('listEmailAccounts', PAGED.emailAccounts, { query: pageQuery(q) }, o),
      updateEmailAccounts: async (body, o) => {
        await call('updateEmailAccounts', null, { body }, o);
      },
      listEmailAccountTags: (q, o) =>
        call('listEmailAccountTags', PAGED.emailAccountTags, { query: pageQuery(q) }, o),
      addDnc: async (entries, o) => {
        const r = await call('addDnc', S.dncResult, { body: { entries } }, o);
        return { added: r.added };
      },
      pages: iteratePages,
    };
  }
}

function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
