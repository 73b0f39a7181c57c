// The service's id pattern (one for the whole app, electron/shared/ids.ts), for the forms that take one.
export { OBJECT_ID_PATTERN } from '../../electron/shared/ids';

// Sets of thread ids for one action. Plain (not reactive): they are built, read and dropped at once.
export function idSet(ids: Iterable<string>): ReadonlySet<string> {
  return new Set(ids);
}
