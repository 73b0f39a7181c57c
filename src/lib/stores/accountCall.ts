// A read for the chosen account that is quiet when there is none or the account went away.
import { errorKind, errorMessage } from '../api';
import { accounts } from './accounts.svelte';

export function forAccount<T>(fn: (accountId: string) => Promise<T>): Promise<T | undefined> {
  const id = accounts.id;
  if (!id) return Promise.resolve(undefined);
  return fn(id).catch((e) => {
    if (errorKind(e) !== 'not_found') console.warn(errorMessage(e));
    return undefined;
  });
}
