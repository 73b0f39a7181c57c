// Plain asks that no phrase knows, read by what they are made of rather than by their words in
// order: a sentence that asks for material or a price ("Any case studies?", "Preisliste bitte",
// "¿Tienen folleto?"), and a short reply that takes a moment ("Yes, Tuesday 10am", "Oké,
// dinsdag om 10"). Seven languages each. Never when the reply negates, asks where its address
// came from, or asks to be written to later.

/** Material, prices, plans, a trial or a comparison a prospect asks for. */
const MATERIAL =
  /(?<![\p{L}])(?:info|infos|information|informations|informationen|información|informatie|informações|informazioni|details|détails|detalles|detalhes|dettagli|brochure|broschüre|folleto|folheto|plaquette|folder|deck|slides|one-pager|overview|übersicht|présentation|presentación|presentatie|apresentação|presentazione|präsentation|case stud(?:y|ies)|fallstudien?|cas clients?|casos(?: de (?:éxito|sucesso))?|casi (?:studio|di successo)|references|referenzen|références|referencias|referenties|referências|referenze|unterlagen|documentation|dokumentation|documentación|documentatie|documentação|documentazione|demo|démo|video|vídeo|vidéo|examples|beispiele|exemples|ejemplos|voorbeelden|exemplos|esempi|material|materials|matériel|materiale|catálogo|catalogo|datasheet|datenblatt|price list|pricing|prices?|preise?|preisliste|prix|tarifs?|precios?|prijs|prijzen|prijslijst|preços?|prezzi|prezzo|listino|costs?|kosten|coût|costo|coste|custo|quote|proposal|angebot|devis|presupuesto|propuesta|offerte|voorstel|orçamento|proposta|preventivo|comparison|vergleich|comparatif|comparaison|comparación|comparativa|vergelijking|comparação|comparativo|confronto|trial|free trial|sandbox|testversion|testzugang|essai|prueba|proefperiode|proefversie|teste|versione di prova|prova gratuita|pricing (?:tiers|plans)|tiers|preismodelle|formules|planes|pakketten|planos|piani tariffari|referenzkunden|kundenbeispiele)(?![\p{L}])/iu;

