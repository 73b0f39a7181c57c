// Request validation (zod): paging, ids, and every body. Unknown keys are refused (strict objects),
// and a failure names the field in `details.field`.
import { z } from 'zod';
import { invalid, type ApiError } from './errors';
import { LEAD_FILTER_COLUMNS } from './leads';
import { CAMPAIGN_STATUSES, THREAD_STATUSES } from './words';

export const objectId = z.string().regex(/^[0-9a-f]{24}$/, 'must be a 24-character lowercase hex ObjectId');

const pageNumber = z.number().int().min(1).max(1_000_000_000);
const limitNumber = z.number().int().min(1).max(100);

export const renameBody = z.strictObject({
  name: z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters'),
});
export const campaignStatusBody = z.strictObject({ status: z.enum(CAMPAIGN_STATUSES) });
export const threadStatusBody = z.strictObject({ status: z.enum(THREAD_STATUSES) });
export const replyBody = z.strictObject({
  bodyHtml: z.string().refine((s) => s.trim().length > 0, 'must not be empty'),
  emailAccountId: objectId.optional(),
});
export const aiReplyBody = z.strictObject({});

const filterText = z.string().max(200);
export const leadsBody = z.strictObject({
  filters: z
    .strictObject({
      ...Object.fromEntries(Object.keys(LEAD_FILTER_COLUMNS).map((k) => [k, filterText.optional()])),
      search: filterText.optional(),
      leadListId: objectId.optional(),
    })
    .default({}),
  page: pageNumber.default(1),
  limit: limitNumber.default(20),
});

export const emailAccountsBody = z
  .strictObject({
    emailAccountIds: z.array(objectId).min(1, 'must list at least one account').max(1000),
    signature: z.string().max(100_000).optional(),
    tags: z.array(objectId).max(100).optional(),
  })
  .refine((b) => b.signature !== undefined || b.tags !== undefined, {
    message: 'give signature, tags or both',
    path: ['signature'],
  });

const EMAIL = /^[^\s@<>()",;]+@[a-z0-9-]+(\.[a-z0-9-]+)+$/;
const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
export const dncBody = z.strictObject({
  entries: z
    .array(
      z
        .string()
        .trim()
        .toLowerCase()
        .refine((s) => EMAIL.test(s) || DOMAIN.test(s), 'must be an e-mail address or a domain'),
    )
    .min(1, 'must list at least one entry')
    .max(10_000),
});

/** zod's first complaint as our 400, naming the field (for unknown keys, the key itself). */
export function toInvalid(error: z.ZodError): ApiError {
  const issue = error.issues[0]!;
  const path = issue.path.map(String);
  if (issue.code === 'unrecognized_keys') {
    const field = [...path, issue.keys[0]].join('.');
    return invalid(field, `Unknown field "${field}"`);
  }
  const field = path.join('.') || 'body';
  return invalid(field, `${field}: ${issue.message}`);
}

export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const r = schema.safeParse(body);
  if (!r.success) throw toInvalid(r.error);
  return r.data;
}

/** `page` and `limit` from the query: integers written as digits, within bounds. */
export function paging(query: URLSearchParams): { page: number; limit: number } {
  const read = (name: 'page' | 'limit', fallback: number, max: number): number => {
    const raw = query.get(name);
    if (raw === null) return fallback;
    if (!/^\d{1,10}$/.test(raw)) throw invalid(name, `${name} must be a positive integer`);
    const n = Number(raw);
    if (n < 1 || n > max) throw invalid(name, `${name} must be between 1 and ${max}`);
    return n;
  };
  return { page: read('page', 1, 1_000_000_000), limit: read('limit', 20, 100) };
}

export function pathId(value: string, field: string): string {
  if (!objectId.safeParse(value).success)
    throw invalid(field, `${field} must be a 24-character lowercase hex ObjectId`);
  return value;
}
