// The sandbox's data operations over SQLite, scoped to one team. Route handlers and the admin
// face both go through here, so an admin change and an API change look the same to a client.
import { decodeKind, encodeKind, htmlToText, type Intent } from './bodies';
import { dailyStatistics } from './daily';
import { getMeta, setMeta, type Db } from './db';
import { notFound } from './errors';
import { IdMaker, ID_KIND, int, mixSeed, mulberry32, pick, type Rng } from './prng';
import {
  accountRecord,
  campaignRecord,
  leadRecord,
  MESSAGE_COLUMNS,
  MESSAGE_FROM,
  messageRecord,
  tagRecord,
  THREAD_COLUMNS,
  threadRecord,
  type AccountRow,
  type CampaignRow,
  type LeadRow,
  type MessageRow,
  type TagRow,
  type ThreadRow,
} from './records';

export interface Page<T> {
  data: T[];
  pagination: { page: number; limit: number; total: number; totalPages: number };
}

export const LEAD_FILTER_COLUMNS = {
  email: 'email',
  firstName: 'first_name',
  lastName: 'last_name',
  company: 'company',
  title: 'title',
  location: 'location',
  industry: 'industry',
  status: 'status',
} as const;
export type LeadFilters = Partial<Record<keyof typeof LEAD_FILTER_COLUMNS | 'search' | 'leadListId', string>>;

export type Message = ReturnType<typeof messageRecord>;

export class Store {
  private readonly ids: IdMaker;

  constructor(
    readonly db: Db,
    seed: number,
  ) {
    this.ids = new IdMaker(seed, Number(getMeta(db, 'id_counter') ?? 0));
    // Case-insensitive substring for any script, not only ASCII as LIKE would be.
    db.function('ci_contains', { deterministic: true }, (hay: unknown, needle: unknown) =>
      String(hay).toLocaleLowerCase().includes(String(needle).toLocaleLowerCase()) ? 1 : 0,
    );
  }

  /** A new id, its counter saved so ids stay unique across restarts of a kept database. */
  private newId(kind: number, atMs: number): string {
    const id = this.ids.next(kind, atMs);
    setMeta(this.db, 'id_counter', String(this.ids.counter));
    return id;
  }

  private page<R, T>(
    countSql: string,
    rowsSql: string,
    params: unknown[],
    page: number,
    limit: number,
    map: (r: R) => T,
  ): Page<T> {
    const total = (this.db.prepare(countSql).get(...params) as { n: number }).n;
    const rows = this.db.prepare(rowsSql).all(...params, limit, (page - 1) * limit) as R[];
    return { data: rows.map(map), pagination: { page, limit, total, totalPages: Math.ceil(total / limit) } };
  }

  // ------------------------------------------------------------ teams and keys

  keyTeams(keyHash: string): { id: string; name: string }[] {
    return this.db
      .prepare(
        'SELECT t.id, t.name FROM memberships m JOIN teams t ON t.id = m.team_id WHERE m.key_hash = ? ORDER BY m.position',
      )
      .all(keyHash) as { id: string; name: string }[];
  }

  hasKey(keyHash: string): boolean {
    return this.db.prepare('SELECT 1 FROM api_keys WHERE hash = ?').get(keyHash) !== undefined;
  }

  /** Makes `keyHash` a member of the first two teams (the demo key), default the first. */
  addDemoKey(keyHash: string): void {
    const teams = this.db.prepare('SELECT id FROM teams ORDER BY position LIMIT 2').all() as { id: string }[];
    this.db.transaction(() => {
      this.db
        .prepare('INSERT OR REPLACE INTO api_keys (hash, default_team) VALUES (?, ?)')
        .run(keyHash, teams[0]!.id);
      teams.forEach((t, i) =>
        this.db.prepare('INSERT OR REPLACE INTO memberships VALUES (?, ?, ?)').run(keyHash, t.id, i),
      );
    })();
  }

  // ------------------------------------------------------------ campaigns

  listCampaigns(team: string, page: number, limit: number) {
    return this.page(
      'SELECT COUNT(*) AS n FROM campaigns WHERE team_id = ?',
      'SELECT * FROM campaigns WHERE team_id = ? ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?',
      [team],
      page,
      limit,
      campaignRecord,
    );
  }

