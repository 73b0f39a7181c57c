// Replies that say two things, read by what the rep must do next (decide.ts): a person leaving
// soon who asks to talk first, a colleague brought in and asked to look, a budget later with
// material asked for now. Seven languages each.
import { asksFor } from './asks';
import { WANTS } from './wants';

/** Asking for a talk or for times before an absence ("send me a couple of times", "schicken Sie
 *  mir zwei, drei Vorschläge", "Mandami qualche data"): the absence is when, not what. */
export const NEXT_STEP =
  /(?<![\p{L}])(?:(?:a couple of|two or three|a few|some|two|three) (?:times|slots|dates|options)|(?:propose|suggest|send(?: me| over)?) (?:two |a few |some )?(?:times|slots|dates|options)|find a slot|we should talk|let's (?:talk|speak|aim|find|do)|(?:terminvorschläge|vorschläge)|welche zeiten|lass(?:en sie)? uns [^.?!\n]{0,30}(?:sprechen|telefonieren|reden)|créneaux?|proposez-moi|on (?:en parle|cale)|m'intéresse|nous intéresse|huecos?|horarios|mejor hablamos|si queremos hablar|laten we [^.?!\n]{0,30}(?:bellen|praten|spreken)|een paar (?:tijden|opties|momenten)|(?:opções|opções de horário|horários)|prefiro falar|disponibilità|qualche data|(?:mi|ci) interessa|sentirci)(?![\p{L}])/iu;

/** A colleague brought into the thread ("Looping in Sam", "je mets en copie mon collègue"). */
const BROUGHT_IN =
  /(?<![\p{L}])(?:copying|cc'ing|cc-ing|cc'd (?:her|him|them)|looping in|looped in|forwarding (?:this|it) to|(?:i've|i have|i'll|i will) forward(?:ed)? (?:this|it) to|(?:leite|gebe) (?:das|es|ihre (?:mail|nachricht)) (?:gern |gerne )?(?:an|weiter an)|mit (?:rein|in den verteiler)|je (?:transfère|transmets) (?:à|votre (?:mail|message) à)|reenv(?:ío|io) a|(?:stuur|zet) (?:dit|het|je mail) door (?:naar|aan)|j'ajoute [^.?!\n]{1,40} en copie|añado a [^.?!\n]{1,40} en copia|(?:ik )?voeg [^.?!\n]{1,40} toe (?:in|aan) (?:de )?cc|aggiungo [^.?!\n]{1,40} in copia|adiciono [^.?!\n]{1,40} em cópia|(?:vou )?reencaminh(?:ar|o) (?:ao|à|para)|giro (?:la (?:sua |tua )?mail|il messaggio) a|adding (?:my colleague|in)|(?:i've|i have) (?:copied|cc'd|looped in|added)|in (?:kopie|cc) (?:genommen|gesetzt)|nehme [^.?!\n]{1,40} in (?:kopie|cc)|setze [^.?!\n]{1,40} in (?:kopie|cc)|mets en copie|(?:pongo|he puesto) en copia|zet [^.?!\n]{1,40} in de cc|(?:coloco|coloquei) em cópia|(?:metto|ho messo) in copia)(?![\p{L}])/iu;

/** Asking the colleague to look or to meet the sender ("Sam, worth a look? Set up a demo"). */
const INVITES =
  /(?<![\p{L}])(?:demo|démo|take a look|have a look|worth a look|worth (?:\d+|thirty|twenty|fifteen) minutes|set (?:something|a call|a meeting|a time) up|set up (?:a|some)|grab (?:\d+|a|some)|(?:schau|schauen sie) [^.?!\n]{0,20}an|anschauen|ansehen|anzusehen|(?:einen )?termin (?:vereinbaren|ausmachen)|peux-tu regarder|tu peux (?:y )?regarder|vous pouvez (?:y )?regarder|pouvez-vous regarder|echas? un vistazo|revisarlo|agendar|(?:organizar|montar|fijar) una (?:demo|reunión|llamada)|caler (?:une|un)|(?:een )?afspraak (?:in)?plannen|marcar uma (?:reunião|chamada|demo)|fissare (?:una|un)|(?:kun|kan) (?:je|jij|u) [^.?!\n]{0,20}kijken|vista de olhos|podes ver|dare un['’]occhiata|ci dai un['’]occhiata|dai un['’]occhiata)(?![\p{L}])/iu;

/** Saying it is not theirs: then a colleague copied in is the wrong person's referral. */
const NOT_ME =
  /(?<![\p{L}])(?:wrong person|not (?:the right|my) (?:person|area|department|remit|call)|not me|take me off|drop me|nicht zuständig|nicht der richtige|nicht die richtige|falsche(?:r|n)? ansprechpartner|pas (?:le bon|la bonne)|pas moi|no soy (?:la persona|el responsable|yo)|niet de juiste|daar ga ik niet over|não sou (?:a pessoa|eu|o responsável)|non sono (?:la persona|io|il referente))(?![\p{L}])/iu;

/** The words of a reply that brings a colleague in and asks them to look: interest passed on. */
export function broughtIn(text: string): { text: string }[] | undefined {
  const by = BROUGHT_IN.exec(text);
  if (!by || NOT_ME.test(text)) return undefined;
  // Asked to look, or passed on with a word for the idea ("Lijkt me wel wat").
  const invite = INVITES.exec(text)?.[0] ?? WANTS.find(text);
  if (!invite) return undefined;
  return [{ text: by[0] }, { text: invite }];
}

/** "No budget until March, but send me a quote": the sentence after the "but" that asks for
 *  material or a price, when what comes before it is a budget or a time still to come (a plain
 *  no with "but send it anyway" stays a no). */
const CONTRAST = /(?<![\p{L}])(?:but|aber|mais|pero|maar|mas|ma|però)(?![\p{L}])/iu;
const LATER =
  /(?<![\p{L}])(?:budget|budgets|presupuesto|orçamento|begroting|haushalt|etat|until|till|not yet|next (?:year|quarter)|erst|bis|noch nicht|jusqu'(?:à|au|en)|avant|l'an prochain|hasta|el año que viene|pas (?:in|na|vanaf)|volgend jaar|até|só (?:em|a partir)|próximo ano|fino a|prima di|prossimo anno|q[1-4])(?![\p{L}])/iu;

export function butAsks(text: string): string | undefined {
  const m = CONTRAST.exec(text);
  if (!m || !LATER.test(text.slice(0, m.index))) return undefined;
  return asksFor(text.slice(m.index + m[0].length));
}
