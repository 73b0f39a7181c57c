// The reply classifier: each language's absences (with the day they are back), removals and
// wrong people; the hard cases (quoted history, taglines, sarcasm, "not now"); the model equal to
// what its data trains; the rep's corrections changing later suggestions; and the quality gate on
// the held-out replies the model never trained on.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { evaluate, formatEvaluation, readJsonl } from '../../electron/core/suggest/evaluate';
import { emptyLearned, learn, suggest, trainModel } from '../../electron/core/suggest/index';
import shipped from '../../electron/core/suggest/model.json';
import { referralOf } from '../../electron/core/suggest/referral';

const SENT = '2026-11-25T10:00:00.000Z'; // a Wednesday
const s = (body: string, subject = 'Re: Quick question') => suggest({ subject, body, sentAt: SENT });

describe('absences in seven languages, with the day the prospect is back', () => {
  it.each([
    ['Automatic reply: Idea', 'I am out of the office and will be back on 3 December.', '2026-12-03'],
    ['Re: Idea', 'I am out of the office until December 10 inclusive.', '2026-12-11'],
    ['Re: Idea', 'Out of office until Monday with limited access to email.', '2026-11-30'],
    [
      'Abwesenheitsnotiz: Idee',
      'Ich bin bis einschließlich 4. Januar nicht im Büro und ab dem 5. Januar wieder erreichbar.',
      '2027-01-05',
    ],
    ['Abwesenheitsnotiz: Idee', 'Ich bin im Urlaub und ab dem 02.12. wieder im Büro.', '2026-12-02'],
    ['Réponse automatique : Idée', 'Je suis absente, de retour le lundi 7 décembre.', '2026-12-07'],
    ['Respuesta automática: Idea', 'Estoy de vacaciones. Vuelvo el 9 de diciembre.', '2026-12-09'],
    ['Automatisch antwoord: Idee', 'Ik ben met vakantie en weer op kantoor vanaf 11-12-2026.', '2026-12-11'],
    ['Resposta automática: Ideia', 'Estou de férias. De volta em 29 de novembro.', '2026-11-29'],
    ['Risposta automatica: Idea', 'Sono in ferie e rientro il 14 dicembre.', '2026-12-14'],
    // "ab" inside "trabalho" is no "ab dem": the last day away, back the day after.
    ['Resposta automática: Ideia', 'Estou em viagem a trabalho até 2 de dezembro.', '2026-12-03'],
    ['Automatische Antwort: Idee', 'Ich bin auf Dienstreise bis zum 2. Dezember.', '2026-12-03'],
  ])('%s', (subject, body, back) => {
    const r = s(body, subject);
    expect(r.status).toBe('out_of_office');
    expect(r.returnDate).toBe(back);
    expect(r.confidence).toBeGreaterThanOrEqual(0.95);
    for (const reason of r.reasons) expect(`${subject}\n${body}`).toContain(reason);
  });

  it('an absence that names a colleague gives the colleague as the contact', () => {
    const r = s('I am on leave until 8 December. For urgent matters please contact jane.doe@acme.example.');
    expect(r.status).toBe('out_of_office');
    expect(r.referral?.email).toBe('jane.doe@acme.example');
  });
});

describe('a day to call back is no absence', () => {
  it.each(['Call me back Friday please.', 'Can you ring us back Monday?', 'Please email me back Tuesday.'])(
    '"back" after a call or an email asked for is no return from leave: %s',
    (body) => {
      expect(s(body).status).not.toBe('out_of_office');
    },
  );
});

describe('away is not gone', () => {
  it.each([
    ['Re: Idée', "Il est parti en vacances jusqu'au 3 décembre, il vous répondra à son retour."],
    ['Re: Ideia', 'Ela saiu em viagem de trabalho e volta na segunda.'],
  ])(
    'a colleague away on holiday or a trip is out of office, never the wrong person: %s',
    (subject, body) => {
      expect(s(body, subject).status).toBe('out_of_office');
    },
  );

  it('an automatic reply away until a day of two digits is an absence, back the day after', () => {
    const r = s('Bedankt voor uw bericht. Ik ben vrij tot en met 12 december.', 'Automatisch antwoord: Idee');
    expect(r.status).toBe('out_of_office');
    expect(r.returnDate).toBe('2026-12-13');
  });
});

