// The pull's three big lists (threads, messages, leads) checked by hand: the same checks as their
// schemas (schemas.ts), and the same result, at a fraction of the cost (zod took about as long as
// JSON.parse per page). A record the plain path cannot vouch for (a wrong type, a bad id, a key
// named __proto__) answers undefined, and the page goes through zod, which accepts it or says what
// is wrong exactly as before: this path may only ever pass what zod passes, built the same way
// (the schema's own fields first, in its order, then the service's others in theirs).
import { OBJECT_ID } from '../../shared/ids';
import {
  lead,
  message,
  person,
  prospect,
  thread,
  type ApiLead,
  type ApiMessage,
  type ApiThread,
  type Page,
} from './schemas';

type Obj = Record<string, unknown>;
/** The fields a schema names (the rest of a record is kept as the service sent it). */
const keysOf = (schema: { shape: object }): ReadonlySet<string> => new Set(Object.keys(schema.shape));
/** A record as zod reads one: an object, not an array. */
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isId = (v: unknown): v is string => typeof v === 'string' && OBJECT_ID.test(v);
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
/** Sentinel: not the plain case, ask zod. */
const NO = Symbol('ask zod');
type Maybe<T> = T | typeof NO;

/** A text field: absent or null is '', a string is itself, anything else is not plain. */
function text(v: unknown): Maybe<string> {
  if (typeof v === 'string') return v;
  return v === undefined || v === null ? '' : NO;
}

/** Copies the keys `known` does not name, in the record's order, as `.loose()` keeps them. */
function rest(out: Obj, o: Obj, known: ReadonlySet<string>): boolean {
  for (const k of Object.keys(o)) {
    if (known.has(k)) continue;
    if (k === '__proto__') return false;
    out[k] = o[k];
  }
  return true;
}

/** Text-only records (a thread's prospect, a message's people): each field '' when absent. */
function textRecord(o: unknown, fields: readonly string[], known: ReadonlySet<string>): Obj | undefined {
  if (!isObj(o)) return undefined;
  const out: Obj = {};
  for (const f of fields) {
    const t = text(o[f]);
    if (t === NO) return undefined;
    out[f] = t;
  }
  return rest(out, o, known) ? out : undefined;
}

const PROSPECT = ['email', 'firstName', 'lastName', 'company'] as const;
const PROSPECT_KEYS = keysOf(prospect);
const PERSON = ['email', 'name'] as const;
const PERSON_KEYS = keysOf(person);

const THREAD_KEYS = keysOf(thread);

export function quickThread(o: unknown): ApiThread | undefined {
  if (!isObj(o)) return undefined;
  const { _id, prospectId, campaignId, emailAccountId, status, lastMessageAt, createdAt } = o;
  if (!isId(_id) || !isId(prospectId) || !isId(campaignId) || !isId(emailAccountId)) return undefined;
  if (typeof status !== 'string' || typeof lastMessageAt !== 'string' || typeof createdAt !== 'string')
    return undefined;
  const prospect = textRecord(o.prospect, PROSPECT, PROSPECT_KEYS);
  if (!prospect) return undefined;
  const out: Obj = {
    _id,
    prospectId,
    campaignId,
    emailAccountId,
    status,
    prospect,
    lastMessageAt,
    createdAt,
  };
  return rest(out, o, THREAD_KEYS) ? (out as ApiThread) : undefined;
}

const MESSAGE_KEYS = keysOf(message);

