// Sets of thread ids for one action. Plain (not reactive): they are built, read and dropped at once.
export function idSet(ids: Iterable<string>): ReadonlySet<string> {
  return new Set(ids);
}
