// The sending e-mail accounts: the list, their tags, and a signature or tags change (through the
// outbox).
import { updateEmailAccounts } from '../../outbox/kinds/emailAccounts';
import { guard, type Feature } from './guard';

type Channels = 'emailAccounts.list' | 'emailAccounts.update' | 'tags.list';

export const emailAccountHandlers: Feature<Channels> = (ctx, engine) => ({
  'emailAccounts.list': () => guard(() => ctx.db().emailAccounts.list()),
  'emailAccounts.update': ({ emailAccountIds, signature, tags }) =>
    guard(() => {
      updateEmailAccounts(ctx.db(), { emailAccountIds, signature, tags });
      ctx.changed(['emailAccounts', 'outbox']);
      engine.pushSoon();
    }),
  'tags.list': () => guard(() => ctx.db().tags.list()),
});
