// Replies that speak of an absence or of "later" and want the offer all the same: what the rep
// must do next is follow up with an interested lead, not snooze an absent one. And questions that
// mock the sender are no buying questions. Sentences written here, in the seven languages.
import { describe, expect, it } from 'vitest';
import { suggest } from '../../electron/core/suggest/index';

const SENT = '2026-11-10T09:00:00.000Z';
const s = (body: string, subject = 'Re: Quick question') => suggest({ subject, body, sentAt: SENT });
const status = (body: string, subject?: string) => s(body, subject).status;

describe('interest beside an absence', () => {
  it('an automatic reply with the person’s own note asking for something is Interested, with the day back', () => {
    // The day back: "bis einschließlich 24.11." is back on the 25th.
    const notes: [string, string, string][] = [
      [
        'Automatic reply: Route planning',
        'I am away from the office until 24 November with no access to email.\n\nPersonal note: this one I do want to see, send me a price for 40 vehicles and I will read it on my return.',
        '2026-11-24',
      ],
      [
        'Automatische Antwort: Ihre Anfrage',
        'Ich bin bis einschließlich 24.11. nicht im Büro.\n\nPersönliche Anmerkung: Das Thema interessiert uns, schicken Sie mir bitte Unterlagen.',
        '2026-11-25',
      ],
      [
        'Réponse automatique : Planning',
        "Je suis absente jusqu'au 24 novembre.\n\nPetit mot personnel : votre solution m'intéresse, recontactez-moi à mon retour.",
        '2026-11-24',
      ],
      [
        'Out of Office: Re: Invoices',
        'Not an automatic message: I am off until 24 November, but this caught my attention. Please send the deck.',
        '2026-11-24',
      ],
    ];
    for (const [subject, body, back] of notes) {
      const got = s(body, subject);
      expect([subject, got.status]).toEqual([subject, 'interested']);
      expect([subject, got.returnDate]).toEqual([subject, back]);
    }
  });

  it('an automatic reply whose note asks nothing stays Out of office', () => {
    expect(
      status(
        'I am out of the office until 24 November.\n\nP.S. Urgent orders, please call the front desk.',
        'Automatic reply: Route planning',
      ),
    ).toBe('out_of_office');
  });

  it('a person on leave or travelling who wants the offer is Interested, in every language', () => {
    for (const body of [
      'I am off on parental leave from Monday until the end of January. Keen on the demo though, please follow up in February.',
      'Ich gehe nächste Woche in Elternzeit. Das Thema ist bei uns aber akut, melden Sie sich bitte im März.',
      'Je suis en congé maternité à partir de lundi, mais votre offre nous intéresse. Relancez-moi en mars.',
      'Estoy de vacaciones hasta el día 20, pero me interesa mucho. Escríbeme a la vuelta.',
      'Ik ben tot en met vrijdag op vakantie. Dit zoeken we al lang, bel me volgende week.',
      'Estou de férias até dia 20, mas interessa-nos bastante. Fale comigo quando eu voltar.',
      'Sono in ferie fino al 20, però la vostra proposta mi interessa. Mi riscriva la settimana dopo.',
    ])
      expect([body, status(body)]).toEqual([body, 'interested']);
  });

  it('a bare "happy to talk after that" beside an absence stays Out of office', () => {
    expect(status('I am on holiday until Friday. Happy to talk after that.')).toBe('out_of_office');
  });
});

describe('interested, but later', () => {
  it('later with the offer wanted is Interested', () => {
    for (const body of [
      'Reach out in January, I would love to see a demo then.',
      'Not right now, we are mid-audit. But I really want to talk about this, revisit in March.',
      'Im nächsten Quartal gern, ich will das wirklich angehen.',
      "Plus tard, en février : le sujet m'intéresse vraiment.",
    ])
      expect([body, status(body)]).toEqual([body, 'interested']);
  });

  it('a vague later, or later with a no, gets no Interested', () => {
    for (const body of [
      'Maybe next year.',
      'Not right now, check back in Q3.',
      'Nächstes Jahr vielleicht.',
      'Not interested now, maybe next year.',
    ])
      expect([body, status(body)]).not.toEqual([body, 'interested']);
  });
});

describe('questions that mock the sender', () => {
  it('get no verdict', () => {
    for (const body of [
      'A scheduling tool for a two-person bakery? Seriously?',
      'Een CRM voor een zzp’er? Hebben jullie überhaupt gekeken naar wie je mailt?',
      "Est-ce un humain qui m'écrit, ou un robot ?",
      'Noch ein Tool, na klar. Und wer soll das bedienen?',
      'Did you write this yourself or was it ChatGPT? The placeholder is still in it.',
    ])
      expect([body, status(body)]).toEqual([body, null]);
  });
});
