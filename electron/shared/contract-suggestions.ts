// The records of suggested verdicts: a thread's suggestion, what accepting did (for its undo), and
// how often the rep took them. Plain types, re-exported by contract-records.ts.
import type { SuggestedVerdict } from './contract-values';

/** A suggested verdict, computed on the device from the prospect's own words. */
export interface ThreadSuggestion {
  status: SuggestedVerdict;
  /** 0..1 */
  confidence: number;
  /** The words of the reply (or its subject) that decided it, as written. */
  reasons: string[];
  /** An absence's day of return (YYYY-MM-DD), where the reply names one. */
  returnDate?: string;
  /** The person the reply names as the right contact. */
  referral?: { name?: string; email?: string };
  /** The prospect asked not to be contacted again. */
  doNotContact?: boolean;
}

/** What accepting suggestions did, kept by the window for its undo. */
/** A verdict the rep gave on a thread, against what was suggested then: what the suggestions
 *  learn from and the acceptance figure counts. */
export interface VerdictOutcome {
  suggested: SuggestedVerdict | null;
  given: SuggestedVerdict;
  at: string;
  /** The reply the verdict was given on (what the suggestions learn from). */
  messageId?: string | null;
}

export interface AcceptResult {
  /** Each thread's status, snooze and verdict outcome before, of the threads that changed. */
  previous: {
    threadId: string;
    status: string;
    snoozedUntil: string | null;
    outcome?: VerdictOutcome | null;
  }[];
  /** Do-not-contact entries queued, still waiting (undo drops them while they wait). */
  dncOutboxIds: number[];
  /** How many took each verdict. */
  byStatus: Record<string, number>;
}

/** How often the rep took the app's suggestions (verdicts given on threads that had one). */
export interface SuggestionStats {
  accepted: number;
  overridden: number;
}
