// Seeded demo data: teams, email accounts and tags, campaigns, lead lists and leads, threads and
// their messages. Same seed and sizes => the same rows, byte for byte. Everything goes in with
// prepared statements inside one transaction; message bodies stay lazy (kind + seed, see bodies.ts).
import { createIndexes, setMeta, type Db } from './db';
import { ANCHOR_MS, DAY, HOUR, iso, seedThreads, weighted } from './seed-threads';
import { chance, IdMaker, ID_KIND, int, mixSeed, mulberry32, pick, sample } from './prng';
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

const ascii = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');

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
      seedThreads({ st, ids, rng, replyRng, teamId, threads: team.threads, leads, sending });
    });
    st.key.run(keyHash, teamIds[0]!);
    setMeta(db, 'id_counter', String(ids.counter));
  })();
  createIndexes(db);
  return { teamIds, idCounter: ids.counter };
}
