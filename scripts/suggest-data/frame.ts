// What surrounds a reply in the labelled set: names, greetings, sign-offs, taglines, quoted
// history, subjects, and a day as each of the seven languages writes it.
export type Lang = 'en' | 'de' | 'fr' | 'es' | 'nl' | 'pt' | 'it';

export const NAMES = [
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
export const SURNAMES = [
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
export const COMPANIES = ['acme', 'northwind', 'globex', 'initech', 'umbrella', 'vandelay', 'hooli', 'stark'];

export const GREET: Record<Lang, string[]> = {
  en: ['Hi Alex,', 'Hello,', 'Hey there,', 'Dear Alex,', '', 'Alex -'],
  de: ['Hallo Alex,', 'Sehr geehrter Herr Berger,', 'Guten Tag,', ''],
  fr: ['Bonjour,', 'Bonjour Alex,', 'Madame, Monsieur,', ''],
  es: ['Hola Alex,', 'Buenos días,', 'Estimado Alex:', ''],
  nl: ['Hoi Alex,', 'Beste Alex,', 'Goedemiddag,', ''],
  pt: ['Olá Alex,', 'Bom dia,', 'Prezado Alex,', ''],
  it: ['Ciao Alex,', 'Buongiorno,', 'Gentile Alex,', ''],
};
export const SIGN: Record<Lang, string[]> = {
  en: ['Best,', 'Thanks,', 'Regards,', 'Cheers,', 'Kind regards,', 'Sent from my iPhone', ''],
  de: ['Viele Grüße', 'Mit freundlichen Grüßen', 'Beste Grüße', ''],
  fr: ['Cordialement,', 'Bien à vous,', 'Bonne journée,', ''],
  es: ['Saludos,', 'Un saludo,', 'Atentamente,', ''],
  nl: ['Met vriendelijke groet,', 'Groeten,', ''],
  pt: ['Atenciosamente,', 'Abraços,', 'Cumprimentos,', ''],
  it: ['Cordiali saluti,', 'Saluti,', 'Un saluto,', ''],
};
/** A tagline under the signature with words that would mislead if the signature were read. */
export const TAGLINES = [
  'Acme Corp | We help teams who are interested in growth',
  'Not interested in spam? Neither are we. | Globex',
  'Northwind Traders - out of the office, into the field',
  'Booked a meeting with us? Check our calendar at hooli.example',
];
export const QUOTED = [
  'On Tue, 17 Nov 2026 at 09:12, Alex Berger <alex@outreach.example> wrote:\n> Hi, I noticed your team is growing fast. Are you interested in a quick call?\n> We help companies book more meetings.',
  '-----Original Message-----\nFrom: Alex Berger <alex@outreach.example>\nSent: Monday, November 16, 2026 10:03 AM\nSubject: Quick question\n\nWould you be interested in booking a demo next week? Not interested? Just let me know.',
  'Am 16.11.2026 um 10:03 schrieb Alex Berger <alex@outreach.example>:\n> Hätten Sie Interesse an einem kurzen Termin?',
  'Le lun. 16 nov. 2026 à 10:03, Alex Berger <alex@outreach.example> a écrit :\n> Seriez-vous intéressé par une démo ?',
];
export const SUBJECTS = [
  'Re: Quick question',
  'Re: Idea for {company}',
  'RE: Meeting next week?',
  'Re: {company} + Outreach',
  'Re: Following up',
];

export const MONTHS: Record<Lang, string[]> = {
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
export function dayIn(lang: Lang, d: Date, style: number): string {
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
