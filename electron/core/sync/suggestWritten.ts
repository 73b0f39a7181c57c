// Suggested verdicts for the replies a batch of messages brought, read in the batch's own
// transaction (on the writer's thread during a pull): the reply is already in the page cache and the
// suggestion is written with it, so the background pass (account/suggestions.ts) no longer reads
// each reply again, sends it to the classifier's thread and writes it back in a transaction of its
// own while the sync runs. Both read with the same rep's model (learnedOf) and the same step
// (toSuggestion), so a thread gets the same suggestion either way.
import { emptyLearned, learn, SUGGEST_VERSION, type Learned } from '../suggest/index';
import { toSuggestion } from '../suggest/stored';
import type { Store } from '../store/index';

/** The rep's latest verdicts their model learns from. */
const LEARN_FROM = 2000;
/** The most a batch spends reading its replies here (about 100 replies at a quarter of a
 *  millisecond each): past it the rest stay due for the background pass, so a slow reading never
 *  holds the sync's next batches back. At least one reply is read per batch. */
export const INLINE_BUDGET_MS = 50;

const models = new WeakMap<Store, { version: string; learned: Learned }>();

/** The rep's model as their verdicts in this store make it, rebuilt when those changed. */
export function learnedOf(s: Store): { version: string; learned: Learned } {
  const version = s.suggestions.outcomesVersion();
  const held = models.get(s);
  if (held && held.version === version) return held;
  const learned = emptyLearned();
  for (const o of s.suggestions.learningSet(LEARN_FROM).reverse()) {
    const body = o.bodyText.trim() !== '' ? o.bodyText : o.bodyHtml;
    learn(learned, { subject: o.subject, body }, o.given as Parameters<typeof learn>[2]);
  }
  const model = { version, learned };
  models.set(s, model);
  return model;
}

/** Reads each of `threadIds` that waits for a suggestion and stores what is suggested, within
 *  INLINE_BUDGET_MS (the rest are left to the pass). Call inside
 *  the transaction that wrote their messages. A store whose classifier changed is left to the
 *  background pass, which reads every reply again first. */
export function suggestWritten(s: Store, threadIds: readonly string[]): void {
  if (s.syncState.get('suggest_version') !== String(SUGGEST_VERSION)) return;
  let learned: Learned | null = null;
  const until = performance.now() + INLINE_BUDGET_MS;
  for (const id of threadIds) {
    const r = s.suggestions.dueOf(id);
    if (!r) continue;
    learned ??= learnedOf(s).learned;
    s.suggestions.write(r.rid, r.replyRid, toSuggestion(r, learned));
    if (performance.now() > until) return;
  }
}
