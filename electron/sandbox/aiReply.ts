// The service's AI reply: a plain-text suggestion from the thread's last inbound message.
import { decodeKind } from './bodies';
import { mixSeed, mulberry32, pick } from './prng';
import type { Db } from './db';

/** What the AI reply reads of the service's store. */
interface Threads {
  readonly db: Db;
  getThread(
    team: string,
    id: string,
  ): { status: string; emailAccountId: string; prospect: { firstName: string; company: string } };
}

/** A plain-text suggestion from the thread's last inbound message; same thread, same text. */
export function aiReply(store: Threads, team: string, threadId: string): { suggestion: string } {
  const thread = store.getThread(team, threadId);
  const last = store.db
    .prepare(
      "SELECT body_kind, subject FROM messages WHERE thread_id = ? AND direction = 'inbound' ORDER BY sent_at DESC, id DESC LIMIT 1",
    )
    .get(threadId) as { body_kind: number; subject: string } | undefined;
  const account = store.db
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
