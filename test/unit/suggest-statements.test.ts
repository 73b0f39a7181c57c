// Answers said as statements or in a word or two (data/suggest/kinds.jsonl holds the replies that
// get a verdict): here, the sentences built like them that must get none, or not that one. A
// thing gone is no person gone, "let me know" is no "never mind", a switch of provider is no
// departure, curiosity about where the address came from is no interest, a comparison with what
// the prospect already uses is a question.
import { describe, expect, it } from 'vitest';
import { suggest } from '../../electron/core/suggest/index';

const s = (body: string) =>
  suggest({ subject: 'Re: Quick question', body, sentAt: '2026-11-25T10:00:00.000Z' }).status;

/** Each reply gets some other suggestion than `status`, or none (the reply named if it fails). */
function noneAre(status: string, bodies: string[]): void {
  for (const body of bodies) expect([body, s(body)]).not.toEqual([body, status]);
}

describe('short statements near a verdict', () => {
  it('a thing that is gone, or a provider switched, is no person gone', () => {
    noneAre('wrong_person', [
      'Het boek is weg.',
      'De link is weg, kun je hem opnieuw sturen?',
      'O e-mail saiu ontem.',
      'Die Mail ist weg.',
      'Wir haben gewechselt.',
    ]);
  });

  it('"let me know" and "let it be known" are no "never mind"', () => {
    noneAre('not_interested', ['Laat maar weten wanneer het past.', 'Lassen Sie es mich wissen.']);
  });

  it('curiosity about where the address came from is no interest', () => {
    noneAre('interested', [
      'Mich würde interessieren, woher Sie meine Daten haben.',
      'Ik wil weten hoe u aan mijn gegevens komt.',
      'Vorrei capire come avete avuto il mio indirizzo.',
      'Je serais curieux de savoir où avez-vous trouvé mon adresse.',
    ]);
  });

  it('a date not yet fixed, or a removal noted, is no booking', () => {
    noneAre('meeting_booked', ['Der Termin steht noch nicht.', 'Uw afmelding is genoteerd.']);
  });

  it('a comparison with what the prospect already uses, or an absence until a day, is no interest or booking', () => {
    expect(s('How does it compare to what we already use?')).toBeNull();
    expect(s("Je suis absent jusqu'à jeudi.")).not.toBe('meeting_booked');
  });
});
