// How every account handler answers: each failure as an AppError (what the window shows), and a
// call to the service noting what its outcome says about the network and the key.
import type { AccountChannel, AccountHandlers } from '../../../shared/contract';
import { toAppError } from '../../api/errors';
import { AppError } from '../../errors';
import type { AccountContext } from '../context';
import type { Engine } from '../engine';

/** The handlers of some of the account channels (one feature's). */
export type FeatureHandlers<C extends AccountChannel> = Pick<AccountHandlers, C>;
export type Feature<C extends AccountChannel> = (ctx: AccountContext, engine: Engine) => FeatureHandlers<C>;

/** Runs a handler body, turning every failure into an AppError. */
export async function guard<T>(fn: () => T | Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw toAppError(err);
  }
}

/** Runs a request to the service: its outcome tells whether the service is reachable. */
export async function online<T>(ctx: AccountContext, fn: () => Promise<T>): Promise<T> {
  try {
    const r = await fn();
    ctx.setOnline(true);
    return r;
  } catch (err) {
    ctx.observe(err);
    throw toAppError(err);
  }
}

export const threadGone = (): AppError => new AppError('not_found', 'That thread is no longer here.');
export const campaignGone = (): AppError => new AppError('not_found', 'That campaign is no longer here.');
