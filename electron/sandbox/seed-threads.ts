// The seeded threads of one team and their messages: statuses, the intent of each reply (an open
// thread's newest from a stream of its own), hostile bodies early in the data, lazy bodies.
import type { Statement } from 'better-sqlite3';
import { encodeKind, HOSTILE, type Hostile, type Intent } from './bodies';
import { chance, ID_KIND, int, pick, type IdMaker, type Rng } from './prng';
import { PAIN_POINTS } from './words';

/** Seeded data is dated relative to this fixed instant, never the clock, so it is reproducible. */
export const ANCHOR_MS = Date.UTC(2026, 10, 21, 9, 30, 0);
export const DAY = 86_400_000;
export const HOUR = 3_600_000;
/** Messages newer than this (before the anchor) are never hostile: the first screen is ordinary. */
const HOSTILE_AGE_MS = 3 * DAY;

export const iso = (ms: number): string => new Date(ms).toISOString();

export function weighted<T>(rng: Rng, items: readonly (readonly [T, number])[]): T {
  let r = rng() * items.reduce((s, [, w]) => s + w, 0);
  for (const [item, w] of items) {
    r -= w;
    if (r < 0) return item;
  }
  return items[items.length - 1]![0];
}

const THREAD_STATUS_WEIGHTS = [
  ['open', 55],
  ['interested', 12],
  ['meeting_booked', 6],
  ['not_interested', 10],
  ['out_of_office', 8],
  ['wrong_person', 4],
  ['closed', 5],
] as const;

const INTENT_OF_STATUS: Record<string, Intent> = {
  open: 'question',
  interested: 'interested',
  meeting_booked: 'meeting',
  not_interested: 'not_interested',
  out_of_office: 'out_of_office',
  wrong_person: 'wrong_person',
  closed: 'not_interested',
};

/** What an untriaged (open) thread's newest reply says: like a real reply inbox, many need no
 *  thought (absences, removals, wrong people) and some do. Drawn from a stream of its own, so the
 *  rest of the data (names, counts, times) is the same as before replies varied. */
const OPEN_REPLY_WEIGHTS = [
  ['question', 34],
  ['interested', 14],
  ['meeting', 4],
  ['not_interested', 16],
  ['out_of_office', 22],
  ['wrong_person', 10],
] as const satisfies readonly (readonly [Intent, number])[];

/** 1..8 messages, mean close to 5. */
const MESSAGE_COUNT_WEIGHTS = [
  [1, 8],
  [2, 10],
  [3, 12],
  [4, 14],
  [5, 14],
  [6, 14],
  [7, 14],
  [8, 14],
] as const;

const ORDINARY_HOSTILE = HOSTILE.filter((h) => h !== 'none' && h !== 'huge');

function subjectFor(rng: Rng, first: string, company: string): string {
  const pain = pick(rng, PAIN_POINTS);
  return pick(rng, [
    `Quick question about ${company}`,
    `${first}, idea for ${company}'s ${pain}`,
    `Improving ${pain} at ${company}`,
    `${company} + Outreach HQ`,
    `15 minutes next week?`,
    `Re: your ${pain} plans`,
    `🚀 Faster ${pain} for ${company}`,
    `${first} — worth a chat?`,
  ]);
}

export interface TeamThreads {
  st: { message: Statement; thread: Statement };
  ids: IdMaker;
  rng: Rng;
  replyRng: Rng;
  teamId: string;
  threads: number;
  leads: { id: string; first: string; company: string }[];
  sending: { id: string; accounts: string[] }[];
}

export function seedThreads({ st, ids, rng, replyRng, teamId, threads, leads, sending }: TeamThreads): void {
  for (let t = 0; t < threads; t++) {
    const lead = leads[t % leads.length]!;
    const campaign = pick(rng, sending);
    const accountId = pick(rng, campaign.accounts);
    const status = weighted(rng, THREAD_STATUS_WEIGHTS);
    const count = weighted(rng, MESSAGE_COUNT_WEIGHTS);
    // The threads that carry every hostile kind end a few days before the anchor: in the data,
    // early in the Inbox, but below the first screen, which shows ordinary replies.
    const forcedHostile = t < HOSTILE.length - 1;
    let created = ANCHOR_MS - int(rng, 1, 120 * 24 * 60) * 60_000 - int(rng, 0, 59_999);
    let span = Math.min(ANCHOR_MS - created, int(rng, 1, 20 * 24) * HOUR);
    if (forcedHostile) {
      created = ANCHOR_MS - HOSTILE_AGE_MS - (t + 1) * 6 * HOUR;
      span = Math.min(span, 4 * HOUR);
    }
    const times: number[] = [];
    for (let m = 0; m < count; m++) times.push(m === 0 ? created : created + Math.floor(rng() * span));
    times.sort((a, b) => a - b);
    const subject = subjectFor(rng, lead.first, lead.company);
    const threadId = ids.next(ID_KIND.thread, created);

    const directions: ('inbound' | 'outbound')[] = [];
    for (let m = 0; m < count; m++) {
      if (count === 1) directions.push('inbound');
      else if (m === 0) directions.push('outbound');
      else if (m === 1) directions.push('inbound');
      else directions.push(chance(rng, 0.5) ? 'inbound' : 'outbound');
    }
    // An untriaged thread waits on us: its last word is the prospect's.
    if (status === 'open') directions[count - 1] = 'inbound';
    const lastInbound = directions.lastIndexOf('inbound');

    for (let m = 0; m < count; m++) {
      const dir = directions[m]!;
      const intent: Intent =
        dir === 'outbound'
          ? m === 0
            ? 'pitch'
            : 'followup'
          : m === lastInbound
            ? status === 'open'
              ? weighted(replyRng, OPEN_REPLY_WEIGHTS)
              : INTENT_OF_STATUS[status]!
            : 'question';
      let hostile: Hostile = 'none';
      if (m === count - 1 && t < HOSTILE.length - 1)
        hostile = HOSTILE[t + 1]!; // every kind shows up early
      else if (chance(rng, 0.001)) hostile = 'huge';
      else if (chance(rng, 0.1)) hostile = pick(rng, ORDINARY_HOSTILE);
      const sentAt = times[m]!;
      if (!forcedHostile && sentAt > ANCHOR_MS - HOSTILE_AGE_MS) hostile = 'none';
      st.message.run(
        ids.next(ID_KIND.message, sentAt),
        teamId,
        threadId,
        dir,
        m === 0 ? subject : `Re: ${subject}`,
        accountId,
        iso(sentAt),
        encodeKind(intent, hostile),
        Math.floor(rng() * 4294967296),
      );
    }
    st.thread.run(
      threadId,
      teamId,
      lead.id,
      campaign.id,
      accountId,
      status,
      iso(times[count - 1]!),
      iso(created),
      subject,
    );
  }
}
