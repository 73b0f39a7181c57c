// The shortest replies, read whole: "no", "Pass.", "nope, thanks", "Ja, gerne", "Booked." A word
// alone says a verdict only when it is all the prospect wrote (a "no" inside a sentence says
// nothing by itself), so these are matched against the whole own text, less its punctuation and a
// closing thanks.
import { bare } from './learned';
import type { Verdict } from './types';

const THANKS =
  /(?:[\s,.!]+(?:thanks?|thank you|thank u|thx|ty|cheers|danke(?: schön)?|merci|gracias|bedankt|dank je|dank u|obrigad[oa]|grazie|sorry|pardon|désolée?|lo siento|sorry|desculpe|scusa(?:te)?))+[\s.!]*$/iu;

/** A thanks before the answer ("Thanks, but no"). */
const THANKS_FIRST =
  /^(?:thanks?|thank you|danke(?: schön)?|vielen dank|merci(?: beaucoup)?|gracias|muchas gracias|bedankt|dank je(?: wel)?|obrigad[oa]|grazie(?: mille)?|sorry|désolée?|lo siento|desculpe|scusa(?:te)?)[\s,.!]+/iu;

const WHOLE: Record<Verdict, string[]> = {
  not_interested: [
    '(?:but|aber|mais|pero|maar|mas|ma) (?:no|nein|non|nee|não)(?: thanks| danke| merci| gracias| bedankt| obrigad[oa]| grazie)?',
    'thanks,? but no thanks',
    'no,? not (?:for us|interested)',
    'no',
    'nope',
    'nah',
    'no way',
    'pass',
    'hard pass',
    "i'll pass",
    "we'll pass",
    'not for us',
    'not for me',
    'not interested',
    'no interest',
    'no need',
    'nein',
    'ne',
    'nö',
    'kein bedarf',
    'kein interesse',
    'nicht nötig',
    'non',
    'pas intéressée?',
    'pas besoin',
    'pas pour nous',
    'non,? sans façon',
    'no,? gracias',
    'no me interesa',
    'no hace falta',
    'paso',
    'nee',
    'nee hoor',
    'niet nodig',
    'geen interesse',
    'geen behoefte',
    'não',
    'nao',
    'não tenho interesse',
    'não precisamos',
    'não é necessário',
    'dispenso',
    'no,? grazie',
    'non mi interessa',
    'non serve',
    'passo',
    // a no said softly ("Not really", "Leider nicht", "Purtroppo no")
    'not really',
    "(?:i'm )?afraid not",
    '(?:unfortunately|sadly) not',
    'not today',
    '(?:leider|eher|lieber) nicht',
    'malheureusement (?:non|pas)',
    'pas vraiment',
    'lamentablemente no',
    'la verdad es que no',
    'helaas (?:niet|nee)',
    'niet echt',
    'infelizmente não',
    'purtroppo no',
    'direi di no',
    'non proprio',
    'please,? no',
    "no,? please(?: don't| stop| no)?",
    'negative',
    '(?:absolutely|definitely|certainly|of course) not',
  ],
  interested: [
    '(?:sounds |looks |very )?interesting',
    'intriguing',
    'go on|go ahead',
    '(?:klingt )?(?:interessant|spannend)',
    "(?:ça a l'air )?intéressant",
    '(?:suena |parece )?interesante',
    '(?:klinkt )?interessant',
    '(?:parece )?interessante',
    '(?:sembra )?interessante',
    'yes',
    'yes please',
    'yes,? tell me more',
    'sure',
    'sure,? why not',
    'why not',
    'interested',
    'very interested',
    'tell me more',
    'more info(?:rmation)?,? please',
    'send (?:it|them) (?:over|through)',
    'ja',
    'ja,? gerne',
    'gerne',
    'warum nicht',
    'oui',
    'oui,? volontiers',
    'volontiers',
    'pourquoi pas',
    'sí',
    'si',
    'sí,? claro',
    'claro',
    'por qué no',
    'ja,? graag',
    'graag',
    'waarom niet',
    'sim',
    'sim,? claro',
    'com certeza',
    'por que não',
    'sì',
    'sì,? certo',
    'certo',
    'volentieri',
    'perché no',
  ],
  meeting_booked: [
    '(?:that|it|this) works(?: for me| for us)?',
    'works for me',
    'perfect,? see you(?: then| there)?',
    'passt(?: mir| uns)?(?: gut| perfekt)?',
    'geht klar',
    'ça (?:me )?(?:marche|va)',
    'ça me convient',
    'me va bien',
    'me viene bien',
    'past (?:mij|me|prima|goed)',
    'prima,? tot dan',
    'funciona(?: para mim)?',
    'fechado',
    'va bene(?:,? a presto)?',
    'perfetto,? a (?:presto|dopo)',
    'booked',
    'confirmed',
    'accepted',
    'done,? booked',
    'see you then',
    'gebucht',
    'bestätigt',
    'confirmé',
    'réservé',
    'confirmado',
    'reservado',
    'geboekt',
    'bevestigd',
    'agendado',
    'confermato',
    'prenotato',
    // a deal struck in a word or two
    'deal',
    'fixed',
    "it's a date",
    'done deal',
    'abgemacht',
    'gebongt',
    'trato hecho',
    'hecho',
    'fissato',
    'affare fatto',
    'afgesproken',
    'marcado',
  ],
  out_of_office: [],
  wrong_person: [],
};

const COMPILED = Object.entries(WHOLE).map(
  ([verdict, alts]) =>
    [verdict as Verdict, new RegExp(`^(?:${alts.join('|').replace(/'/g, "['’]")})$`, 'iu')] as const,
);

/** Pictographs (with their joiners, variation selectors and skin tones) at the end. */
const EMOJI_END = /(?:\s|\p{Extended_Pictographic}|\u200d|\ufe0f|\p{Emoji_Modifier})+$/u;

/** The verdict a reply of a word or two says, with those words; undefined for anything longer. */
export function shortAnswer(text: string): { verdict: Verdict; words: string } | undefined {
  if (text.length > 60) return undefined;
  const answer = bare(text)
    // A smiley or a thumbs-up closing the answer ("Booked 👍") says nothing more.
    .replace(EMOJI_END, '')
    .replace(THANKS_FIRST, '')
    .replace(THANKS, '')
    .replace(/[\s.!,;:)(]+$/u, '')
    .replace(/^[\s¡¿(]+/u, '')
    .trim();
  if (answer === '') return undefined;
  for (const [verdict, re] of COMPILED) if (re.test(answer)) return { verdict, words: answer };
  return undefined;
}