  private campaignRow(team: string, id: string): CampaignRow {
    const row = this.db.prepare('SELECT * FROM campaigns WHERE team_id = ? AND id = ?').get(team, id);
    if (!row) throw notFound('campaign', id);
    return row as CampaignRow;
  }

  getCampaign(team: string, id: string) {
    return campaignRecord(this.campaignRow(team, id));
  }

  /** Changes only the name, and updatedAt to now. */
  renameCampaign(team: string, id: string, name: string) {
    this.campaignRow(team, id);
    this.db
      .prepare('UPDATE campaigns SET name = ?, updated_at = ? WHERE team_id = ? AND id = ?')
      .run(name, new Date().toISOString(), team, id);
    return this.getCampaign(team, id);
  }

  setCampaignStatus(team: string, id: string, status: string) {
    this.campaignRow(team, id);
    this.db
      .prepare('UPDATE campaigns SET status = ?, updated_at = ? WHERE team_id = ? AND id = ?')
      .run(status, new Date().toISOString(), team, id);
    return this.getCampaign(team, id);
  }

  /** Sent/opened/bounced are seeded; replied and interested follow the campaign's threads. */
  campaignStatistics(team: string, id: string) {
    const c = this.db
      .prepare('SELECT sent, opened, bounced FROM campaigns WHERE team_id = ? AND id = ?')
      .get(team, id) as { sent: number; opened: number; bounced: number } | undefined;
    if (!c) throw notFound('campaign', id);
    const t = this.db
      .prepare(
        "SELECT COUNT(*) AS replied, COALESCE(SUM(status IN ('interested', 'meeting_booked')), 0) AS interested FROM threads WHERE campaign_id = ?",
      )
      .get(id) as { replied: number; interested: number };
    return {
      sent: c.sent,
      opened: c.opened,
      replied: t.replied,
      bounced: c.bounced,
      interested: t.interested,
    };
  }

  /** Per UTC day in the range (daily.ts). */
  campaignDailyStatistics(team: string, id: string, range: { from: number; to: number }) {
    return dailyStatistics(this.db, this.campaignRow(team, id), range);
  }

  // ------------------------------------------------------------ inbox

  listThreads(team: string, status: string | undefined, page: number, limit: number) {
    const where = status === undefined ? 'team_id = ?' : 'team_id = ? AND status = ?';
    const params = status === undefined ? [team] : [team, status];
    // Deferred join: the offset walks the covering index alone, then only one page is joined.
    return this.page(
      `SELECT COUNT(*) AS n FROM threads WHERE ${where}`,
      `SELECT ${THREAD_COLUMNS} FROM (SELECT id FROM threads WHERE ${where} ` +
        'ORDER BY last_message_at DESC, id DESC LIMIT ? OFFSET ?) p ' +
        'JOIN threads t ON t.id = p.id JOIN leads l ON l.id = t.prospect_id ' +
        'ORDER BY t.last_message_at DESC, t.id DESC',
      params,
      page,
      limit,
      threadRecord,
    );
  }

  getThread(team: string, id: string) {
    const row = this.db
      .prepare(
        `SELECT ${THREAD_COLUMNS} FROM threads t JOIN leads l ON l.id = t.prospect_id WHERE t.team_id = ? AND t.id = ?`,
      )
      .get(team, id) as ThreadRow | undefined;
    if (!row) throw notFound('thread', id);
    return threadRecord(row);
  }

  setThreadStatus(team: string, id: string, status: string) {
    this.getThread(team, id);
    this.db.prepare('UPDATE threads SET status = ? WHERE team_id = ? AND id = ?').run(status, team, id);
    return this.getThread(team, id);
  }