describe('a thing that stopped working is no person gone', () => {
  it.each([
    'Jullie koppeling met Exact werkt niet meer sinds de update. Kunnen jullie daar naar kijken?',
    'De link in je mail werkt niet meer.',
  ])('"werkt niet meer" about a tool or a link never makes the prospect the wrong person: %s', (body) => {
    expect(s(body, 'Re: Vraagje').status).not.toBe('wrong_person');
  });
  it.each([
    'Pieter werkt hier niet meer.',
    'Mevrouw De Vries werkt niet meer bij ons, probeer info@bedrijf.example.',
  ])('a person who no longer works here still is: %s', (body) => {
    expect(s(body, 'Re: Vraagje').status).toBe('wrong_person');
  });
});

describe('a thanks under the greeting', () => {
  it('a thanks under the greeting opens the message: what follows it is read', () => {
    const r = s('Hi Sam,\n\nThanks!\nCould you send over some more info on pricing?');
    expect(r.status).toBe('interested');
    expect(r.reasons).toContain('Could you send over some more');
  });
});

describe('removals and wrong people', () => {
  it.each([
    'Please remove me from your list.',
    'Unsubscribe.',
    'Bitte austragen.',
    'Merci de me retirer de votre liste.',
    'Por favor, denme de baja.',
    'Graag uitschrijven.',
    'Por favor, me remova da sua lista.',
    'Per favore rimuovetemi dalla lista.',
  ])('"%s" is a removal', (body) => {
    const r = s(body);
    expect(r.status).toBe('not_interested');
    expect(r.doNotContact).toBe(true);
  });

  it.each([
    ['I am not the right person. Please reach out to Jane Doe (jane@acme.example).', 'jane@acme.example'],
    [
      'Ich bin nicht der richtige Ansprechpartner. Bitte wenden Sie sich an anna.schmidt@firma.example.',
      'anna.schmidt@firma.example',
    ],
    ['Je ne travaille plus chez Acme. Adressez-vous à marc@acme.example.', 'marc@acme.example'],
    ['Ya no trabajo en Globex. Escriba a lucia@globex.example.', 'lucia@globex.example'],
  ])('"%s" is the wrong person, pointing to %s', (body, email) => {
    const r = s(body);
    expect(r.status).toBe('wrong_person');
    expect(r.referral?.email).toBe(email);
  });
});

describe('hard cases', () => {
  it('the quoted history and the signature never decide', () => {
    const quoted =
      'Who is this?\n\nOn Tue, 17 Nov 2026 at 09:12, Alex <alex@x.example> wrote:\n> Are you interested in a call? Not interested? Unsubscribe here.';
    expect(s(quoted).status).toBeNull();
    expect(
      s('Not relevant for us, sorry.\n\nThanks,\nCarlos\n\nNorthwind - out of the office, into the field')
        .status,
    ).toBe('not_interested');
  });

  it('sarcasm, "not now" and questions about who writes get no verdict', () => {
    expect(s('Oh great, another cold email. Just what I needed today.').status).toBeNull();
    expect(s('Not right now, but maybe check back in Q3 when budgets reset.').status).toBeNull();
    expect(s('How did you get my email address?').status).toBeNull();
  });

  it('interest, bookings and a plain no in HTML mail', () => {
    expect(s('<p>Sounds interesting. What does pricing look like for 20 seats?</p>').status).toBe(
      'interested',
    );
    expect(s('<div>Invite accepted, see you on Wednesday.</div>').status).toBe('meeting_booked');
    expect(s('<p>We already have a solution we are happy with.</p>').status).toBe('not_interested');
  });
});

describe('the model', () => {
  it('is exactly what its labelled replies train (retraining changes nothing)', () => {
    const lines = [
      'data/suggest/train.jsonl',
      'data/suggest/kinds.jsonl',
      'data/suggest/train-blind-hard.jsonl',
      'data/suggest/train-blind-everyday.jsonl',
      'data/suggest/train-blind-mixed.jsonl',
      'data/suggest/train-blind-mixed-intent.jsonl',
      'data/suggest/train-blind-everyday2.jsonl',
      'data/suggest/train-blind-hard2.jsonl',
    ]
      .flatMap((f) => readJsonl(readFileSync(f, 'utf8')))
      .map((l) => ({
        subject: String(l.subject),
        body: String(l.body),
        label: String(l.label),
      }));
    expect(JSON.parse(JSON.stringify(trainModel(lines)))).toEqual(shipped);
  });

  it('learns from the rep: after three corrections the same kind of reply gets their verdict', () => {
    const learned = emptyLearned();
    const reply = (n: number) => ({
      subject: 'Re: Quick question',
      body: `Let me think about it and get back to you by ${n} pm.`,
    });
    expect(suggest(reply(4), learned).status).toBeNull();
    for (const n of [1, 2, 3]) learn(learned, reply(n), 'interested');
    const after = suggest(reply(5), learned);
    expect(after.status).toBe('interested');
    expect(after.reasons.length).toBeGreaterThan(0);
    // Another rep's model (none) still abstains.
    expect(suggest(reply(5)).status).toBeNull();
  });
});

