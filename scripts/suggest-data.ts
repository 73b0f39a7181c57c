// Writes the team's labelled replies (data/suggest/train.jsonl and heldout.jsonl) from the phrase
// pools below: what prospects write back to cold e-mails, in seven languages, with greetings,
// sign-offs, quoted history and forwarded chains around it. Every pool is split in two: the first
// half of each pool's entries builds the training replies, the second half only the held-out
// ones, so the held-out part is phrasing the model has never seen. Deterministic (one seed).
//
//   npx tsx scripts/suggest-data.ts
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

type Label =
  'interested' | 'meeting_booked' | 'not_interested' | 'out_of_office' | 'wrong_person' | 'unclear';
type Lang = 'en' | 'de' | 'fr' | 'es' | 'nl' | 'pt' | 'it';

interface Line {
  subject: string;
  body: string;
  label: Label;
  lang: Lang;
  sentAt: string;
  returnDate?: string;
  doNotContact?: boolean;
}

let seed = 20261125;
const rnd = (): number => {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
/** One half of a pool: train takes the even entries, held-out the odd ones. */
const half = <T>(xs: readonly T[], heldout: boolean): T[] => xs.filter((_, i) => i % 2 === (heldout ? 1 : 0));

const NAMES = [
  'Anna',
  'Jonas',
  'Marie',
  'Lucas',
  'Sofia',
  'Pieter',
  'Giulia',
  'João',
  'Emma',
  'Carlos',
  'Sam',
  'Priya',
];
const SURNAMES = [
  'Schmidt',
  'Dubois',
  'García',
  'de Vries',
  'Rossi',
  'Silva',
  'Miller',
  'Okafor',
  'Novak',
  'Lindqvist',
];
const COMPANIES = ['acme', 'northwind', 'globex', 'initech', 'umbrella', 'vandelay', 'hooli', 'stark'];

const GREET: Record<Lang, string[]> = {
  en: ['Hi Alex,', 'Hello,', 'Hey there,', 'Dear Alex,', '', 'Alex -'],
  de: ['Hallo Alex,', 'Sehr geehrter Herr Berger,', 'Guten Tag,', ''],
  fr: ['Bonjour,', 'Bonjour Alex,', 'Madame, Monsieur,', ''],
  es: ['Hola Alex,', 'Buenos días,', 'Estimado Alex:', ''],
  nl: ['Hoi Alex,', 'Beste Alex,', 'Goedemiddag,', ''],
  pt: ['Olá Alex,', 'Bom dia,', 'Prezado Alex,', ''],
  it: ['Ciao Alex,', 'Buongiorno,', 'Gentile Alex,', ''],
};
const SIGN: Record<Lang, string[]> = {
  en: ['Best,', 'Thanks,', 'Regards,', 'Cheers,', 'Kind regards,', 'Sent from my iPhone', ''],
  de: ['Viele Grüße', 'Mit freundlichen Grüßen', 'Beste Grüße', ''],
  fr: ['Cordialement,', 'Bien à vous,', 'Bonne journée,', ''],
  es: ['Saludos,', 'Un saludo,', 'Atentamente,', ''],
  nl: ['Met vriendelijke groet,', 'Groeten,', ''],
  pt: ['Atenciosamente,', 'Abraços,', 'Cumprimentos,', ''],
  it: ['Cordiali saluti,', 'Saluti,', 'Un saluto,', ''],
};
/** A tagline under the signature with words that would mislead if the signature were read. */
const TAGLINES = [
  'Acme Corp | We help teams who are interested in growth',
  'Not interested in spam? Neither are we. | Globex',
  'Northwind Traders - out of the office, into the field',
  'Booked a meeting with us? Check our calendar at hooli.example',
];
const QUOTED = [
  'On Tue, 17 Nov 2026 at 09:12, Alex Berger <alex@outreach.example> wrote:\n> Hi, I noticed your team is growing fast. Are you interested in a quick call?\n> We help companies book more meetings.',
  '-----Original Message-----\nFrom: Alex Berger <alex@outreach.example>\nSent: Monday, November 16, 2026 10:03 AM\nSubject: Quick question\n\nWould you be interested in booking a demo next week? Not interested? Just let me know.',
  'Am 16.11.2026 um 10:03 schrieb Alex Berger <alex@outreach.example>:\n> Hätten Sie Interesse an einem kurzen Termin?',
  'Le lun. 16 nov. 2026 à 10:03, Alex Berger <alex@outreach.example> a écrit :\n> Seriez-vous intéressé par une démo ?',
];
const SUBJECTS = [
  'Re: Quick question',
  'Re: Idea for {company}',
  'RE: Meeting next week?',
  'Re: {company} + Outreach',
  'Re: Following up',
];

const MONTHS: Record<Lang, string[]> = {
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
  de: [
    'Januar',
    'Februar',
    'März',
    'April',
    'Mai',
    'Juni',
    'Juli',
    'August',
    'September',
    'Oktober',
    'November',
    'Dezember',
  ],
  fr: [
    'janvier',
    'février',
    'mars',
    'avril',
    'mai',
    'juin',
    'juillet',
    'août',
    'septembre',
    'octobre',
    'novembre',
    'décembre',
  ],
  es: [
    'enero',
    'febrero',
    'marzo',
    'abril',
    'mayo',
    'junio',
    'julio',
    'agosto',
    'septiembre',
    'octubre',
    'noviembre',
    'diciembre',
  ],
  nl: [
    'januari',
    'februari',
    'maart',
    'april',
    'mei',
    'juni',
    'juli',
    'augustus',
    'september',
    'oktober',
    'november',
    'december',
  ],
  pt: [
    'janeiro',
    'fevereiro',
    'março',
    'abril',
    'maio',
    'junho',
    'julho',
    'agosto',
    'setembro',
    'outubro',
    'novembro',
    'dezembro',
  ],
  it: [
    'gennaio',
    'febbraio',
    'marzo',
    'aprile',
    'maggio',
    'giugno',
    'luglio',
    'agosto',
    'settembre',
    'ottobre',
    'novembre',
    'dicembre',
  ],
};

/** A day as each language writes it: "3 December", "3. Dezember", "03.12.", "3 de diciembre". */
function dayIn(lang: Lang, d: Date, style: number): string {
  const day = d.getUTCDate();
  const m = d.getUTCMonth();
  const dd = String(day).padStart(2, '0');
  const mm = String(m + 1).padStart(2, '0');
  switch (lang) {
    case 'en':
      return [
        `${day} ${MONTHS.en[m]}`,
        `${MONTHS.en[m]} ${day}`,
        `${MONTHS.en[m]} ${day}, ${d.getUTCFullYear()}`,
      ][style % 3]!;
    case 'de':
      return [`${day}. ${MONTHS.de[m]}`, `${dd}.${mm}.`, `${dd}.${mm}.${d.getUTCFullYear()}`][style % 3]!;
    case 'fr':
      return [`${day} ${MONTHS.fr[m]}`, `${dd}/${mm}/${d.getUTCFullYear()}`][style % 2]!;
    case 'es':
      return [`${day} de ${MONTHS.es[m]}`, `${dd}/${mm}/${d.getUTCFullYear()}`][style % 2]!;
    case 'nl':
      return [`${day} ${MONTHS.nl[m]}`, `${dd}-${mm}-${d.getUTCFullYear()}`][style % 2]!;
    case 'pt':
      return [`${day} de ${MONTHS.pt[m]}`, `${dd}/${mm}/${d.getUTCFullYear()}`][style % 2]!;
    case 'it':
      return [`${day} ${MONTHS.it[m]}`, `${dd}/${mm}/${d.getUTCFullYear()}`][style % 2]!;
  }
}

/** Absence notices: {back} is the day the prospect is back; {until} the last day away. */
const OOO: Record<Lang, string[]> = {
  en: [
    'Thank you for your email. I am out of the office and will be back on {back}. For urgent matters please contact {colleague}.',
    'I am currently on annual leave with limited access to email. I will return on {back}.',
    'Automatic reply: I’m away until {back} and will respond when I’m back.',
    'I am on parental leave until {until} inclusive. During this time I will not be checking email.',
    'Thanks for your message! I’m travelling with no access to email. Back in the office on {back}.',
    'I’m out of office until {until} inclusive. Your message will not be forwarded.',
  ],
  de: [
    'Vielen Dank für Ihre Nachricht. Ich bin bis einschließlich {until} nicht im Büro und ab dem {back} wieder erreichbar.',
    'Ich bin im Urlaub und ab dem {back} wieder im Büro. In dringenden Fällen wenden Sie sich bitte an {colleague}.',
    'Ich bin derzeit abwesend und habe keinen Zugriff auf meine E-Mails. Ab {back} bin ich wieder zurück.',
    'Ich befinde mich bis zum {until} in Elternzeit. Ihre Nachricht wird nicht weitergeleitet.',
  ],
  fr: [
    'Bonjour, je suis absente du bureau jusqu’au {until} inclus. Je serai de retour le {back}.',
    'Je suis en congés avec un accès limité à mes e-mails. De retour le {back}. Pour toute urgence, contactez {colleague}.',
    'Merci pour votre message. Je suis actuellement en déplacement et serai de retour le {back}.',
    'Je suis en vacances jusqu’au {until}. Je traiterai votre message à mon retour.',
  ],
  es: [
    'Gracias por su mensaje. Estaré fuera de la oficina hasta el {until}. Vuelvo el {back}.',
    'Estoy de vacaciones con acceso limitado al correo. Regreso el {back}. Para temas urgentes escriba a {colleague}.',
    'Me encuentro ausente hasta el {until}. Responderé a su correo a mi regreso.',
    'Estoy fuera de la oficina por un viaje de trabajo. Estaré de vuelta el {back}.',
  ],
  nl: [
    'Bedankt voor je bericht. Ik ben afwezig tot en met {until} en weer aanwezig op {back}.',
    'Ik ben met vakantie en heb beperkte toegang tot mijn e-mail. Vanaf {back} ben ik weer op kantoor.',
    'Ik ben niet op kantoor tot {back}. Voor dringende zaken kun je contact opnemen met {colleague}.',
    'Ik ben op vakantie en terug op {back}.',
  ],
  pt: [
    'Obrigado pelo seu e-mail. Estou fora do escritório e volto no dia {back}.',
    'Estou de férias com acesso limitado ao e-mail até {until}. Retorno em {back}.',
    'Estarei ausente até {until}. Para assuntos urgentes, entre em contato com {colleague}.',
    'Estou de férias. De volta em {back}.',
  ],
  it: [
    'Grazie per il messaggio. Sono fuori ufficio fino al {until} e rientro il {back}.',
    'Sono in ferie con accesso limitato alla posta. Sarò di ritorno il {back}.',
    'Sono assente fino al {until}. Per urgenze contattare {colleague}.',
    'Sono in vacanza e rientro in ufficio il {back}.',
  ],
};
const OOO_SUBJECT: Record<Lang, string[]> = {
  en: ['Automatic reply: {subject}', 'Out of Office: {subject}', 'Auto-Reply: {subject}', 'Re: {subject}'],
  de: ['Abwesenheitsnotiz: {subject}', 'Automatische Antwort: {subject}'],
  fr: ['Réponse automatique : {subject}', 'Absence : {subject}'],
  es: ['Respuesta automática: {subject}', 'Fuera de la oficina: {subject}'],
  nl: ['Automatisch antwoord: {subject}', 'Afwezig: {subject}'],
  pt: ['Resposta automática: {subject}', 'Ausência: {subject}'],
  it: ['Risposta automatica: {subject}', 'Fuori ufficio: {subject}'],
};

const REMOVE: Record<Lang, string[]> = {
  en: [
    'Please remove me from your list.',
    'Unsubscribe.',
    'Stop emailing me. This is the third time.',
    'Take me off your mailing list, thanks.',
    'Please do not contact me again.',
    'Remove my email address from your database, please.',
  ],
  de: [
    'Bitte nehmen Sie mich aus Ihrem Verteiler.',
    'Bitte austragen.',
    'Kontaktieren Sie mich bitte nicht mehr.',
    'Löschen Sie meine Daten, bitte.',
  ],
  fr: [
    'Merci de me retirer de votre liste.',
    'Désinscrivez-moi, s’il vous plaît.',
    'Ne me contactez plus.',
    'Arrêtez de m’écrire, merci.',
  ],
  es: [
    'Por favor, denme de baja.',
    'No me escriba más, gracias.',
    'Quíteme de su lista.',
    'Dejen de escribirme.',
  ],
  nl: [
    'Graag uitschrijven.',
    'Verwijder mij uit jullie bestand.',
    'Mail me niet meer.',
    'Haal me van de lijst aub.',
  ],
  pt: [
    'Por favor, me remova da sua lista.',
    'Não me envie mais e-mails.',
    'Parem de me enviar mensagens.',
    'Quero descadastrar meu e-mail.',
  ],
  it: [
    'Per favore rimuovetemi dalla lista.',
    'Non scrivetemi più.',
    'Cancellatemi dalla vostra mailing list.',
    'Smettete di scrivermi, grazie.',
  ],
};

const WRONG: Record<Lang, string[]> = {
  en: [
    'I’m not the right person for this. Please reach out to {colleague} who runs our sales team.',
    'I left {company} last year, so I can’t help. Try {colleague}.',
    'Wrong contact, sorry. {colleague} handles purchasing decisions here.',
    'I no longer work at {company}. You may want to contact {colleague} instead.',
    'This isn’t my area. {colleague} would be the right person to talk to.',
    'I don’t handle marketing tools anymore; please speak with {colleague}.',
  ],
  de: [
    'Ich bin dafür nicht der richtige Ansprechpartner. Bitte wenden Sie sich an {colleague}.',
    'Ich arbeite nicht mehr bei {company}. Zuständig ist jetzt {colleague}.',
    'Dafür bin ich nicht zuständig, schreiben Sie bitte an {colleague}.',
    'Ich habe das Unternehmen verlassen. Kontaktieren Sie bitte {colleague}.',
  ],
  fr: [
    'Je ne suis pas la bonne personne. Merci de contacter {colleague}.',
    'Je ne travaille plus chez {company}. Adressez-vous à {colleague}.',
    'Ce n’est pas le bon interlocuteur, voyez plutôt avec {colleague}.',
    'J’ai quitté l’entreprise en juin. Vous pouvez contacter {colleague}.',
  ],
  es: [
    'No soy la persona adecuada. Por favor, contacte con {colleague}.',
    'Ya no trabajo en {company}. Escriba a {colleague}.',
    'No soy el responsable de esto; hable con {colleague}.',
    'He dejado la empresa. La persona indicada es {colleague}.',
  ],
  nl: [
    'Ik ben niet de juiste persoon hiervoor. Neem contact op met {colleague}.',
    'Ik werk niet meer bij {company}. Mail naar {colleague}.',
    'Hier ga ik niet over, {colleague} wel.',
    'Ik heb het bedrijf verlaten. Neem contact op met {colleague}.',
  ],
  pt: [
    'Não sou a pessoa certa para isso. Entre em contato com {colleague}.',
    'Não trabalho mais na {company}. Fale com {colleague}.',
    'Não sou o responsável por essa área; contate {colleague}.',
    'Saí da empresa no mês passado. Fale com {colleague}.',
  ],
  it: [
    'Non sono la persona giusta. Contattate {colleague}.',
    'Non lavoro più per {company}. Scrivete a {colleague}.',
    'Non mi occupo di questo, rivolgetevi a {colleague}.',
    'Ho lasciato l’azienda. Potete contattare {colleague}.',
  ],
};

const NOT_INTERESTED: Record<Lang, string[]> = {
  en: [
    'Not interested, thanks.',
    'We’re all set on this front.',
    'Thanks, but this isn’t a fit for us.',
    'We already have a solution we’re happy with.',
    'No thank you.',
    'Not a priority for us right now or in the foreseeable future.',
    'We will pass.',
    'We don’t need this.',
    'Appreciate it, but we’re not looking for anything like this.',
    'Not relevant for us, sorry.',
  ],
  de: [
    'Kein Interesse, danke.',
    'Wir haben keinen Bedarf.',
    'Nein danke, wir haben bereits eine Lösung.',
    'Das brauchen wir nicht.',
  ],
  fr: [
    'Pas intéressé, merci.',
    'Non merci, ce n’est pas pour nous.',
    'Nous n’avons pas besoin de cela.',
    'Aucun intérêt pour nous.',
  ],
  es: ['No nos interesa, gracias.', 'No estamos interesados.', 'No, gracias.', 'No necesitamos esto.'],
  nl: ['Geen interesse, bedankt.', 'Nee, dank je.', 'Geen behoefte aan.', 'Niet geïnteresseerd.'],
  pt: ['Não temos interesse, obrigado.', 'Não, obrigado.', 'Não precisamos disso.', 'Sem interesse.'],
  it: ['Non ci interessa, grazie.', 'No grazie.', 'Non siamo interessati.', 'Non abbiamo bisogno.'],
};

const INTERESTED: Record<Lang, string[]> = {
  en: [
    'This sounds interesting. Can you send me more information?',
    'I’m interested. What does pricing look like for a team of 20?',
    'Tell me more — how does it work with HubSpot?',
    'Yes, we are interested. Let’s set up a call next week.',
    'Happy to chat. What times work for you on Thursday?',
    'Could you send over the deck and some case studies?',
    'Interesting timing, we were just looking at this. Can we schedule a demo?',
    'Sure, I’d love to learn more. How much would it cost for our sales team?',
    'We are definitely interested. Who else on my team should join?',
    'Let’s find a time to talk. I’m free Tuesday afternoon.',
  ],
  de: [
    'Klingt interessant. Können Sie mir mehr Informationen schicken?',
    'Wir sind interessiert, wann passt Ihnen ein Gespräch?',
    'Gerne, schicken Sie mir bitte mehr Infos.',
    'Ich bin interessiert. Was kostet das?',
  ],
  fr: [
    'Cela m’intéresse. Pouvez-vous m’envoyer plus d’informations ?',
    'Je suis intéressé, quand êtes-vous disponible ?',
    'Volontiers, envoyez-moi une présentation.',
    'Nous sommes intéressés par une démo.',
  ],
  es: [
    'Me interesa. ¿Puede enviarme más información?',
    'Estamos interesados, ¿cuándo podemos hablar?',
    'Suena bien, envíeme los precios.',
    'Estoy interesado en una demo.',
  ],
  nl: [
    'Klinkt interessant. Kun je meer informatie sturen?',
    'We zijn geïnteresseerd, wanneer kunnen we bellen?',
    'Ik ben geïnteresseerd, stuur me de prijzen.',
    'Graag meer informatie.',
  ],
  pt: [
    'Tenho interesse. Pode me enviar mais informações?',
    'Estamos interessados, quando podemos conversar?',
    'Estou interessado, qual é o preço?',
    'Gostaria de mais informações.',
  ],
  it: [
    'Mi interessa. Può mandarmi più informazioni?',
    'Siamo interessati, quando possiamo sentirci?',
    'Sono interessato, quanto costa?',
    'Vorrei più informazioni, grazie.',
  ],
};

const MEETING: Record<Lang, string[]> = {
  en: [
    'I just booked a slot for Thursday at 2pm via your link. See you then.',
    'Accepted the calendar invite, talk on Monday.',
    'I’ve scheduled a call for next Tuesday. Looking forward to it.',
    'Booked a time on your calendar for Friday morning.',
    'Invite accepted — see you on Wednesday.',
    'I grabbed a slot on your calendar for tomorrow at 10.',
  ],
  de: [
    'Ich habe einen Termin für Donnerstag gebucht. Bis dann!',
    'Einladung angenommen, bis Montag.',
    'Termin ist eingetragen, bis Dienstag.',
  ],
  fr: [
    'J’ai réservé un créneau jeudi à 14h. À jeudi !',
    'Invitation acceptée, à lundi.',
    'Rendez-vous confirmé pour mardi.',
  ],
  es: [
    'He reservado una reunión para el jueves. Nos vemos.',
    'Invitación aceptada, hablamos el lunes.',
    'Reunión confirmada para el martes.',
  ],
  nl: ['Ik heb een afspraak ingepland voor donderdag. Tot dan!', 'Uitnodiging geaccepteerd, tot maandag.'],
  pt: ['Agendei uma reunião para quinta-feira. Até lá!', 'Convite aceito, até segunda.'],
  it: ['Ho prenotato una call per giovedì. A presto!', 'Invito accettato, ci vediamo lunedì.'],
};

const UNCLEAR: string[] = [
  'Who is this?',
  'How did you get my email address?',
  'What is this about?',
  'Oh great, another cold email. Just what I needed today.',
  'Not right now, but maybe check back in Q3 when budgets reset.',
  'Can you tell me which company you are with?',
  'Is this automated?',
  'Let me think about it and get back to you.',
  'Forwarding to my team to take a look.',
  'We might revisit this next year.',
  'Interesting. What makes you different from Outreach and Apollo?',
  'I’ll discuss it with my boss.',
  'Thanks for reaching out.',
  'Hmm.',
  'Can you resend this? The formatting is broken on my phone.',
  'Yeah right, because the 5th follow-up always works.',
  'We’re reorganizing, ping me after the summer.',
  'Why do you keep writing to this address?',
];

const colleagueOf = (lang: Lang): string => {
  const name = pick(NAMES);
  const surname = pick(SURNAMES);
  const company = pick(COMPANIES);
  const email = `${name.toLowerCase().replace('ã', 'a')}.${surname.toLowerCase().replace(/[^a-z]/g, '')}@${company}.example`;
  return pick([
    `${name} ${surname} (${email})`,
    email,
    `${name} ${surname}`,
    `my colleague ${name} ${surname} at ${email}`,
  ]).replace('my colleague', lang === 'en' ? 'my colleague' : '');
};

function iso(d: Date): string {
  return d.toISOString().slice(0, 10);
}

function wrap(
  lang: Lang,
  core: string,
  heldout: boolean,
  extra: { quoted?: boolean; tagline?: boolean } = {},
): string {
  const parts = [pick(GREET[lang]), core];
  const sign = pick(SIGN[lang]);
  if (sign) parts.push(`${sign}\n${pick(NAMES)}`);
  if (extra.tagline) parts.push(pick(TAGLINES));
  if (extra.quoted) parts.push(pick(half(QUOTED, heldout).length ? half(QUOTED, heldout) : QUOTED));
  const text = parts.filter(Boolean).join('\n\n');
  // A share of replies come as HTML, as mail clients send them.
  if (rnd() < 0.3)
    return text
      .split('\n\n')
      .map((p) =>
        p.startsWith('>') || p.startsWith('On ') || p.startsWith('Am ') || p.startsWith('Le ')
          ? `<blockquote>${p.replace(/\n/g, '<br>')}</blockquote>`
          : `<p>${p.replace(/\n/g, '<br>')}</p>`,
      )
      .join('');
  return text;
}

const LANGS: Lang[] = ['en', 'de', 'fr', 'es', 'nl', 'pt', 'it'];

function make(heldout: boolean, count: Record<Label, number>): Line[] {
  const out: Line[] = [];
  const base = Date.UTC(2026, 10, 2, 8, 0);
  const sentAt = (): Date =>
    new Date(base + Math.floor(rnd() * 40) * 86_400_000 + Math.floor(rnd() * 10) * 3_600_000);
  const subject = (): string =>
    pick(SUBJECTS).replace(
      '{company}',
      pick(COMPANIES).replace(/^./, (c) => c.toUpperCase()),
    );
  const fill = (s: string, lang: Lang): string =>
    s.replace('{colleague}', colleagueOf(lang)).replace(
      '{company}',
      pick(COMPANIES).replace(/^./, (c) => c.toUpperCase()),
    );
  for (let i = 0; i < count.out_of_office; i++) {
    const lang = LANGS[i % LANGS.length]!;
    const at = sentAt();
    const back = new Date(at.getTime() + (2 + Math.floor(rnd() * 20)) * 86_400_000);
    const until = new Date(back.getTime() - 86_400_000);
    const style = Math.floor(rnd() * 3);
    const core = fill(pick(half(OOO[lang], heldout)), lang)
      .replace('{back}', dayIn(lang, back, style))
      .replace('{until}', dayIn(lang, until, style));
    const subj = pick(OOO_SUBJECT[lang]).replace('{subject}', subject().replace(/^R[Ee]: /, ''));
    out.push({
      subject: subj,
      body: wrap(lang, core, heldout),
      label: 'out_of_office',
      lang,
      sentAt: at.toISOString(),
      returnDate: iso(back),
    });
  }
  for (let i = 0; i < count.not_interested; i++) {
    const lang = i % 3 === 0 ? LANGS[(i / 3) % LANGS.length]! : 'en';
    const remove = i % 2 === 0;
    const pool = remove ? REMOVE[lang] : NOT_INTERESTED[lang];
    const line: Line = {
      subject: subject(),
      body: wrap(lang, fill(pick(half(pool, heldout)), lang), heldout, {
        quoted: rnd() < 0.4,
        tagline: rnd() < 0.2,
      }),
      label: 'not_interested',
      lang,
      sentAt: sentAt().toISOString(),
    };
    if (remove) line.doNotContact = true;
    out.push(line);
  }
  for (let i = 0; i < count.wrong_person; i++) {
    const lang = LANGS[i % LANGS.length]!;
    out.push({
      subject: subject(),
      body: wrap(lang, fill(pick(half(WRONG[lang], heldout)), lang), heldout, { quoted: rnd() < 0.4 }),
      label: 'wrong_person',
      lang,
      sentAt: sentAt().toISOString(),
    });
  }
  for (let i = 0; i < count.interested; i++) {
    const lang = i % 4 === 0 ? LANGS[(i / 4) % LANGS.length]! : 'en';
    out.push({
      subject: subject(),
      body: wrap(lang, fill(pick(half(INTERESTED[lang], heldout)), lang), heldout, {
        quoted: rnd() < 0.5,
        tagline: rnd() < 0.2,
      }),
      label: 'interested',
      lang,
      sentAt: sentAt().toISOString(),
    });
  }
  for (let i = 0; i < count.meeting_booked; i++) {
    const lang = i % 3 === 0 ? LANGS[(i / 3) % LANGS.length]! : 'en';
    out.push({
      subject: subject(),
      body: wrap(lang, pick(half(MEETING[lang], heldout)), heldout, { quoted: rnd() < 0.5 }),
      label: 'meeting_booked',
      lang,
      sentAt: sentAt().toISOString(),
    });
  }
  for (let i = 0; i < count.unclear; i++) {
    out.push({
      subject: subject(),
      body: wrap('en', pick(half(UNCLEAR, heldout)), heldout, { quoted: rnd() < 0.6, tagline: rnd() < 0.3 }),
      label: 'unclear',
      lang: 'en',
      sentAt: sentAt().toISOString(),
    });
  }
  // Shuffled, so a file read in order is not sorted by label.
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const dir = join(import.meta.dirname, '..', 'data', 'suggest');
const write = (name: string, lines: Line[]) =>
  writeFileSync(join(dir, name), lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
const train = make(false, {
  out_of_office: 84,
  not_interested: 70,
  wrong_person: 56,
  interested: 50,
  meeting_booked: 30,
  unclear: 50,
});
const heldout = make(true, {
  out_of_office: 42,
  not_interested: 30,
  wrong_person: 28,
  interested: 24,
  meeting_booked: 14,
  unclear: 24,
});
write('train.jsonl', train);
write('heldout.jsonl', heldout);
console.log(`train ${train.length}, held-out ${heldout.length}`);
