// The thread list and one thread: windows of a list, counts, search, the open thread's detail,
// verdicts (a status, through the outbox) and the local-only marks (read, snoozed, in view). Reads
// answer from SQLite, online or not.
import { localReplies } from '../../outbox/kinds/reply';
import { restoreThreadStatuses, setThreadStatuses } from '../../outbox/kinds/threadStatus';
import { READS } from '../../reads';
import { guard, threadGone, type Feature } from './guard';

type Channels =
  | 'threads.list'
  | 'threads.counts'
  | 'threads.get'
  | 'threads.setStatus'
  | 'threads.setStatusMany'
  | 'threads.restoreStatuses'
  | 'threads.markRead'
  | 'threads.inView'
  | 'threads.snooze'
  | 'search';

export const threadHandlers: Feature<Channels> = (ctx, engine) => ({
  'threads.list': (q) => guard(() => READS['threads.list'](ctx.db().threads, q)),
  'threads.counts': () => guard(() => READS['threads.counts'](ctx.db().threads)),
  'threads.get': ({ threadId }) =>
    guard(async () => {
      const s = ctx.db();
      await engine.fetchMissingMessages(s, threadId);
      if (!ctx.isOpen(s)) throw threadGone();
      // A read writes nothing: the window marks the thread read when it opens it (threads.markRead).
      const thread = s.threads.get(threadId);
      if (!thread) return null;
      return {
        thread,
        messages: [...s.messages.list(threadId), ...localReplies(s.db, threadId)],
        lead: s.leads.get(thread.prospectId),
        otherThreads: s.threads.others(thread.prospectId, threadId),
        draft: s.local.draft(threadId),
      };
    }),
  'threads.setStatus': ({ threadId, status }) =>
    guard(() => {
      const r = setThreadStatuses(ctx.db(), [threadId], status);
      if (r.previous.length === 0) throw threadGone();
      ctx.changed(['threads', 'outbox'], [threadId]);
      engine.pushSoon();
      engine.suggester.relearnSoon();
      return r;
    }),
  'threads.setStatusMany': ({ threadIds, status }) =>
    guard(() => {
      const r = setThreadStatuses(ctx.db(), threadIds, status);
      ctx.changed(['threads', 'outbox'], threadIds);
      engine.pushSoon();
      engine.suggester.relearnSoon();
      return r;
    }),
  'threads.restoreStatuses': ({ previous }) =>
    guard(() => {
      if (restoreThreadStatuses(ctx.db(), previous) === 0) throw threadGone();
      ctx.changed(
        ['threads', 'outbox'],
        previous.map((p) => p.threadId),
      );
      engine.pushSoon();
      engine.suggester.relearnSoon();
    }),
  'threads.markRead': ({ threadIds, read }) =>
    guard(() => {
      const s = ctx.db();
      s.tx(() => s.threads.markRead(threadIds, read));
      ctx.changed(['unread'], threadIds);
    }),
  'threads.inView': ({ threadIds }) => guard(() => engine.setInView(threadIds)),
  'threads.snooze': ({ threadIds, until }) =>
    guard(() => {
      const s = ctx.db();
      // None of them here (a Rebuild has not brought them back yet): said, not silently kept nowhere.
      if (s.tx(() => s.threads.snooze(threadIds, until)) === 0) throw threadGone();
      ctx.changed(['threads'], threadIds);
    }),
  search: ({ query, limit }) =>
    guard(() => ({
      threads: ctx.db().threads.search(query, limit),
      leads: ctx.db().leads.top(query, limit),
    })),
});
