// A thread's status (a verdict, or its undo). Each change is a new intent that retires the older
// waiting ones of its thread, and the row shows it at once; the service's status comes back when
// it is discarded.
import type { TriageResult } from '../../../shared/contract';
import { statusLabel } from '../../../shared/labels';
import type { ApiThread } from '../../api/schemas';
import { nowIso } from '../../store/util';
import type { ChangeKind, KindStore } from '../kind';

export interface ThreadStatusPayload {
  status: string;
}

export const threadStatus: ChangeKind<ThreadStatusPayload, ApiThread> = {
  name: 'thread_status',
  label: 'Thread status',
  idempotent: true,
  supersedes: () => true,
  overlay: {
    rows: 'threads',
    lay: (db, id, p) => db.prepare(`UPDATE threads SET status = ? WHERE id = ?`).run(p.status, id),
    restore: (db, id) => db.prepare(`UPDATE threads SET status = server_status WHERE id = ?`).run(id),
  },
  send: (c, e, o) => c.setThreadStatus(e.targetId!, e.payload.status, o),
  apply(store, _e, thread) {
    if (!store.threads.exists(thread._id)) return;
    store.threads.upsertMany([thread]);
    store.outbox.overlay('threads', [thread._id]);
  },
  scope: 'threads',
};

/** Puts threads back to what they were before an action (its undo): their statuses through the
 *  outbox like any change, and the rep's verdicts as they were. Not a verdict given now: the
 *  suggestions learn nothing from it and the acceptance figure does not count it. */
export function restoreThreadStatuses(store: KindStore, previous: TriageResult['previous']): number {
  return store.tx(() => {
    let restored = 0;
    for (const p of previous) {
      // A thread not here (gone from the service, or not yet back after a Rebuild) has nothing to put back.
      if (setThreadStatuses(store, [p.threadId], p.status, { byRep: false }).previous.length === 0) continue;
      store.suggestions.restoreOutcome(p.threadId, p.outcome ?? null);
      restored++;
    }
    return restored;
  });
}

/** Sets the status of threads. Each change is a new intent (an undo too) that retires the older
 *  waiting ones of its thread; the row shows it at once. It is queued even when the row already
 *  shows it: what the rep saw may be older than the service, and a PUT of a value is harmless. */
export function setThreadStatuses(
  store: KindStore,
  ids: string[],
  status: string,
  opts: { byRep?: boolean } = {},
): TriageResult {
  return store.tx(() => {
    const previous: TriageResult['previous'] = [];
    for (const id of ids) {
      const thread = store.threads.get(id);
      if (!thread) continue;
      previous.push({ threadId: id, status: thread.status, outcome: store.suggestions.outcomeOf(id) });
      const who = thread.prospectName || thread.prospectEmail;
      const payload: ThreadStatusPayload = { status };
      store.outbox.add(threadStatus.name, id, payload, `Status of ${who} → ${statusLabel(status)}`);
      // Through the thread repository (not the overlay), so its cached lists and counts follow.
      store.threads.setStatus(id, status);
      // A snooze that has ended says nothing of this verdict (the wake reads it as an absence's).
      store.threads.forgetEndedSnoozes(nowIso(), id);
      // What the rep gave against what was suggested: their model learns from it.
      if (opts.byRep !== false) store.suggestions.recordVerdict(id, status);
    }
    return { previous };
  });
}
