// Realistic searches and list windows, built from rows of the store itself: what a rep types
// (a name, a company, part of a word while typing, an address, words of a subject, a title) and
// where a rep looks (the Inbox, a status, a campaign, an email account, anywhere in the list).
import type { StoreSample } from './store-reads';
import { below, pickOne, rng } from './rng';

const words = (s: string): string[] => s.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 3);

export function searchQueries(sample: StoreSample, n: number, seed = 7): string[] {
  const r = rng(seed);
  const out: string[] = [];
  const kinds: ((i: number) => string | undefined)[] = [
    (i) => `${sample.people[i]?.first} ${sample.people[i]?.last}`,
    (i) => sample.people[i]?.company,
    (i) => sample.people[i]?.last,
    (i) => sample.people[i]?.email,
    (i) => sample.people[i]?.first?.slice(0, 3), // typing: the first letters of a name
    (i) => sample.people[i]?.company?.slice(0, 4),
    (i) =>
      words(sample.subjects[i] ?? '')
        .slice(0, 2)
        .join(' '),
    (i) => sample.leads[i]?.title,
    (i) => sample.leads[i]?.industry,
    (i) => `${sample.people[i]?.first} ${sample.people[i]?.company?.split(' ')[0] ?? ''}`,
  ];
  for (let i = 0; out.length < n; i++) {
    const q = pickOne(r, kinds)(i % sample.people.length)?.trim();
    if (q && /[\p{L}\p{N}]/u.test(q)) out.push(q.slice(0, 200));
  }
  return out;
}

export interface WindowInput {
  view: 'inbox' | 'all' | 'snoozed' | 'status';
  status?: string;
  campaignId?: string;
  emailAccountId?: string;
  offset: number;
  limit: number;
}

/** Windows of 100 rows at offsets spread over each view's size (`totals` of the view answer it). */
export function windowInputs(sample: StoreSample, n: number, seed = 11): Omit<WindowInput, 'offset'>[] {
  const r = rng(seed);
  const out: Omit<WindowInput, 'offset'>[] = [];
  for (let i = 0; i < n; i++) {
    const k = below(r, 5);
    if (k === 0) out.push({ view: 'inbox', limit: 100 });
    else if (k === 1) out.push({ view: 'all', limit: 100 });
    else if (k === 2) out.push({ view: 'status', status: pickOne(r, sample.statuses), limit: 100 });
    else if (k === 3) out.push({ view: 'all', campaignId: pickOne(r, sample.campaignIds), limit: 100 });
    else out.push({ view: 'inbox', emailAccountId: pickOne(r, sample.emailAccountIds), limit: 100 });
  }
  return out;
}

/** Spreads offsets over [0, total): the top, the middle, the very end. */
export function offsetsFor(totals: number[], seed = 13): number[] {
  const r = rng(seed);
  return totals.map((t) => (t <= 100 ? 0 : below(r, t - 99)));
}
