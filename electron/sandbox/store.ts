// The sandbox's data operations over SQLite, scoped to one team. Route handlers and the admin
// face both go through here, so an admin change and an API change look the same to a client.
import { aiReply } from './aiReply';
import { arriveReplies } from './arrivals';
import { htmlToText } from './bodies';
import { dailyStatistics } from './daily';
import { getMeta, setMeta, type Db } from './db';
import { notFound } from './errors';
import { getLead, queryLeads, type LeadFilters } from './leads';
import { accountExists, listAccounts, listTags, updateAccounts } from './mailboxes';
import { pageOf } from './pages';
import { IdMaker, ID_KIND, type Rng } from './prng';
import {
  campaignRecord,
  MESSAGE_COLUMNS,
  MESSAGE_FROM,
  messageRecord,
  THREAD_COLUMNS,
  threadRecord,
  type CampaignRow,
  type MessageRow,
  type ThreadRow,
} from './records';

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
  newId(kind: number, atMs: number): string {
    const id = this.ids.next(kind, atMs);
    setMeta(this.db, 'id_counter', String(this.ids.counter));
    return id;
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
    return pageOf(
      this.db,
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
    return { ...c, ...t };
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
    return pageOf(
      this.db,
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
    return pageOf(
      this.db,
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
    if (!accountExists(this.db, team, accountId)) throw notFound('email account', accountId);
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

  // ------------------------------------------------------------ leads, arrivals, AI replies

  queryLeads(team: string, filters: LeadFilters, page: number, limit: number) {
    return queryLeads(this.db, team, filters, page, limit);
  }

  getLead(team: string, id: string) {
    return getLead(this.db, team, id);
  }

  /** New inbound replies: about half to existing threads, the rest opening new threads. */
  arriveReplies(team: string, count: number, rng: Rng): string[] {
    return arriveReplies(this, team, count, rng);
  }

  aiReply(team: string, threadId: string): { suggestion: string } {
    return aiReply(this, team, threadId);
  }

  // ------------------------------------------------------------ email accounts, tags, DNC

  listAccounts(team: string, page: number, limit: number) {
    return listAccounts(this.db, team, page, limit);
  }

  updateAccounts(team: string, accountIds: string[], signature?: string, tags?: string[]): void {
    updateAccounts(this.db, team, accountIds, signature, tags);
  }

  listTags(team: string, page: number, limit: number) {
    return listTags(this.db, team, page, limit);
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
