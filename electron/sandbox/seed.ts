// Seeded demo data: teams, email accounts and tags, campaigns, lead lists and leads, threads and
// their messages. Same seed and sizes => the same rows, byte for byte. Everything goes in with
// prepared statements inside one transaction; message bodies stay lazy (kind + seed, see bodies.ts).
import { encodeKind, HOSTILE, type Hostile, type Intent } from './bodies';
import { createIndexes, setMeta, type Db } from './db';
import { chance, IdMaker, ID_KIND, int, mixSeed, mulberry32, pick, sample, type Rng } from './prng';
import {
  CAMPAIGN_STATUSES,
  CAMPAIGN_TAGS,
  CAMPAIGN_TOPICS,
  COMPANY_PARTS_A,
  COMPANY_PARTS_B,
  COMPANY_SUFFIX,
  FIRST_NAMES,
  INDUSTRIES,
  LAST_NAMES,
  LEAD_STATUSES,
  LOCATIONS,
  PAIN_POINTS,
  SENDER_DOMAINS,
  TAG_COLORS,
  TAG_NAMES,
  TEAM_NAMES,
  TIMEZONES,
  TITLES,
} from './words';

/** Seeded data is dated relative to this fixed instant, never the clock, so it is reproducible. */
export const ANCHOR_MS = Date.UTC(2026, 10, 21, 9, 30, 0);
const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Messages newer than this (before the anchor) are never hostile: the first screen is ordinary. */
const HOSTILE_AGE_MS = 3 * DAY;

export interface SeedSizes {
  seed: number;
  threads: number;
  leads: number;
  campaigns: number;
}

export interface SeedResult {
  teamIds: string[];
  idCounter: number;
}

const iso = (ms: number): string => new Date(ms).toISOString();

function weighted<T>(rng: Rng, items: readonly (readonly [T, number])[]): T {
  let r = rng() * items.reduce((s, [, w]) => s + w, 0);
  for (const [item, w] of items) {
    r -= w;
    if (r < 0) return item;
  }
  return items[items.length - 1]![0];
}

const ascii = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');

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

interface TeamSizes {
  name: string;
  threads: number;
  leads: number;
  campaigns: number;
}

export function teamSizes(s: SeedSizes): TeamSizes[] {
  return [
    { name: TEAM_NAMES[0], threads: s.threads, leads: s.leads, campaigns: s.campaigns },
    {
      name: TEAM_NAMES[1],
      threads: Math.max(10, Math.round(s.threads / 10)),
      leads: Math.max(20, Math.round(s.leads / 10)),
      campaigns: Math.max(4, Math.round(s.campaigns / 5)),
    },
    // A team the demo key is not a member of: naming it in x-workspace must give 403.
    { name: TEAM_NAMES[2], threads: 5, leads: 10, campaigns: 4 },
  ];
}

