// What the window says of a suggestion: the chip's words and the reply's deciding words marked in
// their place (phrases close together share one excerpt; the subject's are said to be the subject's).
import { describe, expect, it } from 'vitest';
import { wakeAt } from '../../electron/shared/absence';
import { acceptWords, excerpts, suggestionWords } from '../../src/lib/suggestion';

const marked = (e: ReturnType<typeof excerpts>[number]) =>
  e.parts.map((p) => (p.mark ? `[${p.text}]` : p.text)).join('');

describe('suggestion words', () => {
  it('the chip names the verdict with the return day, the referral or the removal', () => {
    const year = new Date().getFullYear();
    expect(
      suggestionWords({ status: 'out_of_office', confidence: 1, reasons: [], returnDate: `${year}-12-03` }),
    ).toBe(
      `Out of office · back ${new Date(year, 11, 3).toLocaleDateString(undefined, { month: 'short', day: 'numeric' })}`,
    );
    expect(
      suggestionWords({
        status: 'wrong_person',
        confidence: 1,
        reasons: [],
        referral: { email: 'jane@acme.com' },
      }),
    ).toBe('Wrong person → jane@acme.com');
    expect(
      suggestionWords({ status: 'not_interested', confidence: 1, reasons: [], doNotContact: true }),
    ).toBe('Not interested · remove');
  });

  it('marks each deciding phrase where it stands, across line breaks, one excerpt per paragraph for phrases close together', () => {
    const text =
      'I am out of the office until next Monday with limited\naccess to email.\n\nFor urgent matters please contact office@acme.com. ' +
      'x'.repeat(200) +
      ' Regards';
    const e = excerpts(
      ['out of the office', 'limited access to email', 'Automatic reply', 'not there'],
      text,
      'Automatic reply: Hi',
    );
    expect(e).toHaveLength(2);
    expect(e[0]!.subject).toBe(true);
    expect(marked(e[0]!)).toBe('[Automatic reply]: Hi');
    expect(e[1]!.subject).toBe(false);
    // The paragraph holding the phrases, not the next one (a signature, a contact line).
    expect(marked(e[1]!)).toBe('I am [out of the office] until next Monday with [limited access to email].');
  });

  it('an excerpt leaves out the greeting and the signature around the paragraph it stands in', () => {
    const text =
      'Hi Ama,\n\nThis sounds interesting. Can you send over pricing and a short case study?\n\nHiroshi Andersson\nBlue Harbor Software';
    const e = excerpts(['send over pricing', 'Blue Harbor'], text, 'Re: Quick question');
    expect(e.map(marked)).toEqual([
      'This sounds interesting. Can you [send over pricing] and a short case study?',
      'Hiroshi Andersson [Blue Harbor] Software',
    ]);
  });

  it('accepting an absence says when the thread comes back: the morning after a day still ahead, else the setting', () => {
    const now = new Date(2026, 10, 25, 12);
    const ooo = (returnDate?: string) => ({
      status: 'out_of_office' as const,
      confidence: 0.95,
      reasons: [],
      ...(returnDate ? { returnDate } : {}),
    });
    expect(acceptWords(ooo('2026-12-03'), 7, now)).toBe(
      'Out of office, and back in the Inbox the morning after Dec 3',
    );
    // The core snoozes for the setting's days then (wakeAt), and the window says the same.
    expect(acceptWords(ooo('2026-11-23'), 7, now)).toBe(
      'Out of office, and back in the Inbox in 7 days (Nov 23, the day they named, has passed)',
    );
    expect(wakeAt('2026-11-23', 7, now)).toEqual(new Date(2026, 11, 2, 8));
    expect(acceptWords(ooo(), 5, now)).toBe('Out of office, and back in the Inbox in 5 days');
  });
});
