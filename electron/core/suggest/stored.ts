// A reply as the store holds it, read into the suggestion its thread keeps (what the window shows):
// the one step both the account's pass and the classifier's own thread run.
import type { ThreadSuggestion } from '../../shared/contract';
import { suggest, type Learned } from './index';

/** The prospect's newest reply of a thread, as read from the store. */
export interface StoredReply {
  subject: string | null;
  bodyText: string | null;
  bodyHtml: string | null;
  sentAt: string | null;
}

/** Reads batches of replies elsewhere (the classifier's thread, host/classifier-client.ts). */
export interface Classifier {
  /** The replies' suggestions in order, read with the rep's model `version` of `account`; null
   *  when it cannot answer (the caller reads them itself). */
  classify(
    replies: StoredReply[],
    learned: { account: string; version: string; model: Learned },
  ): Promise<(ThreadSuggestion | null)[] | null>;
  /** Ends it; later batches answer null. */
  close(): Promise<void>;
}

export function toSuggestion(r: StoredReply, learned: Learned): ThreadSuggestion | null {
  if (r.bodyText === null && r.bodyHtml === null) return null;
  const body = r.bodyText && r.bodyText.trim() !== '' ? r.bodyText : (r.bodyHtml ?? '');
  const s = suggest({ subject: r.subject ?? '', body, ...(r.sentAt ? { sentAt: r.sentAt } : {}) }, learned);
  if (s.status === null) return null;
  return {
    status: s.status,
    confidence: Math.round(s.confidence * 100) / 100,
    reasons: s.reasons.slice(0, 6),
    ...(s.returnDate ? { returnDate: s.returnDate } : {}),
    ...(s.referral ? { referral: s.referral } : {}),
    ...(s.doNotContact ? { doNotContact: true } : {}),
  };
}