export function quickMessage(o: unknown): ApiMessage | undefined {
  if (!isObj(o)) return undefined;
  const out: Obj = {};
  if (!isId(o._id)) return undefined;
  out._id = o._id;
  // Optional without a default: absent stays absent, null stays null.
  if ('chatThreadId' in o) {
    const c = o.chatThreadId;
    if (c !== null && c !== undefined && !isId(c)) return undefined;
    out.chatThreadId = c;
  }
  const d = o.direction;
  if (d !== undefined && d !== null && typeof d !== 'string') return undefined;
  out.direction = d === 'outbound' ? 'outbound' : 'inbound';
  if ('from' in o) {
    const f = o.from;
    if (f === null || f === undefined) out.from = f;
    else {
      const p = textRecord(f, PERSON, PERSON_KEYS);
      if (!p) return undefined;
      out.from = p;
    }
  }
  const to = o.to;
  if (to === undefined || to === null) out.to = [];
  else {
    if (!Array.isArray(to)) return undefined;
    const people: Obj[] = new Array<Obj>(to.length);
    for (let i = 0; i < to.length; i++) {
      const p = textRecord(to[i], PERSON, PERSON_KEYS);
      if (!p) return undefined;
      people[i] = p;
    }
    out.to = people;
  }
  for (const f of ['subject', 'bodyHtml', 'bodyText'] as const) {
    const t = text(o[f]);
    if (t === NO) return undefined;
    out[f] = t;
  }
  const a = o.emailAccountId;
  if (a === undefined || a === null) out.emailAccountId = null;
  else if (isId(a)) out.emailAccountId = a;
  else return undefined;
  if (typeof o.sentAt !== 'string') return undefined;
  out.sentAt = o.sentAt;
  return rest(out, o, MESSAGE_KEYS) ? (out as unknown as ApiMessage) : undefined;
}

const LEAD_TEXT_HEAD = ['email', 'firstName', 'lastName', 'company', 'title', 'phone'] as const;
const LEAD_TEXT_MID = ['linkedinUrl', 'website', 'location', 'industry'] as const;
const LEAD_KEYS = keysOf(lead);

export function quickLead(o: unknown): ApiLead | undefined {
  if (!isObj(o) || !isId(o._id)) return undefined;
  const out: Obj = { _id: o._id };
  for (const f of LEAD_TEXT_HEAD) {
    const t = text(o[f]);
    if (t === NO) return undefined;
    out[f] = t;
  }
  for (const f of LEAD_TEXT_MID) {
    const t = text(o[f]);
    if (t === NO) return undefined;
    out[f] = t;
  }
  const c = o.customFields;
  if (c === undefined || c === null) out.customFields = {};
  else {
    // A record is copied key by key, as zod's record does.
    if (!isObj(c)) return undefined;
    const copy: Obj = {};
    if (!rest(copy, c, EMPTY)) return undefined;
    out.customFields = copy;
  }
  const l = o.leadListId;
  if (l === undefined || l === null) out.leadListId = null;
  else if (isId(l)) out.leadListId = l;
  else return undefined;
  for (const f of ['status', 'createdAt'] as const) {
    const t = text(o[f]);
    if (t === NO) return undefined;
    out[f] = t;
  }
  return rest(out, o, LEAD_KEYS) ? (out as unknown as ApiLead) : undefined;
}

const EMPTY = new Set<string>();
const PAGINATION_KEYS = new Set(['page', 'limit', 'total', 'totalPages']);
const PAGE_KEYS = new Set(['data', 'pagination']);

/** A page of `item`s checked by hand, or undefined when zod must read it (paged() in schemas.ts). */
export function quickPage<T>(item: (o: unknown) => T | undefined): (json: unknown) => Page<T> | undefined {
  return (json) => {
    if (!isObj(json) || !Array.isArray(json.data)) return undefined;
    const p = json.pagination;
    if (!isObj(p) || !isInt(p.page) || !isInt(p.limit)) return undefined;
    if (!isInt(p.total) || p.total < 0 || !isInt(p.totalPages) || p.totalPages < 0) return undefined;
    const pagination: Obj = { page: p.page, limit: p.limit, total: p.total, totalPages: p.totalPages };
    if (!rest(pagination, p, PAGINATION_KEYS)) return undefined;
    const src = json.data as unknown[];
    const data = new Array<T>(src.length);
    for (let i = 0; i < src.length; i++) {
      const x = item(src[i]);
      if (x === undefined) return undefined;
      data[i] = x;
    }
    const out: Obj = { data, pagination };
    return rest(out, json, PAGE_KEYS) ? (out as unknown as Page<T>) : undefined;
  };
}
