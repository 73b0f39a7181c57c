// Replies arriving while the service runs (the live mode and tests): to existing threads or new ones.
import { encodeKind, type Intent } from './bodies';
import { ID_KIND, int, pick, type Rng } from './prng';
import type { Db } from './db';

/** What arrivals need of the service's store. */
interface Arrivals {
  readonly db: Db;
  newId(kind: number, atMs: number): string;
  addMessage(
    team: string,
    threadId: string,
    msg: { direction: 'inbound'; kind: number; seed: number },
  ): unknown;
}

/** New inbound replies: about half to existing threads, the rest opening new threads. */
export function arriveReplies(store: Arrivals, team: string, count: number, rng: Rng): string[] {
  const out: string[] = [];
  const threadCount = (
    store.db.prepare('SELECT COUNT(*) AS n FROM threads WHERE team_id = ?').get(team) as { n: number }
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
      const row = store.db
        .prepare('SELECT id FROM threads WHERE team_id = ? ORDER BY id LIMIT 1 OFFSET ?')
        .get(team, int(rng, 0, threadCount - 1)) as { id: string } | undefined;
      threadId = row?.id;
    }
    if (!threadId) threadId = newThread(store, team, rng);
    store.addMessage(team, threadId, { direction: 'inbound', kind, seed });
    out.push(threadId);
  }
  return out;
}

function newThread(store: Arrivals, team: string, rng: Rng): string {
  const leadCount = (
    store.db.prepare('SELECT COUNT(*) AS n FROM leads WHERE team_id = ?').get(team) as { n: number }
  ).n;
  const lead = store.db
    .prepare('SELECT id, first_name, company FROM leads WHERE team_id = ? ORDER BY id LIMIT 1 OFFSET ?')
    .get(team, int(rng, 0, Math.max(0, leadCount - 1))) as {
    id: string;
    first_name: string;
    company: string;
  };
  const campaigns = store.db
    .prepare("SELECT id, email_accounts FROM campaigns WHERE team_id = ? AND status != 'Draft' ORDER BY id")
    .all(team) as { id: string; email_accounts: string }[];
  const campaign = pick(rng, campaigns);
  const accountId = pick(rng, JSON.parse(campaign.email_accounts) as string[]);
  // The pitch went out a little before the reply.
  const at = Date.now() - 3_600_000;
  const subject = `Re: ${lead.company} + Outreach HQ`;
  return store.db.transaction(() => {
    const id = store.newId(ID_KIND.thread, at);
    const iso = new Date(at).toISOString();
    store.db
      .prepare('INSERT INTO threads VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
      .run(id, team, lead.id, campaign.id, accountId, 'open', iso, iso, subject.slice(4));
    store.db
      .prepare(
        'INSERT INTO messages (id, team_id, thread_id, direction, subject, email_account_id, sent_at, body_kind, body_seed) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      )
      .run(
        store.newId(ID_KIND.message, at),
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
