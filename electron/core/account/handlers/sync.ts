// Syncing on request, and where the account's sync stands.
import { AppError } from '../../errors';
import { guard, type Feature } from './guard';

export const syncHandlers: Feature<'sync.now' | 'sync.state'> = (ctx, engine) => ({
  'sync.now': () =>
    guard(async () => {
      if (ctx.accountState() === 'auth_failed')
        throw new AppError('auth', 'The API key was refused. Enter a new key for this account.');
      if (ctx.accountState() === 'forbidden')
        throw new AppError('forbidden', 'The API key has no access to this workspace.');
      await engine.syncNow();
    }),
  'sync.state': () => guard(() => ctx.syncState()),
});
