// Suggested verdicts in the core against the sandbox: replies that arrive are read in the
// background and their suggestion shows in the list rows, the counts and the Suggested folders;
// accepting sets the statuses through the outbox (an absence also snoozes, a removal also queues a
// do-not-contact entry held for the undo), the undo puts everything back and takes the held entry
// back, and an absent prospect's thread comes back open when its snooze ends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountService } from '../../electron/core/account/service';
import type { ThreadRow } from '../../electron/shared/contract';
import { harness, serverClient, type Harness } from './fixtures/core-harness';

const A = { accountId: 'acc1' };

async function until<T>(what: string, read: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`still waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('suggested verdicts, computed in the core and accepted through the outbox', () => {
  let h: Harness;
  let acc: AccountService;
  const replies: Record<string, { subject: string; body: string }> = {
    ooo: {
      subject: 'Abwesenheitsnotiz: Ihre Nachricht',
      body: '<p>Vielen Dank für Ihre Nachricht. Ich bin bis einschließlich 4. Januar 2027 nicht im Büro und ab dem 5. Januar 2027 wieder erreichbar.</p>',
    },
    removal: { subject: 'Re: Quick question', body: '<p>Please remove me from your list. Thanks.</p>' },
    wrong: {
      subject: 'Re: Quick question',
      body: '<p>I am not the right person for this. Please contact jane.doe@acme-example.com instead.</p>',
    },
    unclear: { subject: 'Re: Quick question', body: '<p>Who is this?</p>' },
  };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    h = await harness({ threads: 120, leads: 150, campaigns: 4 });
    acc = h.open({ outOfOfficeDays: () => 7 });
    acc.start();
    await acc.syncNow();
    const inbox = await acc.handlers['threads.list']({ ...A, view: 'inbox', offset: 0, limit: 20 });
    Object.keys(replies).forEach((k, i) => {
      ids[k] = inbox.rows[i]!.id;
      h.sb.admin.addMessage(ids[k]!, {
        direction: 'inbound',
        bodyHtml: replies[k]!.body,
        subject: replies[k]!.subject,
      });
    });
    await acc.syncNow();
  }, 120_000);
  afterAll(() => h.cleanup());

  const row = async (id: string): Promise<ThreadRow> =>
    (await acc.handlers['threads.get']({ ...A, threadId: id }))!.thread;
  const suggested = (id: string, status: string) =>
    until(`a ${status} suggestion`, async () => {
      const r = await row(id);
      return r.suggestion?.status === status ? r : undefined;
    });

  it('reads each new reply and shows its suggestion, reasons and details on the row', async () => {
    const ooo = await suggested(ids.ooo!, 'out_of_office');
    expect(ooo.suggestion!.returnDate).toBe('2027-01-05');
    expect(ooo.suggestion!.reasons.length).toBeGreaterThan(0);
    for (const reason of ooo.suggestion!.reasons)
      expect(`${replies.ooo!.subject} ${replies.ooo!.body}`).toContain(reason);
    const removal = await suggested(ids.removal!, 'not_interested');
    expect(removal.suggestion!.doNotContact).toBe(true);
    const wrong = await suggested(ids.wrong!, 'wrong_person');
    expect(wrong.suggestion!.referral?.email).toBe('jane.doe@acme-example.com');
    // The pass has finished the whole store: "Who is this?" got no suggestion.
    await until('every reply read', async () =>
      (await row(ids.unclear!)).suggestion === null &&
      (await acc.handlers['threads.counts'](A)).bySuggestion.out_of_office !== undefined
        ? true
        : undefined,
    );
    expect((await row(ids.unclear!)).suggestion).toBeNull();
  });

  it('groups the Inbox by suggestion: the folder lists exactly the threads its count says', async () => {
    const counts = await acc.handlers['threads.counts'](A);
    for (const [status, n] of Object.entries(counts.bySuggestion)) {
      const list = await acc.handlers['threads.list']({
        ...A,
        view: 'suggested',
        suggested: status as 'out_of_office',
        offset: 0,
        limit: 500,
      });
      expect(list.total).toBe(n);
      for (const r of list.rows) {
        expect(r.status).toBe('open');
        expect(r.suggestion?.status).toBe(status);
      }
    }
    expect(counts.bySuggestion.wrong_person).toBeGreaterThanOrEqual(1);
  });

  it('accepting sets each status on the service, snoozes the absence until the morning after the return, holds the removal for the undo', async () => {
    const picked = [ids.ooo!, ids.removal!, ids.wrong!, ids.unclear!];
    const r = await acc.handlers['threads.acceptSuggestions']({ ...A, threadIds: picked });
    // The thread without a suggestion is left alone.
    expect(r.previous.map((p) => p.threadId).sort()).toEqual([ids.ooo!, ids.removal!, ids.wrong!].sort());
    expect(r.byStatus).toEqual({ out_of_office: 1, not_interested: 1, wrong_person: 1 });
    expect(r.dncOutboxIds).toHaveLength(1);
    const ooo = await row(ids.ooo!);
    expect(ooo.status).toBe('out_of_office');
    expect(new Date(ooo.snoozedUntil!).getTime()).toBe(new Date(2027, 0, 6, 8).getTime());
    expect((await row(ids.unclear!)).status).toBe('open');
    const c = serverClient(h.sb);
    await until('the statuses on the service', async () => {
      const [a, b, d] = await Promise.all([ids.ooo!, ids.removal!, ids.wrong!].map((id) => c.getThread(id)));
      return a!.status === 'out_of_office' && b!.status === 'not_interested' && d!.status === 'wrong_person'
        ? true
        : undefined;
    });
    const dnc = (await acc.handlers['outbox.list'](A)).find((e) => e.id === r.dncOutboxIds[0]);
    expect(dnc?.state).toBe('pending');
    expect(await acc.handlers['threads.suggestionStats'](A)).toEqual({ accepted: 3, overridden: 0 });

    // The undo: everything back, on the service too, and the held removal never leaves.
    const undone = await acc.handlers['threads.restoreAccepted']({
      ...A,
      previous: r.previous,
      dncOutboxIds: r.dncOutboxIds,
    });
    expect(undone.dncSent).toBe(0);
    for (const id of [ids.ooo!, ids.removal!, ids.wrong!]) {
      const back = await row(id);
      expect(back.status).toBe('open');
      expect(back.snoozedUntil).toBeNull();
    }
    await until('open again on the service', async () => {
      const all = await Promise.all([ids.ooo!, ids.removal!, ids.wrong!].map((id) => c.getThread(id)));
      return all.every((t) => t.status === 'open') ? true : undefined;
    });
    expect((await acc.handlers['outbox.list'](A)).some((e) => e.id === r.dncOutboxIds[0])).toBe(false);
    expect(h.sb.stats().requests).toBeGreaterThan(0);
    expect(await acc.handlers['threads.suggestionStats'](A)).toEqual({ accepted: 0, overridden: 0 });
  });

  it('an absent prospect comes back: when the snooze of an out-of-office thread ends, it is open again', async () => {
    await acc.handlers['threads.setStatus']({ ...A, threadId: ids.ooo!, status: 'out_of_office' });
    await acc.handlers['threads.snooze']({
      ...A,
      threadIds: [ids.ooo!],
      until: new Date(Date.now() + 300).toISOString(),
    });
    expect((await row(ids.ooo!)).status).toBe('out_of_office');
    const learned = await acc.handlers['threads.suggestionStats'](A);
    expect(learned).toEqual({ accepted: 1, overridden: 0 });
    await new Promise((r) => setTimeout(r, 400));
    // The engine looks when it starts and every minute; a restart looks at once.
    await acc.stop();
    acc = h.open({ outOfOfficeDays: () => 7 });
    acc.start();
    const back = await until('the thread open again', async () => {
      const r = await row(ids.ooo!);
      return r.status === 'open' ? r : undefined;
    });
    expect(back.unread).toBe(true);
    const inbox = await acc.handlers['threads.list']({ ...A, view: 'inbox', offset: 0, limit: 500 });
    expect(inbox.rows.some((t) => t.id === ids.ooo)).toBe(true);
    // Not the rep's verdict: their own verdict stays what their model learns from.
    expect(await acc.handlers['threads.suggestionStats'](A)).toEqual(learned);
  });

  it('learns from the rep: after three verdicts on the same kind of reply, the next one is suggested so', async () => {
    const inbox = await acc.handlers['threads.list']({ ...A, view: 'inbox', offset: 0, limit: 60 });
    const fresh = inbox.rows.filter((r) => !Object.values(ids).includes(r.id)).slice(-4);
    fresh.forEach((r, i) =>
      h.sb.admin.addMessage(r.id, {
        direction: 'inbound',
        bodyHtml: `<p>Let me think about it and get back to you by ${i + 2} pm.</p>`,
        subject: 'Re: Quick question',
      }),
    );
    await acc.syncNow();
    const last = fresh[3]!.id;
    // Read, and no suggestion: the team's model does not know this reply.
    await until('the replies read', async () => {
      const r = await row(last);
      return r.snippet?.includes('think about it') && (await acc.handlers['threads.counts'](A))
        ? r
        : undefined;
    });
    await new Promise((r) => setTimeout(r, 300));
    expect((await row(last)).suggestion).toBeNull();
    for (const t of fresh.slice(0, 3))
      await acc.handlers['threads.setStatus']({ ...A, threadId: t.id, status: 'interested' });
    const taught = await until('the suggestion learned', async () => {
      const r = await row(last);
      return r.suggestion?.status === 'interested' ? r : undefined;
    });
    expect(taught.suggestion!.reasons.length).toBeGreaterThan(0);
    expect((await acc.handlers['threads.suggestionStats'](A)).overridden).toBe(0);
  });
});