export function generate(db: Db, sizes: SeedSizes, keyHash: string): SeedResult {
  const ids = new IdMaker(sizes.seed);
  const st = {
    team: db.prepare('INSERT INTO teams (id, name, position) VALUES (?, ?, ?)'),
    key: db.prepare('INSERT OR REPLACE INTO api_keys (hash, default_team) VALUES (?, ?)'),
    member: db.prepare('INSERT OR REPLACE INTO memberships (key_hash, team_id, position) VALUES (?, ?, ?)'),
    tag: db.prepare('INSERT INTO email_account_tags VALUES (?, ?, ?, ?, ?)'),
    account: db.prepare('INSERT INTO email_accounts VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)'),
    campaign: db.prepare('INSERT INTO campaigns VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)'),
    list: db.prepare('INSERT INTO lead_lists VALUES (?, ?, ?, ?)'),
    lead: db.prepare('INSERT INTO leads VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)'),
    thread: db.prepare('INSERT INTO threads VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)'),
    message: db.prepare(
      'INSERT INTO messages (id, team_id, thread_id, direction, subject, email_account_id, sent_at, body_kind, body_seed) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ),
  };
  const teamIds: string[] = [];

  db.transaction(() => {
    teamSizes(sizes).forEach((team, teamIndex) => {
      const rng = mulberry32(mixSeed('team', sizes.seed, teamIndex));
      const replyRng = mulberry32(mixSeed('open replies', sizes.seed, teamIndex));
      const teamId = ids.next(ID_KIND.team, ANCHOR_MS - 400 * DAY + teamIndex * DAY);
      teamIds.push(teamId);
      st.team.run(teamId, team.name, teamIndex);
      if (teamIndex < 2) st.member.run(keyHash, teamId, teamIndex);

      // Email account tags and accounts.
      const tagIds: string[] = [];
      TAG_NAMES.slice(0, 6).forEach((name, i) => {
        const at = ANCHOR_MS - 300 * DAY + i * HOUR;
        const id = ids.next(ID_KIND.tag, at);
        tagIds.push(id);
        st.tag.run(id, teamId, name, TAG_COLORS[i % TAG_COLORS.length]!, iso(at));
      });
      const accountCount = Math.min(25, Math.max(3, Math.ceil(team.campaigns / 4)));
      const accounts: { id: string; name: string }[] = [];
      for (let i = 0; i < accountCount; i++) {
        const first = pick(rng, FIRST_NAMES);
        const last = pick(rng, LAST_NAMES);
        const name = `${first} ${last}`;
        const email = `${ascii(first)}.${ascii(last)}${i}@${pick(rng, SENDER_DOMAINS)}`;
        const title = pick(rng, ['Account Executive', 'SDR', 'Founder', 'Head of Sales']);
        const signature =
          `<div class="signature"><p><strong>${name}</strong><br>${title}, Outreach HQ<br>` +
          `<a href="https://outreachhq.example">outreachhq.example</a> · +1 555 01${int(rng, 10, 99)}</p></div>`;
        const at = ANCHOR_MS - 280 * DAY + i * DAY;
        const id = ids.next(ID_KIND.account, at);
        accounts.push({ id, name });
        st.account.run(
          id,
          teamId,
          email,
          name,
          signature,
          JSON.stringify(sample(rng, tagIds, int(rng, 0, 2))),
          i === accountCount - 1 ? 'disconnected' : 'connected',
          int(rng, 3, 10) * 10,
          iso(at),
        );
      }

      // Campaigns: the first four cover every status.
      const campaigns: { id: string; accounts: string[]; status: string }[] = [];
      for (let i = 0; i < team.campaigns; i++) {
        const status =
          i < CAMPAIGN_STATUSES.length
            ? CAMPAIGN_STATUSES[i]!
            : weighted(rng, [
                ['Active', 50],
                ['Paused', 15],
                ['Completed', 20],
                ['Draft', 15],
              ] as const);
        const created = ANCHOR_MS - int(rng, 30, 240) * DAY - int(rng, 0, 86_399) * 1000;
        const updated = Math.min(ANCHOR_MS, created + int(rng, 0, 20) * DAY + int(rng, 0, 86_399) * 1000);
        const id = ids.next(ID_KIND.campaign, created);
        const acc = sample(rng, accounts, int(rng, 1, 3)).map((a) => a.id);
        const days = pick(rng, [
          [1, 2, 3, 4, 5],
          [1, 2, 3, 4],
          [0, 1, 2, 3, 4, 5, 6],
          [2, 3, 4],
        ]);
        const startHour = int(rng, 6, 10);
        const schedule = { timezone: pick(rng, TIMEZONES), days, startHour, endHour: int(rng, 15, 20) };
        const sent = status === 'Draft' ? 0 : int(rng, 100, 6000);
        campaigns.push({ id, accounts: acc, status });
        st.campaign.run(
          id,
          teamId,
          `${pick(rng, CAMPAIGN_TOPICS)} #${i + 1}`,
          status,
          JSON.stringify(acc),
          JSON.stringify(sample(rng, CAMPAIGN_TAGS, int(rng, 0, 3))),
          int(rng, 2, 50) * 10,
          JSON.stringify(schedule),
          iso(created),
          iso(updated),
          sent,
          Math.floor(sent * (0.25 + rng() * 0.45)),
          Math.floor(sent * rng() * 0.04),
        );
      }
      const sending = campaigns.filter((c) => c.status !== 'Draft');

      // Lead lists and leads.
      const listCount = Math.min(100, Math.max(2, Math.ceil(team.leads / 2000)));
      const lists: string[] = [];
      for (let i = 0; i < listCount; i++) {
        const at = ANCHOR_MS - 260 * DAY + i * HOUR;
        const id = ids.next(ID_KIND.list, at);
        lists.push(id);
        st.list.run(id, teamId, `${pick(rng, INDUSTRIES)} prospects ${i + 1}`, iso(at));
      }
      const leads: { id: string; email: string; first: string; last: string; company: string }[] = [];
      for (let i = 0; i < team.leads; i++) {
        const first = pick(rng, FIRST_NAMES);
        const last = pick(rng, LAST_NAMES);
        const company = `${pick(rng, COMPANY_PARTS_A)} ${pick(rng, COMPANY_PARTS_B)}${pick(rng, COMPANY_SUFFIX)}`;
        const domain = `${ascii(company.replace(/ (Inc\.|GmbH|Ltd|LLC|S\.A\.|AB|K\.K\.)$/, ''))}.com`;
        const email = `${ascii(first)}.${ascii(last)}${i > 500 ? i : ''}@${domain}`;
        const created = ANCHOR_MS - int(rng, 0, 200 * 24 * 60) * 60_000 - int(rng, 0, 59_999);
        const id = ids.next(ID_KIND.lead, created);
        const customFields: Record<string, string> = {
          source: pick(rng, ['LinkedIn', 'Conference', 'Website', 'Referral', 'List export']),
          companySize: pick(rng, ['1-10', '11-50', '51-200', '201-1000', '1000+']),
        };
        if (chance(rng, 0.4)) customFields.icebreaker = `Loved your post about ${pick(rng, PAIN_POINTS)}`;
        if (chance(rng, 0.2)) customFields.timezone = pick(rng, TIMEZONES);
        st.lead.run(
          id,
          teamId,
          email,
          first,
          last,
          company,
          pick(rng, TITLES),
          `+${int(rng, 1, 49)} ${int(rng, 100, 999)} ${int(rng, 100, 999)} ${int(rng, 1000, 9999)}`,
          `https://www.linkedin.com/in/${ascii(first)}-${ascii(last)}-${int(rng, 1000, 9999)}`,
          `https://www.${domain}`,
          pick(rng, LOCATIONS),
          pick(rng, INDUSTRIES),
          JSON.stringify(customFields),
          lists[i % lists.length]!,
          weighted(rng, [
            ['new', 30],
            ['contacted', 35],
            ['replied', 15],
            ['interested', 6],
            ['not_interested', 6],
            ['bounced', 5],
            ['unsubscribed', 3],
          ] as const satisfies readonly (readonly [(typeof LEAD_STATUSES)[number], number])[]),
          iso(created),
        );
        leads.push({ id, email, first, last, company });
      }

      // Threads and messages.
      for (let t = 0; t < team.threads; t++) {
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
    });
    st.key.run(keyHash, teamIds[0]!);
    setMeta(db, 'id_counter', String(ids.counter));
  })();
  createIndexes(db);
  return { teamIds, idCounter: ids.counter };
}