describe('quality gate on the held-out replies (never trained on)', () => {
  const e = evaluate(readJsonl(readFileSync('data/suggest/heldout.jsonl', 'utf8')));
  it('holds the precision, coverage, return-date and abstention floors', () => {
    expect(e.n).toBeGreaterThanOrEqual(150);
    expect(e.precision!).toBeGreaterThanOrEqual(0.95);
    expect(e.perLabel.out_of_office!.precision!).toBeGreaterThanOrEqual(0.98);
    expect(e.coverage!).toBeGreaterThanOrEqual(0.75);
    expect(e.returnDates.exact / e.returnDates.of).toBeGreaterThanOrEqual(0.9);
    expect(e.unclearLabelled.labelled / e.unclearLabelled.of).toBeLessThanOrEqual(0.1);
  });
});

describe('the hand-written replies (written apart from the labelled set, in everyday phrasing)', () => {
  const e = evaluate(readJsonl(readFileSync('data/suggest/handwritten.jsonl', 'utf8')));
  it('holds the same floors', () => {
    expect(e.n).toBeGreaterThanOrEqual(60);
    expect(e.precision!).toBeGreaterThanOrEqual(0.95);
    expect(e.coverage!).toBeGreaterThanOrEqual(0.75);
    expect(e.returnDates.exact / e.returnDates.of).toBeGreaterThanOrEqual(0.9);
    expect(e.unclearLabelled.labelled / e.unclearLabelled.of).toBeLessThanOrEqual(0.1);
  });
  it("a calendar's acceptance is a booking; 'bis zum 4. Dezember nicht im Büro' is back the 5th", () => {
    expect(suggest({ subject: 'Accepted: Intro call', body: 'Looking forward to it.' }).status).toBe(
      'meeting_booked',
    );
    expect(
      suggest({
        subject: 'Abwesenheitsnotiz',
        body: 'Ich bin bis zum 4. Dezember nicht im Büro.',
        sentAt: '2026-11-20T09:00:00Z',
      }).returnDate,
    ).toBe('2026-12-05');
  });
});

describe('the evaluation anyone can run', () => {
  it('npm run suggest -- --eval prints the figures of a labelled file and exits 0', () => {
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/suggest.ts', '--eval', 'data/suggest/heldout.jsonl'],
      {
        encoding: 'utf8',
      },
    );
    expect(out).toMatch(/^overall precision (9[5-9]|100)\.\d%/m);
    expect(out).toMatch(/^return date exact \d+\/\d+/m);
    expect(out).toMatch(/^unclear replies given a verdict/m);
  });

  it('counts a tagged file by kind of reply and by language: right, wrong, none', () => {
    const e = evaluate([
      { subject: '', body: 'Not interested, thanks.', label: 'not_interested', kind: 'decline', lang: 'en' },
      { subject: '', body: 'Kein Interesse.', label: 'not_interested', kind: 'decline', lang: 'de' },
      { subject: '', body: 'Who are you?', label: 'interested', kind: 'question', lang: 'en' },
      { subject: '', body: 'Who are you?', label: 'unclear', kind: 'question', lang: 'en' },
    ]);
    expect(e.byKind).toEqual({
      decline: { n: 2, right: 2, wrong: 0, none: 0 },
      question: { n: 2, right: 1, wrong: 0, none: 1 },
    });
    expect(e.byLang.en).toEqual({ n: 3, right: 2, wrong: 0, none: 1 });
    expect(formatEvaluation(e)).toMatch(/^decline\s+2\s+2\s+0\s+0$/m);
  });
});

describe('the contact a reply names', () => {
  it('a cue is a word of its own: "try" inside "industry" names nobody', () => {
    expect(referralOf('Our industry Leaders Summit is next week.')).toBeUndefined();
    expect(referralOf('Try Dana Webb, she owns the budget.')?.referral.name).toBe('Dana Webb');
  });
});

