// The classifier's vocabulary, shared by its parts (index.ts re-exports what the app uses).
import { SUGGESTED_VERDICTS } from '../../shared/contract-values';

/** The verdicts it may suggest: the contract's list (closed and open are the rep's alone). */
export const VERDICTS = SUGGESTED_VERDICTS;
export type Verdict = (typeof VERDICTS)[number];

/** The model's classes: the five verdicts and "unclear" (a reply it should not label). */
export const CLASSES = [...VERDICTS, 'unclear'] as const;
export type Label = (typeof CLASSES)[number];

export interface SuggestInput {
  subject: string;
  /** Text or HTML. */
  body: string;
  /** ISO time the message was sent: the base for "back on Monday". */
  sentAt?: string;
  /** IANA zone of the reader (dates are read as the prospect's calendar day there). */
  timeZone?: string;
  headers?: Record<string, string>;
}

export interface Referral {
  name?: string;
  email?: string;
}

export interface Suggestion {
  /** null: not sure enough to suggest. */
  status: Verdict | null;
  confidence: number;
  /** Exact substrings of the prospect's own text (or subject) that decided it. */
  reasons: string[];
  /** YYYY-MM-DD */
  returnDate?: string;
  referral?: Referral;
  doNotContact?: boolean;
  version: number;
}

/** Word counts per class: the shape of both the shipped model and a rep's learned additions. */
export interface Counts {
  /** Documents per class. */
  docs: Record<Label, number>;
  /** feature → count per class, in CLASSES order. */
  features: Record<string, number[]>;
}

/** What a phrase speaks for: a verdict, a removal, 'not now' or sarcasm (which speak for none), a
 *  reply passed on to a colleague, someone named as the one who decides ("points": the wrong
 *  person only when the reply names them), or a provider kept ("kept": a no only when the reply
 *  asks for nothing). */
export type Group = 'dnc' | Verdict | 'deferral' | 'sarcasm' | 'handover' | 'points' | 'kept';
