// Every account channel's handler, by feature.
import type { AccountHandlers } from '../../../shared/contract';
import type { AccountContext } from '../context';
import type { Engine } from '../engine';
import { campaignHandlers } from './campaigns';
import { dncHandlers } from './dnc';
import { emailAccountHandlers } from './emailAccounts';
import { outboxHandlers } from './outbox';
import { replyHandlers } from './replies';
import { syncHandlers } from './sync';
import { threadHandlers } from './threads';

export function accountHandlers(ctx: AccountContext, engine: Engine): AccountHandlers {
  return {
    ...threadHandlers(ctx, engine),
    ...replyHandlers(ctx, engine),
    ...campaignHandlers(ctx, engine),
    ...emailAccountHandlers(ctx, engine),
    ...dncHandlers(ctx, engine),
    ...outboxHandlers(ctx, engine),
    ...syncHandlers(ctx, engine),
  };
}