  deleteThread(team: string, id: string): void {
    this.getThread(team, id);
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM messages WHERE thread_id = ?').run(id);
      this.db.prepare('DELETE FROM threads WHERE id = ?').run(id);
    })();
  }

  listMessages(team: string, threadId: string, page: number, limit: number) {
    this.getThread(team, threadId);
    return this.page(
      'SELECT COUNT(*) AS n FROM messages WHERE thread_id = ?',
      `SELECT ${MESSAGE_COLUMNS} FROM ${MESSAGE_FROM} WHERE m.thread_id = ? ORDER BY m.sent_at, m.id LIMIT ? OFFSET ?`,
      [threadId],
      page,
      limit,
      messageRecord,
    );
  }

  private message(id: string): Message {
    return messageRecord(
      this.db.prepare(`SELECT ${MESSAGE_COLUMNS} FROM ${MESSAGE_FROM} WHERE m.id = ?`).get(id) as MessageRow,
    );
  }

  private accountExists(team: string, id: string): boolean {
    return (
      this.db.prepare('SELECT 1 FROM email_accounts WHERE team_id = ? AND id = ?').get(team, id) !== undefined
    );
  }

  /**
   * Stores a message in a thread and moves lastMessageAt forward (never backward, even when the
   * seeded data is dated after the clock). Given bodyHtml is stored as is; without it the body is
   * generated lazily from `kind`.
   */
  addMessage(
    team: string,
    threadId: string,
    msg: {
      direction: 'inbound' | 'outbound';
      bodyHtml?: string;
      subject?: string;
      emailAccountId?: string;
      kind?: number;
      seed?: number;
    },
  ): Message {
    const thread = this.db
      .prepare('SELECT email_account_id, last_message_at, subject FROM threads WHERE team_id = ? AND id = ?')
      .get(team, threadId) as
      { email_account_id: string; last_message_at: string; subject: string } | undefined;
    if (!thread) throw notFound('thread', threadId);
    const accountId = msg.emailAccountId ?? thread.email_account_id;
    if (!this.accountExists(team, accountId)) throw notFound('email account', accountId);
    const at = Math.max(Date.now(), Date.parse(thread.last_message_at) + 1);
    const sentAt = new Date(at).toISOString();
    const subject =
      msg.subject ?? (thread.subject.startsWith('Re: ') ? thread.subject : `Re: ${thread.subject}`);
    const id = this.db.transaction(() => {
      const id = this.newId(ID_KIND.message, at);
      this.db
        .prepare(
          'INSERT INTO messages (id, team_id, thread_id, direction, subject, email_account_id, sent_at, body_kind, body_seed, body_html, body_text) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
        )
        .run(
          id,
          team,
          threadId,
          msg.direction,
          subject,
          accountId,
          sentAt,
          msg.kind ?? 0,
          msg.seed ?? 0,
          msg.bodyHtml ?? null,
          msg.bodyHtml === undefined ? null : htmlToText(msg.bodyHtml),
        );
      this.db.prepare('UPDATE threads SET last_message_at = ? WHERE id = ?').run(sentAt, threadId);
      return id;
    })();
    return this.message(id);
  }

  /** New inbound replies: about half to existing threads, the rest opening new threads. */
  arriveReplies(team: string, count: number, rng: Rng): string[] {
    const out: string[] = [];
    const threadCount = (
      this.db.prepare('SELECT COUNT(*) AS n FROM threads WHERE team_id = ?').get(team) as { n: number }
    ).n;
    for (let i = 0; i < count; i++) {
      const intent: Intent = pick(rng, [
        'question',
        'interested',
        'meeting',
        'out_of_office',
        'not_interested',
      ]);
      const kind = encodeKind(intent, rng() < 0.1 ? 'emoji' : 'none');
      const seed = Math.floor(rng() * 4294967296);
      let threadId: string | undefined;
      if (threadCount > 0 && rng() < 0.5) {
        const row = this.db
          .prepare('SELECT id FROM threads WHERE team_id = ? ORDER BY id LIMIT 1 OFFSET ?')
          .get(team, int(rng, 0, threadCount - 1)) as { id: string } | undefined;
        threadId = row?.id;
      }
      if (!threadId) threadId = this.newThread(team, rng);
      this.addMessage(team, threadId, { direction: 'inbound', kind, seed });
      out.push(threadId);
    }
    return out;
  }

  private newThread(team: string, rng: Rng): string {
    const leadCount = (
      this.db.prepare('SELECT COUNT(*) AS n FROM leads WHERE team_id = ?').get(team) as { n: number }
    ).n;
    const lead = this.db
      .prepare('SELECT id, first_name, company FROM leads WHERE team_id = ? ORDER BY id LIMIT 1 OFFSET ?')
      .get(team, int(rng, 0, Math.max(0, leadCount - 1))) as {
      id: string;
      first_name: string;
      company: string;
    };
    const campaigns = this.db
      .prepare("SELECT id, email_accounts FROM campaigns WHERE team_id = ? AND status != 'Draft' ORDER BY id")
      .all(team) as { id: string; email_accounts: string }[];
    const campaign = pick(rng, campaigns);
    const accountId = pick(rng, JSON.parse(campaign.email_accounts) as string[]);
    // The pitch went out a little before the reply.
    const at = Date.now() - 3_600_000;
    const subject = `Re: ${lead.company} + Outreach HQ`;
    return this.db.transaction(() => {
      const id = this.newId(ID_KIND.thread, at);
      const iso = new Date(at).toISOString();
      this.db
        .prepare('INSERT INTO threads VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
        .run(id, team, lead.id, campaign.id, accountId, 'open', iso, iso, subject.slice(4));
      this.db
        .prepare(
          'INSERT INTO messages (id, team_id, thread_id, direction, subject, email_account_id, sent_at, body_kind, body_seed) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
        )
        .run(
          this.newId(ID_KIND.message, at),
          team,
          id,
          'outbound',
          subject.slice(4),
          accountId,
          iso,
          encodeKind('pitch', 'none'),
          Math.floor(rng() * 4294967296),
        );
      return id;
    })();
  }

  /** A plain-text suggestion from the thread's last inbound message; same thread, same text. */
  aiReply(team: string, threadId: string): { suggestion: string } {
    const thread = this.getThread(team, threadId);
    const last = this.db
      .prepare(
        "SELECT body_kind, subject FROM messages WHERE thread_id = ? AND direction = 'inbound' ORDER BY sent_at DESC, id DESC LIMIT 1",
      )
      .get(threadId) as { body_kind: number; subject: string } | undefined;
    const account = this.db
      .prepare('SELECT name FROM email_accounts WHERE id = ?')
      .get(thread.emailAccountId) as { name: string } | undefined;
    const rng = mulberry32(mixSeed('ai', threadId, thread.status));
    const first = thread.prospect.firstName;
    const company = thread.prospect.company;
    const intent = last ? decodeKind(last.body_kind).intent : 'question';
    const topic = last ? last.subject.replace(/^(Re:\s*)+/i, '') : `${company} + Outreach HQ`;
    const bodies: Record<string, string[]> = {
      interested: [
        `Great to hear! I have attached a short case study from a team similar to ${company}. Pricing starts at $49 per seat per month.`,
        `Thanks ${first}! Onboarding takes about two weeks. Would Tuesday or Thursday work for a 20-minute walkthrough?`,
      ],
      meeting: [`Perfect, I have confirmed the time and sent a calendar invite. Talk soon!`],
      not_interested: [
        `Understood, thanks for letting me know. I have removed you from this sequence and will not follow up.`,
      ],
      out_of_office: [`Thanks for the heads-up. I will follow up once you are back.`],
      wrong_person: [
        `Thanks for pointing me in the right direction. Could you share who handles this at ${company}?`,
      ],
      question: [
        `Good question. In short: we integrate with the major CRMs, keep data in the EU, and most teams see results within a month. Happy to go deeper on a call.`,
        `Thanks for asking. I can share details on "${topic}" in writing, or walk you through it in 15 minutes. Which do you prefer?`,
      ],
    };
    const options = bodies[intent] ?? bodies.question!;
    const sender = account?.name.split(' ')[0] ?? 'The Outreach HQ team';
    return { suggestion: `Hi ${first},\n\n${pick(rng, options)}\n\nBest,\n${sender}` };
  }

  // ------------------------------------------------------------ leads

  queryLeads(team: string, filters: LeadFilters, page: number, limit: number) {
    const where = ['team_id = ?'];
    const params: unknown[] = [team];
    // Native LIKE (case-insensitive for ASCII) is fast; other scripts go through ci_contains.
    const contains = (column: string, needle: string): string => {
      if (/^[\x20-\x7e]*$/.test(needle)) {
        params.push(`%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
        return `${column} LIKE ? ESCAPE '\\'`;
      }
      params.push(needle);
      return `ci_contains(${column}, ?)`;
    };
    for (const [key, value] of Object.entries(filters)) {
      if (value === undefined) continue;
      if (key === 'leadListId') {
        where.push('lead_list_id = ?');
        params.push(value);
      } else if (key === 'search') {
        where.push(
          `(${contains("first_name || ' ' || last_name", value)} OR ${contains('email', value)} OR ${contains('company', value)})`,
        );
      } else {
        where.push(contains(LEAD_FILTER_COLUMNS[key as keyof typeof LEAD_FILTER_COLUMNS], value));
      }
    }
    const w = where.join(' AND ');
    return this.page(
      `SELECT COUNT(*) AS n FROM leads WHERE ${w}`,
      `SELECT l.* FROM (SELECT id FROM leads WHERE ${w} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?) p ` +
        'JOIN leads l ON l.id = p.id ORDER BY l.created_at DESC, l.id DESC',
      params,
      page,
      limit,
      leadRecord,
    );
  }

  getLead(team: string, id: string) {
    const row = this.db.prepare('SELECT * FROM leads WHERE team_id = ? AND id = ?').get(team, id) as
      LeadRow | undefined;
    if (!row) throw notFound('lead', id);
    return leadRecord(row);
  }

  // ------------------------------------------------------------ email accounts, tags, DNC

  listAccounts(team: string, page: number, limit: number) {
    return this.page<AccountRow, ReturnType<typeof accountRecord>>(
      'SELECT COUNT(*) AS n FROM email_accounts WHERE team_id = ?',
      'SELECT * FROM email_accounts WHERE team_id = ? ORDER BY created_at, id LIMIT ? OFFSET ?',
      [team],
      page,
      limit,
      accountRecord,
    );
  }

  /** All listed accounts or none: every id is checked before anything is written. */
  updateAccounts(
    team: string,
    accountIds: string[],
    signature: string | undefined,
    tags: string[] | undefined,
  ): void {
    const missing = accountIds.filter((id) => !this.accountExists(team, id));
    if (missing.length) throw notFound('email account', missing[0]);
    if (tags) {
      const unknown = tags.filter(
        (id) =>
          this.db.prepare('SELECT 1 FROM email_account_tags WHERE team_id = ? AND id = ?').get(team, id) ===
          undefined,
      );
      if (unknown.length) throw notFound('email account tag', unknown[0]);
    }
    const setSig = this.db.prepare('UPDATE email_accounts SET signature = ? WHERE id = ?');
    const setTags = this.db.prepare('UPDATE email_accounts SET tags = ? WHERE id = ?');
    this.db.transaction(() => {
      for (const id of accountIds) {
        if (signature !== undefined) setSig.run(signature, id);
        if (tags) setTags.run(JSON.stringify([...new Set(tags)]), id);
      }
    })();
  }

  listTags(team: string, page: number, limit: number) {
    return this.page<TagRow, ReturnType<typeof tagRecord>>(
      'SELECT COUNT(*) AS n FROM email_account_tags WHERE team_id = ?',
      'SELECT id, name, color FROM email_account_tags WHERE team_id = ? ORDER BY created_at, id LIMIT ? OFFSET ?',
      [team],
      page,
      limit,
      tagRecord,
    );
  }

  addDnc(team: string, entries: string[]): number {
    const insert = this.db.prepare('INSERT OR IGNORE INTO dnc (team_id, entry, created_at) VALUES (?, ?, ?)');
    const now = new Date().toISOString();
    return this.db.transaction(() => entries.reduce((n, e) => n + insert.run(team, e, now).changes, 0))();
  }

  listTeams(keyHash: string, page: number, limit: number) {
    const teams = this.keyTeams(keyHash);
    return {
      data: teams.slice((page - 1) * limit, page * limit).map((t) => ({ _id: t.id, name: t.name })),
      pagination: { page, limit, total: teams.length, totalPages: Math.ceil(teams.length / limit) },
    };
  }
}
