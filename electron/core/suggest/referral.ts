// The person a reply names as the right contact: "please contact jane@acme.com", "talk to Jane
// Doe instead", "für dringende Anliegen wenden Sie sich an Anna Schmidt".
import type { Referral } from './types';

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
const NOREPLY = /^(?:no-?reply|donotreply|mailer-daemon|postmaster)@/i;

const CUE = new RegExp(
  [
    'contact(?:ing)?',
    'reach(?:ing)? out to',
    '(?:talk|speak|write|reply|send it|forward (?:this|it|your (?:e-?mail|message))) (?:to|with)',
    'get in touch with',
    'e-?mail',
    'loop(?:ing)? in',
    "cc(?:'d|’d|ing)?",
    'colleague',
    'handled by',
    'wenden sie sich (?:bitte )?an',
    'kontaktieren sie (?:bitte )?',
    'schreiben sie (?:bitte )?an',
    'kolleg(?:e|in|en)',
    'zuständig (?:ist|sind)',
    'contactez',
    'contacter',
    'adressez-vous à',
    'collègue',
    'contact(?:e|ar) (?:con|a)',
    'escriba a',
    'hable con',
    'compañer[oa]',
    'colega',
    'neem contact op met',
    'contact opnemen met',
    'mail naar',
    'entre em contato com',
    'contate',
    'fale com',
    'contatt(?:are|a|ate)',
    'rivolge(?:rsi|tevi|tevi pure) a',
    'scriv(?:ere|ete) a',
    'collega',
    // the one who decides, named after the words that say so
    '(?<![\\p{L}])(?:ask|try)(?![\\p{L}])',
    'entscheidet(?: bei uns)?',
    "c'est",
    'lo (?:lleva|gestiona|decide)',
    'regelt',
    'disso (?:aqui )?é',
    'si occupa',
    "copying|cc'ing|cc-ing|looping in",
  ].join('|'),
  'giu',
);

const NAME =
  /\p{Lu}[\p{Ll}’'-]+(?: (?:(?:van|de|der|den|von|da|di|del|dos|du|la|le) )?\p{Lu}[\p{Ll}’'-]+){0,2}/gu;
/** Capitalized words that are not names: pronouns, titles, roles, German nouns around a name. */
const NOT_NAME = new Set(
  (
    'I Im My Our The Please For If In On At Thanks Thank You Sie Ihre Ihr Bitte Für Bei Vous Merci Pour Por Para Per Voor Met ' +
    'Mr Mrs Ms Dr Herr Frau Monsieur Madame Mme Señor Señora Sr Sra Dhr Mevr Sig Signora Signor Senhor Senhora ' +
    'Kollegin Kollege Kollegen Ansprechpartner Ansprechpartnerin Team Teams Vertrieb Sales Marketing Einkauf Abteilung Büro ' +
    'Urlaub Anliegen Fragen Head Manager Director Department Office Email Mail Support Service Customer Success Procurement ' +
    'Purchasing Operations Finance Account Accounts Executive Lead Leiter Leiterin Responsable Directeur Directrice Director ' +
    'Directora Equipo Equipe Equipa Afdeling Ufficio Reparto Colleague Collègue Colega Collega Compañera Compañero Collega ' +
    'CEO CTO CFO COO VP HR IT Urgent Urgent Dringend Dringende Dringenden Urgente Urgenti Spoedeisende'
  ).split(' '),
);

function nameIn(window: string): string | undefined {
  for (const m of window.matchAll(NAME)) {
    const words = m[0].split(' ');
    while (words.length > 0 && NOT_NAME.has(words[0]!.replace(/[’'.]/g, ''))) words.shift();
    while (words.length > 0 && NOT_NAME.has(words[words.length - 1]!)) words.pop();
    if (words.length > 0 && words.join('').length >= 3) return words.join(' ');
  }
  return undefined;
}

/** The contact a reply points to, with the words that say so; undefined when it names none. */
export function referralOf(text: string): { referral: Referral; reason: string } | undefined {
  for (const cue of text.matchAll(CUE)) {
    const start = cue.index + cue[0].length;
    const window = text.slice(start, start + 90).split(/[.;!?\n](?:\s|$)/)[0]!;
    const email = [...window.matchAll(EMAIL)].map((m) => m[0]).find((e) => !NOREPLY.test(e));
    const beforeEmail = email ? window.slice(0, window.indexOf(email)) : window;
    const name = nameIn(beforeEmail.slice(0, 60));
    if (!email && !name) continue;
    const end = email ? window.indexOf(email) + email.length : window.indexOf(name!) + name!.length;
    const referral: Referral = {};
    if (name) referral.name = name;
    if (email) referral.email = email;
    return { referral, reason: text.slice(cue.index, start + end) };
  }
  const email = [...text.matchAll(EMAIL)].map((m) => m[0]).find((e) => !NOREPLY.test(e));
  if (!email) return undefined;
  const at = text.indexOf(email);
  const name = nameIn(
    text
      .slice(Math.max(0, at - 40), at)
      .split(/[.;:!?\n]\s/)
      .pop() ?? '',
  );
  return { referral: name ? { name, email } : { email }, reason: email };
}