describe('asks read by what they are made of', () => {
  it('a question about where the address came from, or a later call, is no ask and no booking', () => {
    for (const body of [
      'Where did you get my details from?',
      'Woher haben Sie meine Informationen?',
      '¿De dónde ha sacado mis datos e información?',
      'Dove ha preso i miei dettagli?',
      'Email me Monday.',
      'Rufen Sie mich Dienstag an.',
      'No brochure, please.',
      'Tuesday 10am?',
    ])
      expect([body, s(body).status]).toEqual([body, null]);
  });
});

describe('questions and odd bodies', () => {
  it('a no asked as a question is a question; a 2 MB body is read by its start', () => {
    expect(s('How does this compare to what we already use?').status).toBeNull();
    expect(s(`Please remove me from your list.\n${'x '.repeat(1_000_000)}`).doNotContact).toBe(true);
  });
});

describe('declines and removals said at length', () => {
  it('"this isn’t something we’re looking at" is a no, not interest in what they look at', () => {
    const r = s(
      '<div>Thanks Alex, but this isn’t something we’re looking at.</div><div>Best,</div><div>Tom</div>' +
        '<blockquote>On Tue, 24 Nov 2026 at 09:12, Alex Berger wrote:<br>Would you be interested in a demo?</blockquote>',
    );
    expect(r.status).toBe('not_interested');
    expect(r.reasons.join(' ')).toContain('something we’re looking at');
  });

  it('a provider already used, beside a buying question, is interest, not a no', () => {
    for (const body of [
      'We already use HubSpot. Can you send a one-pager on how you compare?',
      'We just renewed our contract with Salesforce. Does your tool integrate with it?',
      'Wir nutzen bereits Salesforce. Was kostet Ihr Tool?',
      'Ya tenemos proveedor, pero envíeme información.',
    ])
      expect([body, s(body).status]).toEqual([body, 'interested']);
    expect(s('We already use Gong and are happy with it.').status).toBe('not_interested');
  });

  it('a provider kept is a no alone, and no no beside an ask', () => {
    expect(s('We built our own tool for this in-house a couple of years ago.').status).toBe('not_interested');
    expect(s('Wir haben gerade erst den Vertrag mit unserem Anbieter verlängert.').status).toBe(
      'not_interested',
    );
    expect(
      s("We're locked in with Gong until 2028, but I'm interested in a demo for next year's review.").status,
    ).not.toBe('not_interested');
    expect(
      s("We built our own dashboard in-house, but I'd love to see how yours compares. Send me a deck?")
        .status,
    ).toBe('interested');
  });

  it('"not now, in a few months" is no decline; a reason is not a deferral', () => {
    expect(
      s('We signed with a competitor, but talk to me in six months when it is up for renewal.').status,
    ).toBeNull();
    expect(s('Per ora no, ma ricontattatemi tra qualche mese.').status).toBeNull();
    expect(s("Thanks for reaching out, but we're focused on other priorities this year.").status).toBe(
      'not_interested',
    );
  });

  it('a data-protection request is a removal; the law named in a question is not', () => {
    for (const body of [
      'Under GDPR, I request that you delete all personal data you hold about me and confirm in writing.',
      'Ich bitte Sie, meine Daten gemäß Art. 17 DSGVO zu löschen.',
      'Nos termos da LGPD, solicito a exclusão dos meus dados.',
    ]) {
      const r = s(body);
      expect([body, r.status, r.doNotContact]).toEqual([body, 'not_interested', true]);
    }
    for (const body of ['Is your tool GDPR compliant?', 'Can I opt out of the auto-renewal?'])
      expect([body, s(body).doNotContact]).toEqual([body, undefined]);
  });

  it('a no in passing and a time that does not suit are no declines', () => {
    expect(s('No problem at all - Tuesday at 2pm works for me.').status).toBe('meeting_booked');
    expect(s('Dienstag passt nicht für uns, aber Mittwoch um 10 Uhr geht.').status).toBe('meeting_booked');
    expect(s('Passiamo a martedì alle 10?').status).toBeNull();
    expect(s('Sorry, tomorrow works better').status).toBe('meeting_booked');
  });

  it('a removal is asked of the sender, not of a file: "Bitte löschen." is one, deleting a deck is none', () => {
    expect(s('Bitte löschen.').doNotContact).toBe(true);
    expect(s('Please take my details off your system.')).toMatchObject({
      status: 'not_interested',
      doNotContact: true,
    });
    expect(
      s('Können Sie die alte Präsentation löschen und mir die neue schicken?').doNotContact,
    ).toBeUndefined();
  });
});
