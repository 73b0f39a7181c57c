// Everyday replies said in words the rules did not know: calendar acceptances named "Invitation
// accepted", bounces that say the person or mailbox is gone, removals and departures in other
// words, "interested, but later", a colleague brought in with a word for the idea. Sentences
// written here, in the seven languages.
import { describe, expect, it } from 'vitest';
import { suggest } from '../../electron/core/suggest/index';

const SENT = '2026-11-10T09:00:00.000Z';
const s = (body: string, subject = 'Re: Quick question') => suggest({ subject, body, sentAt: SENT });
const each = (status: string, cases: [string, string?][]) => {
  for (const [body, subject] of cases) expect([body, s(body, subject).status]).toEqual([body, status]);
};

describe('plain answers in more words', () => {
  it('a calendar’s "Invitation accepted" subject, in every language, is Meeting booked', () => {
    each('meeting_booked', [
      ['Ana Ruiz has accepted this invitation.', 'Invitation accepted: Intro call - Tue 1 Dec 10am'],
      ['Ana Ruiz ha aceptado esta invitación.', 'Invitación aceptada: Llamada - mar 1 dic 10:00'],
      ['Ana Ruiz aceitou este convite.', 'Convite aceito: Conversa - ter 1 dez 10:00'],
      ['Ana Ruiz ha accettato questo invito.', 'Invito accettato: Chiamata - mar 1 dic 10:00'],
      ['Ana Ruiz a accepté cette invitation.', 'Invitation acceptée : Appel - mar. 1 déc. 10:00'],
    ]);
  });

  it('a bounce that says the person or the mailbox is gone is Wrong person; a plain bounce gets none', () => {
    each('wrong_person', [
      ['The email address you wrote to is no longer in use.', 'Undeliverable: Quick question'],
      ['Diese Adresse ist nicht mehr aktiv. Frau Kern hat das Unternehmen verlassen.', 'Unzustellbar: Idee'],
      ['Het adres j.smit@voorbeeld.example bestaat niet meer.', 'Onbestelbaar: Korte vraag'],
      ['A conta de destino foi desativada.', 'Não entregue: Pergunta'],
    ]);
    expect(s('Your message could not be delivered. The server will retry.', 'Undeliverable: Hi').status).toBe(
      null,
    );
  });

  it('a removal asked in other words is Not interested, on the do-not-contact list', () => {
    for (const body of [
      'Hören Sie bitte auf, mir zu schreiben.',
      'Por favor, no vuelvas a escribirme.',
      'Hou alsjeblieft op met mailen.',
    ]) {
      const got = s(body);
      expect([body, got.status, got.doNotContact]).toEqual([body, 'not_interested', true]);
    }
  });

  it('a person who says they left, in other words, is Wrong person', () => {
    each('wrong_person', [
      ['Please note that I have now left Harwood Foods. Write to sales@harwood.example instead.'],
      ['Ich bin seit dem Sommer nicht mehr bei der Firma.'],
      ['Me jubilé en octubre, suerte.'],
      ['Ik ben sinds 1 oktober gestopt bij Bakkerij Vos.'],
      ['Non lavoro più lì da marzo.'],
    ]);
  });

  it('"interested, but later" is Interested', () => {
    each('interested', [
      ['Interested, but nothing moves here before February. Write again on 3 February.'],
      ['Interesse ist da, aber erst nach Ostern. Melden Sie sich dann bitte.'],
      ['Intéressé, mais pas avant mars. Recontactez-moi à ce moment-là.'],
      ['Interessata, ma se ne parla a febbraio. Mi riscriva allora.'],
    ]);
  });

  it('a colleague brought in with a word for the idea is Interested', () => {
    each('interested', [
      ['Ik stuur dit door naar Mirjam, die doet de inkoop. Lijkt me wel wat.'],
      ['Vou reencaminhar ao nosso diretor, que é quem decide. Parece-me útil.'],
      ['Giro la mail a Paolo, decide lui. Per me ha senso.'],
    ]);
  });
});
