// Taking the app's suggested verdicts: one key for the thread in view, or every thread of a
// Suggested folder at once (one change through the outbox, one undo). An absence also snoozes the
// thread until the prospect is back; a removal also puts the prospect on the do-not-contact list.
import { ACCEPT_GROUP_MAX, type AcceptResult } from '../../../shared/contract';
import { addDnc } from '../../outbox/kinds/dnc';
import { restoreThreadStatuses, setThreadStatuses } from '../../outbox/kinds/threadStatus';
import type { Store } from '../../store/index';
import { guard, threadGone, type Feature } from './guard';
import { wakeAt } from '../../../shared/absence';

/** A removal waits this long before it leaves, so the accept's undo can still take it back. */
export const DNC_HOLD_MS = 30_000;
function accept(s: Store, threadIds: string[], days: number): AcceptResult {
  return s.tx(() => {
    const result: AcceptResult = { previous: [], dncOutboxIds: [], byStatus: {} };
    const dnc: string[] = [];
    for (const id of threadIds) {
      const thread = s.threads.get(id);
      // Only what waits for a verdict; a thread the rep triaged meanwhile keeps their verdict.
      if (!thread || thread.status !== 'open') continue;
      const suggestion = s.suggestions.storedOf(id);
      if (!suggestion) continue;
      const [before] = setThreadStatuses(s, [id], suggestion.status).previous;
      result.previous.push({ ...before!, snoozedUntil: thread.snoozedUntil });
      result.byStatus[suggestion.status] = (result.byStatus[suggestion.status] ?? 0) + 1;
      if (suggestion.status === 'out_of_office')
        s.threads.snooze([id], wakeAt(suggestion.returnDate, days).toISOString());
      if (suggestion.doNotContact && thread.prospectEmail) dnc.push(thread.prospectEmail);
    }
    if (dnc.length > 0)
      result.dncOutboxIds.push(addDnc(s, dnc, new Date(Date.now() + DNC_HOLD_MS).toISOString()));
    return result;
  });
}

export const suggestionHandlers: Feature<
  | 'threads.acceptSuggestions'
  | 'threads.acceptSuggestedGroup'
  | 'threads.restoreAccepted'
  | 'threads.suggestionStats'
> = (ctx, engine) => {
  const acceptAndTell = (s: Store, threadIds: string[]): AcceptResult => {
    const r = accept(s, threadIds, ctx.config.outOfOfficeDays?.() ?? 7);
    ctx.changed(
      ['threads', 'outbox'],
      r.previous.map((p) => p.threadId),
    );
    engine.pushSoon();
    engine.suggester.relearnSoon();
    return r;
  };
  return {
    'threads.acceptSuggestions': ({ threadIds }) => guard(() => acceptAndTell(ctx.db(), threadIds)),
    'threads.acceptSuggestedGroup': ({ group }) =>
      guard(() => {
        const s = ctx.db();
        return acceptAndTell(s, s.suggestions.groupIds(group, ACCEPT_GROUP_MAX));
      }),
    'threads.restoreAccepted': ({ previous, dncOutboxIds }) =>
      guard(() => {
        const s = ctx.db();
        const { restored, kept } = s.tx(() => {
          const restored = restoreThreadStatuses(s, previous);
          for (const p of previous) s.threads.snooze([p.threadId], p.snoozedUntil);
          // A removal that already left stays on the service's list (it cannot be taken back there).
          return { restored, kept: dncOutboxIds.filter((id) => s.outbox.discard(id) !== 'ok').length };
        });
        if (restored === 0 && dncOutboxIds.length === 0) throw threadGone();
        ctx.changed(
          ['threads', 'outbox'],
          previous.map((p) => p.threadId),
        );
        engine.pushSoon();
        engine.suggester.relearnSoon();
        return { dncSent: kept };
      }),
    'threads.suggestionStats': () => guard(() => ctx.db().suggestions.stats()),
  };
};
