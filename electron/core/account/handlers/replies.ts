// Replying: a reply queued in the outbox (sent at most once), the service's suggested reply, the
// draft kept per thread, and the snippets the reply box offers.
import { queueReply } from '../../outbox/kinds/reply';
import { guard, online, threadGone, type Feature } from './guard';

type Channels = 'reply.send' | 'reply.aiSuggestion' | 'drafts.save' | 'snippets.list';

export const replyHandlers: Feature<Channels> = (ctx, engine) => ({
  'reply.send': ({ threadId, bodyHtml, emailAccountId }) =>
    guard(() => {
      const m = queueReply(ctx.db(), threadId, bodyHtml, emailAccountId);
      if (!m) throw threadGone();
      ctx.changed(['threads', 'outbox'], [threadId]);
      engine.pushSoon();
      return m;
    }),
  'reply.aiSuggestion': ({ threadId }) => online(ctx, () => ctx.client().aiReply(threadId)),
  'drafts.save': ({ threadId, bodyHtml }) =>
    guard(() => {
      if (!ctx.db().threads.exists(threadId)) throw threadGone();
      ctx.db().local.saveDraft(threadId, bodyHtml);
    }),
  'snippets.list': () => guard(() => ctx.db().local.snippets()),
});
