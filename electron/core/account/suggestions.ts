// Suggested verdicts of one account: a background pass reads the prospect's newest reply of every
// thread marked due (new messages, a new classifier, the rep's model changed) and stores what the
// classifier suggests. It runs in slices between other work (a slice is one short transaction and
// then yields), so a sync, a key or a read never waits for it; the window hears once per slice
// batch that rows changed. Where the core has a classifier's thread (host/classifier-client.ts)
// the replies are read there, and only the store's reads and writes stay on the core's thread. The
// rep's model is learned from their verdicts (suggest_outcomes) and rebuilt when those change.
import { emptyLearned, learn, SUGGEST_VERSION, type Learned } from '../suggest/index';
import { toSuggestion } from '../suggest/stored';
import type { Store } from '../store/index';
import type { ReplyToRead } from '../store/repos/suggestions';
import type { AccountContext } from './context';

/** Threads read per transaction: each is well under a millisecond, so a slice stays short. */
const SLICE = 100;
/** The window hears of new suggestions at most this often while a pass runs. */
const TELL_EVERY_MS = 1000;
/** After the rep's verdicts changed their model, the Inbox is read again this much later (a burst of
 *  verdicts makes one pass). */
const RELEARN_AFTER_MS = 1500;
/** The rep's latest verdicts their model learns from. */
const LEARN_FROM = 2000;

export interface Suggester {
  start(): void;
  stop(): void;
  /** Runs a pass soon (joins the running one). */
  soon(): void;
  /** The rep gave verdicts: their model is learned again and the Inbox read with it, soon. */
  relearnSoon(): void;
}

export function createSuggester(ctx: AccountContext): Suggester {
  let started = false;
  let running = false;
  let again = false;
  let relearnTimer: ReturnType<typeof setTimeout> | null = null;
  let model: { store: Store; version: string; learned: Learned } | null = null;
  const enabled = (): boolean => ctx.config.suggestions?.() ?? true;

  /** The rep's model, rebuilt from their verdicts when those changed. */
  function learnedFor(s: Store): { version: string; learned: Learned } {
    const version = s.suggestions.outcomesVersion();
    if (model && model.store === s && model.version === version) return model;
    const learned = emptyLearned();
    for (const o of s.suggestions.learningSet(LEARN_FROM).reverse()) {
      const body = o.bodyText.trim() !== '' ? o.bodyText : o.bodyHtml;
      learn(learned, { subject: o.subject, body }, o.given as Parameters<typeof learn>[2]);
    }
    model = { store: s, version, learned };
    return model;
  }

  /** The batch's suggestions, in order: on the classifier's thread when there is one. */
  async function classify(batch: ReplyToRead[], version: string, learned: Learned) {
    const away = ctx.config.classifier
      ? await ctx.config.classifier.classify(
          batch.map(({ subject, bodyText, bodyHtml, sentAt }) => ({ subject, bodyText, bodyHtml, sentAt })),
          { account: ctx.id, version, model: learned },
        )
      : null;
    return { made: away ?? batch.map((r) => toSuggestion(r, learned)), away: away !== null };
  }

  async function pass(): Promise<void> {
    let s: Store;
    try {
      s = ctx.db();
    } catch {
      return; // the account says already that its store cannot be opened
    }
    // A new classifier reads every reply again.
    if (s.syncState.get('suggest_version') !== String(SUGGEST_VERSION)) {
      s.tx(() => {
        s.suggestions.allDue();
        s.syncState.set('suggest_version', String(SUGGEST_VERSION));
      });
    }
    let after = 0;
    let told: string[] = [];
    let toldAt = Date.now();
    const tell = (): void => {
      if (told.length > 0 && ctx.isOpen(s)) ctx.changed(['threads'], told);
      told = [];
      toldAt = Date.now();
    };
    while (started && enabled() && ctx.isOpen(s)) {
      const { version, learned } = learnedFor(s);
      const batch = s.suggestions.due(after, SLICE);
      if (batch.length === 0) break;
      const { made, away } = await classify(batch, version, learned);
      if (!started || !enabled() || !ctx.isOpen(s)) break;
      // The rep's verdicts changed the model while the batch was away: read again with the new one.
      if (away && s.suggestions.outcomesVersion() !== version) continue;
      // A thread whose newest reply changed meanwhile stays due (write() checks it).
      s.tx(() => batch.forEach((r, i) => s.suggestions.write(r.rid, r.replyRid, made[i]!)));
      after = batch[batch.length - 1]!.rid;
      for (const r of batch) told.push(r.id);
      if (Date.now() - toldAt >= TELL_EVERY_MS) tell();
      // Whatever waits (a key, a page of the sync, a read) goes before the next slice.
      if (!away) await new Promise((resolve) => setImmediate(resolve));
    }
    tell();
  }

  async function run(): Promise<void> {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        await pass();
      } while (again && started);
    } catch (err) {
      ctx.log.warn('suggesting verdicts failed', { accountId: ctx.id, error: err });
    } finally {
      running = false;
    }
  }

  return {
    start() {
      started = true;
      void run();
    },
    stop() {
      started = false;
      model = null;
      if (relearnTimer) clearTimeout(relearnTimer);
      relearnTimer = null;
    },
    soon() {
      if (started) void run();
    },
    relearnSoon() {
      if (!started || relearnTimer) return;
      relearnTimer = setTimeout(() => {
        relearnTimer = null;
        if (!started) return;
        try {
          const s = ctx.db();
          s.tx(() => s.suggestions.openDue());
        } catch {
          return;
        }
        void run();
      }, RELEARN_AFTER_MS);
    },
  };
}
