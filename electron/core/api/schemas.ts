// Response schemas, lenient on purpose (api.md, O): unknown fields are kept (`.loose()`), unknown
// status strings are kept, fields we added are optional. Only a structurally broken answer (wrong
// types, missing seed fields) fails, and the client turns that into a `malformed` error.
import { z } from 'zod';
import { OBJECT_ID } from '../../shared/ids';

export { isObjectId } from '../../shared/ids';

const str = z.string();

/** Every id from the service is checked here, at the border: a record with a bad id is refused
 *  whole (nothing of its page is stored), since ids become keys, paths and request targets. */
const objectId = z.string().regex(OBJECT_ID, 'not a valid id (24 lowercase hexadecimal digits)');
const ids = z
  .array(objectId)
  .nullish()
  .transform((v) => v ?? []);
/** A text field that may be absent or null: normalized to ''. */
const text = z
  .string()
  .nullish()
  .transform((v) => v ?? '');
const int = z.number().int();

export const pagination = z
  .object({ page: int, limit: int, total: int.min(0), totalPages: int.min(0) })
  .loose();
export type Pagination = z.infer<typeof pagination>;

export function paged<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), pagination }).loose();
}

export const team = z.object({ _id: objectId, name: text }).loose();

export const schedule = z
  .object({ timezone: text, days: z.array(int).default([]), startHour: int, endHour: int })
  .loose();

export const campaign = z
  .object({
    _id: objectId,
    name: str,
    status: str,
    emailAccounts: ids,
    tags: z
      .array(str)
      .nullish()
      .transform((v) => v ?? []),
    dailyLimit: int.nullish().transform((v) => v ?? null),
    schedule: schedule.nullish().transform((v) => v ?? null),
    createdAt: str,
    updatedAt: str.nullish(),
  })
  .loose();

export const prospect = z.object({ email: text, firstName: text, lastName: text, company: text }).loose();

export const thread = z
  .object({
    _id: objectId,
    prospectId: objectId,
    campaignId: objectId,
    emailAccountId: objectId,
    status: str,
    prospect,
    lastMessageAt: str,
    createdAt: str,
  })
  .loose();

export const person = z.object({ email: text, name: text }).loose();

export const message = z
  .object({
    _id: objectId,
    chatThreadId: objectId.nullish(),
    direction: str.nullish().transform((v) => (v === 'outbound' ? 'outbound' : 'inbound')),
    from: person.nullish(),
    to: z
      .array(person)
      .nullish()
      .transform((v) => v ?? []),
    subject: text,
    bodyHtml: text,
    bodyText: text,
    emailAccountId: objectId.nullish().transform((v) => v ?? null),
    sentAt: str,
  })
  .loose();

export const lead = z
  .object({
    _id: objectId,
    email: text,
    firstName: text,
    lastName: text,
    company: text,
    title: text,
    phone: text,
    linkedinUrl: text,
    website: text,
    location: text,
    industry: text,
    customFields: z
      .record(z.string(), z.unknown())
      .nullish()
      .transform((v) => v ?? {}),
    leadListId: objectId.nullish().transform((v) => v ?? null),
    status: text,
    createdAt: text,
  })
  .loose();

export const emailAccount = z
  .object({
    _id: objectId,
    email: text,
    name: text,
    signature: text,
    tags: ids,
    status: text,
    dailyLimit: int.nullish().transform((v) => v ?? null),
    createdAt: text,
  })
  .loose();

export const emailAccountTag = z.object({ _id: objectId, name: text, color: text }).loose();

export const aiSuggestion = z.object({ suggestion: str }).loose();

export const statistics = z
  .object({ sent: int, opened: int, replied: int, bounced: int, interested: int })
  .loose();

/** One UTC day of GET /campaigns/{id}/daily-statistics (api.md, O). */
export const dailyStatistics = z
  .object({
    data: z.array(
      z
        .object({
          date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
          sent: int,
          opened: int,
          replied: int,
          bounced: int,
          interested: int,
        })
        .loose(),
    ),
  })
  .loose();

export const dncResult = z.object({ added: int }).loose();

export type ApiTeam = z.infer<typeof team>;
export type ApiCampaign = z.infer<typeof campaign>;
export type ApiThread = z.infer<typeof thread>;
export type ApiMessage = z.infer<typeof message>;
export type ApiLead = z.infer<typeof lead>;
export type ApiEmailAccount = z.infer<typeof emailAccount>;
export type ApiEmailAccountTag = z.infer<typeof emailAccountTag>;
export type ApiStatistics = z.infer<typeof statistics>;
export type ApiDailyStatistics = z.infer<typeof dailyStatistics>;
export interface Page<T> {
  data: T[];
  pagination: Pagination;
}
