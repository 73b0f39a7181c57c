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

describe('answers written between the quoted lines', () => {
  it('are read: the quoted lines are the sender’s, the lines between them the prospect’s', () => {
    const body =
      'Hi Nora,\n\nOn Tue, 1 Dec 2026 at 10:00, Nora Lind <nora@vendor.example> wrote:\n> How do you share contracts with clients today?\n\nBy email, and it is a mess.\n\n> Would a short demo be useful?\n\nYes, send me the pricing for 20 users and a case study.\n\n> Best, Nora\n\nPiet';
    expect(s(body).status).toBe('interested');
  });

  it('a reply above the quote is read as before: the quote is not the prospect’s', () => {
    const body =
      'Not for us, thanks.\n\nOn Tue, 1 Dec 2026 at 10:00, Nora Lind <nora@vendor.example> wrote:\n> Would a short demo be useful? Happy to send pricing too.';
    expect(s(body).status).toBe('not_interested');
  });

  it('a colleague added in copy and asked to look is Interested', () => {
    each('interested', [
      ["J'ajoute Lucie en copie, c'est elle qui gère les achats. Lucie, tu peux regarder ?"],
      ['Aggiungo Marco in copia, se ne occupa lui. Marco, ci dai un’occhiata?'],
    ]);
  });
});
