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
      // A running sync may have read the service before what the rep expects to see now.
      await engine.syncFresh();
    }),
  'sync.state': () => guard(() => ctx.syncState()),
});
