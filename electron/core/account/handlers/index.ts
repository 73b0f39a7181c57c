// Every account channel's handler, by feature.
import type { AccountHandlers } from '../../../shared/contract';
import type { AccountContext } from '../context';
import type { Engine } from '../engine';
import { AppError } from '../../errors';
import { diskProblem } from '../../store/diskErrors';
import { campaignHandlers } from './campaigns';
import { dncHandlers } from './dnc';
import { emailAccountHandlers } from './emailAccounts';
import { outboxHandlers } from './outbox';
import { replyHandlers } from './replies';
import { suggestionHandlers } from './suggestions';
import { syncHandlers } from './sync';
import { threadHandlers } from './threads';

export function accountHandlers(ctx: AccountContext, engine: Engine): AccountHandlers {
  return saysDiskProblems(ctx, {
    ...threadHandlers(ctx, engine),
    ...replyHandlers(ctx, engine),
    ...campaignHandlers(ctx, engine),
    ...emailAccountHandlers(ctx, engine),
    ...dncHandlers(ctx, engine),
    ...outboxHandlers(ctx, engine),
    ...syncHandlers(ctx, engine),
    ...suggestionHandlers(ctx, engine),
  });
}

/** A write the disk refused (full, read-only) answers in words naming the folder and the room to
 *  make, whichever handler met it: the change is not shown as done, and nothing half-written stays. */
function saysDiskProblems(ctx: AccountContext, handlers: AccountHandlers): AccountHandlers {
  const wrapped: Record<string, (input: never) => Promise<unknown>> = {};
  for (const [channel, handler] of Object.entries(handlers) as [
    string,
    (input: never) => Promise<unknown>,
  ][]) {
    wrapped[channel] = async (input) => {
      try {
        return await handler(input);
      } catch (err) {
        const cause = err instanceof AppError ? (err.cause ?? err) : err;
        const file = ctx.openFile();
        const said = file ? diskProblem(cause, file) : null;
        if (said) throw new AppError('storage', said);
        throw err;
      }
    };
  }
  return wrapped as unknown as AccountHandlers;
}