/** Words that make a sentence an ask: a request, a please, or its question mark. */
const ASKING =
  /\?|(?<![\p{L}])(?:send|forward|share|please|pls|bitte|schicken|senden|envoyez|envoyer|svp|s'il vous plaît|envíe|envía|envíame|mándame|mándeme|pásame|mánde|manda|mande|por favor|stuur|graag|alstublieft|envie|mandem|per favore|inviate|inviami|mandami|mandate|mandi|invii)(?![\p{L}])/iu;

/** A no, a not, anywhere in the reply: then it is not a plain ask. */
export const NEGATION =
  /(?<![\p{L}])(?:no|not|don't|do not|never|nothing|without|kein|keine|keinen|nicht|nie|nichts|ohne|pas|jamais|rien|aucun|aucune|sans|nunca|nada|sin|ningún|ninguna|niet|geen|nooit|zonder|não|nem|nenhum|nenhuma|sem|non|mai|niente|nessun|nessuna|senza)(?![\p{L}])/iu;

/** "Where did you get my details?", "Woher haben Sie meine Daten?": a question about the writer. */
export const WHO_ASKS =
  /(?<![\p{L}])(?:where did you|which company (?:are you|you're|you are|is this)|where you got|where you found|how did you get|how you got|who gave you|why me|what is this|what's this|woher|wer hat ihnen|warum ich|was genau|où avez-vous|qui vous a|pourquoi moi|de qué se trata|de dónde|quién le|quién te|por qué yo|waar heeft u|waar heb je|hoe komt u|hoe kom je|wie heeft|waarom ik|onde (?:conseguiu|obteve|arranjou)|quem (?:lhe|te) deu|por que eu|dove ha|chi le ha|chi ti ha|perché io|di cosa si tratta)(?![\p{L}])/iu;

/** "Write to me in January", "Mailen Sie mir nächste Woche": a later contact, not a booking. */
const WRITE_LATER =
  /(?<![\p{L}])(?:e-?mail|write|call|contact|ping|reach|schreiben|mailen|anrufen|écrivez|appelez|recontactez|escríbame|escríbeme|llámame|mail me|bel me|schrijf|escreva|ligue|scrivetemi|scrivimi|chiamami)(?![\p{L}])/iu;

/** A yes, an ok, a fine: what takes a moment offered. */
const TAKES =
  /(?<![\p{L}])(?:yes|yep|yeah|sure|ok|okay|oké|great|perfect|fine|good|sounds good|ja|gerne|gut|super|perfekt|prima|oui|parfait|très bien|d'accord|sí|si|perfecto|genial|vale|de acuerdo|top|sim|ótimo|perfeito|combinado|sì|perfetto|ottimo|benissimo|va bene)(?![\p{L}])/iu;

/** A moment: a weekday or "tomorrow", a clock time, a day of the month with its month word. */
const MOMENT =
  /(?<![\p{L}\p{N}])(?:monday|tuesday|wednesday|thursday|friday|tomorrow|montag|dienstag|mittwoch|donnerstag|freitag|lundi|mardi|mercredi|jeudi|vendredi|demain|lunes|martes|miércoles|jueves|viernes|maandag|dinsdag|woensdag|donderdag|vrijdag|segunda|terça|quarta|quinta|sexta|amanhã|lunedì|martedì|mercoledì|giovedì|venerdì|domani|\d{1,2}(?:[:.h]\d{2}) ?(?:am|pm|h|uhr|uur)?|\d{1,2} ?(?:am|pm|h|uhr|uur)|(?:at|um|à|a las|om|às|alle) \d{1,2}|\d{1,2}(?:st|nd|rd|th|\.|º)? (?:de )?(?:january|february|march|april|june|july|august|september|october|november|december|januar|februar|märz|juni|juli|oktober|dezember|janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre|januari|februari|maart|mei|augustus|janeiro|fevereiro|março|maio|junho|julho|setembro|outubro|novembro|dezembro|gennaio|febbraio|aprile|maggio|giugno|luglio|settembre|ottobre|dicembre))(?![\p{L}\p{N}])/iu;

/** "back Monday", "volto segunda", "bis Freitag krank": the day someone returns, not a moment taken. */
const RETURNS =
  /(?<![\p{L}])(?:back|until|till|zurück|bis|retour|jusqu'à|jusqu'au|vuelvo|hasta|terug|volto|até|rientro|fino a)(?: (?:on|am|el|op|na|no|em|il))?\s*$/iu;

const MOMENTS = new RegExp(MOMENT.source, 'giu');

/** The sentence of a short reply that asks for material or a price, as written. */
export function asksForMaterial(text: string): string | undefined {
  if (text.length > 400 || NEGATION.test(text) || WHO_ASKS.test(text)) return undefined;
  for (const sentence of text.split(/(?<=[.?!])\s+|\n+/)) {
    if (MATERIAL.test(sentence) && ASKING.test(sentence)) return sentence.trim();
  }
  return undefined;
}

/** The sentence that asks for material or a price, in a reply of any length whose other
 *  sentences may negate ("No budget until March, but send me a quote"). */
export function asksFor(text: string): string | undefined {
  for (const sentence of text.slice(0, 600).split(/(?<=[.?!])\s+|\n+/)) {
    if (MATERIAL.test(sentence) && ASKING.test(sentence) && !NEGATION.test(sentence)) return sentence.trim();
  }
  return undefined;
}

/** A short reply that takes a moment ("Yes, Tuesday 10am"), as written; never a question. */
export function takesMoment(text: string): string | undefined {
  if (text.length > 80 || text.includes('?') || NEGATION.test(text) || WRITE_LATER.test(text))
    return undefined;
  const moment = MOMENT.exec(text);
  if (!moment || RETURNS.test(text.slice(0, moment.index))) return undefined;
  // The moment alone ("Tuesday 10am.") or with a yes ("OK, Dienstag 10 Uhr").
  const rest = text
    .replace(MOMENTS, '')
    .replace(/[\s,.!;:-]+/gu, ' ')
    .trim();
  const alone = rest.split(' ').filter((w) => w !== '').length <= 1;
  return alone || TAKES.test(text) ? text.trim() : undefined;
}
