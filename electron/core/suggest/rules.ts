// Explicit phrases, per verdict and language, that decide a reply on their own ("strong") or
// lean towards a verdict ("weak"). Written lowercase; an apostrophe matches ' and ’, and a
// phrase matches only as whole words. The learned model weighs everything else.
import type { Verdict } from './types';

type Group = 'dnc' | Verdict | 'deferral' | 'sarcasm';

const STRONG: Record<Group, string[]> = {
  dnc: [
    // en
    'remove me',
    'remove my (?:e-?mail|address|name|details)',
    'take me off',
    'unsubscribe(?: me)?',
    'please unsubscribe',
    'i (?:want|would like|wish) to unsubscribe',
    'stop (?:e-?mailing|contacting|messaging|spamming|writing to|sending (?:me|us)) ?(?:me|us)?',
    "(?:do not|don't|never) (?:contact|e-?mail|message|write to) (?:me|us)(?: again)?",
    'opt me out',
    'no more e-?mails',
    'lose my (?:e-?mail|address)',
    'take (?:my (?:e-?mail|address)|us) off',
    // de
    'entfernen sie mich',
    'löschen sie (?:mich|meine (?:daten|adresse|e-?mail-?adresse))',
    'nehmen sie mich (?:bitte )?(?:aus|von)',
    'streichen sie mich',
    'bitte austragen',
    'tragen sie mich (?:bitte )?aus',
    'abmelden',
    'keine (?:weiteren )?(?:e-?mails|nachrichten|mails) mehr',
    '(?:kontaktieren|schreiben|mailen) sie mich (?:bitte )?nicht mehr',
    'hören sie auf,? mir zu schreiben',
    // fr
    'désinscri(?:re|vez-moi|ption)',
    '(?:retirez|supprimez|enlevez)-moi',
    'ne me (?:contactez|sollicitez|écrivez) plus',
    "arrêtez de m'(?:écrire|envoyer|contacter)",
    'me retirer de (?:votre|vos) (?:liste|fichier)s?',
    // es
    'dame de baja',
    'darme de baja',
    'denme de baja',
    'den de baja',
    'elimín(?:eme|enme|ame)',
    'bórr(?:eme|enme|ame)',
    '(?:quít|sáqu)(?:eme|enme|ame) de (?:su|tu|la|vuestra) lista',
    'no me (?:contacte|contactes|contacten|escriba|escribas|escriban) más',
    'dej(?:e|en|a) de (?:escribirme|enviarme|contactarme)',
    // nl
    'uitschrijven',
    'schrijf (?:mij|me) uit',
    'verwijder (?:mij|me|mijn (?:gegevens|adres|e-?mailadres))',
    'haal (?:mij|me) (?:van|uit)',
    '(?:neem|stuur) (?:geen contact|geen e-?mails|geen mails) meer',
    'stop met (?:mailen|e-?mailen)',
    'mail me niet meer',
    // pt
    'remova-me',
    'me remova',
    'remover meu (?:e-?mail|contato|endereço)',
    'me (?:tire|tirem|retire) da (?:sua |vossa )?lista',
    'descadastr(?:ar|e|em)',
    'não (?:me )?(?:contate|contatem|envie|enviem|mande|mandem) mais',
    'par(?:e|em) de (?:me )?(?:enviar|mandar|escrever|contatar)',
    // it
    'rimuovetemi',
    'rimuovermi',
    'cancellatemi',
    'cancellarmi',
    'disiscriv(?:ermi|etemi|ere)',
    'non (?:contattatemi|scrivetemi|mi scrivete|mi contattate) più',
    'smett(?:ete|a|ila|etela) di (?:scrivermi|contattarmi|inviarmi|mandarmi)',
  ],
  wrong_person: [
    // en
    'not the (?:right|correct|best|appropriate|relevant) (?:person|contact|one)',
    'wrong (?:person|contact)',
    'no longer (?:work|working|employed) (?:at|for|with)',
    'i (?:have )?left (?:the company|[a-z][\\w&.-]*(?: \\w+)? (?:in|last|a few|a while|back))',
    'no longer (?:with|at|part of) (?:the company|the team|[a-z])',
    'has left (?:the company|the business|[a-z])',
    "(?:i don't|i do not) (?:handle|deal with|look after|manage|own|cover) (?:this|that|these|purchasing|marketing|sales)",
    'is (?:the|a) (?:right|better|best|correct) (?:person|contact)',
    'would be (?:the|a) (?:right|better|best) (?:person|contact)',
    "i'm no longer (?:responsible|in charge)",
    'i am no longer (?:responsible|in charge)',
    'not my (?:area|department|responsibility)',
    'this (?:mailbox|inbox|address) is no longer (?:monitored|in use|active)',
    // de
    'nicht (?:mehr )?(?:der|die) (?:richtige|zuständige) (?:ansprechpartner(?:in)?|person|kontakt)',
    'nicht (?:mehr )?zuständig',
    '(?:arbeite|bin|ist) nicht mehr (?:bei|im unternehmen|für)',
    '(?:hat|habe) (?:das unternehmen|die firma|[a-z]\\w*) (?:verlassen|zum \\S+ verlassen)',
    'nicht mehr im unternehmen',
    'nicht mein (?:bereich|thema)',
    // fr
    'pas la bonne personne',
    'pas le bon (?:interlocuteur|contact)',
    'ne (?:travaille|fait) plus (?:partie|chez|pour|au sein)',
    "(?:a|ai) quitté (?:l'entreprise|la société|le groupe|[a-z])",
    'plus en charge',
    'ne suis pas (?:en charge|responsable|le bon|la bonne)',
    'ne suis plus (?:en charge|responsable|chez)',
    // es
    'no soy la persona (?:adecuada|indicada|correcta)',
    '(?:ya )?no trabajo (?:en|para|con)',
    '(?:ha|he) dejado (?:la empresa|la compañía|[a-z])',
    'no soy (?:el|la) (?:responsable|encargad[oa])',
    'ya no (?:estoy|está|forma parte) (?:en|de)',
    // nl
    'niet de juiste (?:persoon|contactpersoon)',
    'niet (?:meer )?werkzaam (?:bij|voor)',
    'werk niet meer (?:bij|voor)',
    '(?:heeft|heb) (?:het bedrijf|de organisatie|[a-z]\\w*) verlaten',
    'niet (?:meer )?verantwoordelijk voor',
    'ga (?:daar|hier) niet over',
    // pt
    'não sou a pessoa (?:certa|indicada|correta|adequada)',
    '(?:já )?não trabalho (?:na|no|em|para|mais)',
    '(?:deixou|deixei|saiu da|saí da) (?:a )?empresa',
    'não sou (?:o|a) responsável',
    'não (?:faço|faz) mais parte',
    // it
    'non sono la persona (?:giusta|corretta|adatta|indicata)',
    'non lavoro più (?:per|presso|in|con)',
    "(?:ha|ho) lasciato (?:l'azienda|la società|[a-z])",
    'non sono (?:il|la) (?:responsabile|referente)',
    'non mi occupo (?:più )?di',
    'non (?:fa|faccio) più parte',
  ],
  out_of_office: [
    // en
    'out of (?:the )?office',
    'ooo',
    'away from (?:the office|my desk|the office)',
    'on (?:annual |parental |maternity |paternity |sick |medical |study )?leave',
    'on (?:vacation|holiday|holidays|pto|sabbatical|a business trip)',
    'limited access to (?:my )?(?:e-?mails?|inbox)',
    'without access to (?:my )?e-?mails?',
    'will (?:be )?(?:return|respond|reply|get back)[^.\\n]{0,40}(?:upon|on) my return',
    'automatic reply',
    'auto(?:mated|matic)? ?-?reply',
    "i(?:'m| am| will be) (?:currently )?(?:out|away|off|travell?ing)(?: of the country| of town)? (?:until|till|through|thru|from|and will)",
    'back in the office',
    'returning (?:to the office )?on',
    "i'll be back on",
    'i will be back on',
    // de
    'nicht im büro',
    'abwesend',
    'abwesenheit',
    'im urlaub',
    'außer haus',
    'wieder im büro',
    'wieder erreichbar',
    'wieder zurück',
    'zurück am',
    'in elternzeit',
    'keinen zugriff auf (?:meine )?e-?mails',
    'eingeschränkten zugriff',
    'bin ab dem',
    'außer dienst',
    // fr
    'absente?',
    'en congés?',
    'en vacances',
    'de retour (?:le|à partir|au bureau|lundi|mardi|mercredi|jeudi|vendredi)',
    'hors du bureau',
    'accès limité à (?:mes )?(?:e-?mails|courriels|messagerie)',
    'je serai de retour',
    'réponse automatique',
    'en déplacement',
    // es
    'fuera de la oficina',
    'ausente',
    'de vacaciones',
    'vuelvo el',
    'estaré (?:fuera|de vuelta|de regreso|ausente)',
    'regreso el',
    'de baja médica',
    'acceso limitado al correo',
    'respuesta automática',
    'sin acceso al correo',
    // nl
    'afwezig',
    'niet op kantoor',
    '(?:met|op) vakantie',
    'terug op',
    'weer aanwezig',
    'weer op kantoor',
    'beperkt toegang tot (?:mijn )?e-?mail',
    'ben (?:vanaf|tot en met|t/m) ',
    'beperkte toegang',
    // pt
    'fora do escritório',
    'de férias',
    'de volta (?:em|no dia|a partir|ao escritório)',
    'volto (?:em|no dia|a \\d)',
    'retorno (?:em|no dia)',
    'acesso limitado ao e-?mail',
    'resposta automática',
    'estarei (?:fora|ausente)',
    'em licença',
    // it
    'fuori ufficio',
    'fuori sede',
    'assente',
    'in ferie',
    'in vacanza',
    'rientro (?:il|in ufficio|lunedì|martedì|mercoledì|giovedì|venerdì)',
    'sarò di ritorno',
    'di ritorno il',
    'accesso limitato alla posta',
    'risposta automatica',
    'in congedo',
  ],
  meeting_booked: [
    'i (?:booked|scheduled|grabbed|picked|reserved) (?:a |the |us )?(?:slot|time|meeting|call|demo)',
    'i (?:sent|have sent|just sent) (?:you )?(?:an |the |a calendar )?invite',
    "(?:i've|i have|just) (?:booked|scheduled|grabbed|picked|put) (?:a |the |us |in |some )?(?:time|slot|meeting|call|demo|something)",
    "(?:i've |i have )?accepted (?:the|your) (?:calendar )?(?:invite|invitation)",
    'invite accepted',
    'calendar invite (?:sent|accepted)',
    'booked (?:a |the )?(?:slot|time|call|meeting|demo) (?:for|on|via|through)',
    'confirmed for (?:monday|tuesday|wednesday|thursday|friday|tomorrow|the \\d)',
    'termin (?:ist )?(?:gebucht|eingetragen|bestätigt)',
    'habe (?:einen |den )?termin (?:gebucht|eingetragen|ausgewählt)',
    'einladung angenommen',
    "(?:j'ai )?(?:réservé|pris|planifié) (?:un )?(?:créneau|rendez-vous)",
    'rendez-vous confirmé',
    'invitation acceptée',
    '(?:he )?(?:reservado|agendado|programado) (?:una )?(?:reunión|llamada|cita)',
    'reunión confirmada',
    'invitación aceptada',
    '(?:afspraak|meeting|call|gesprek) (?:is )?(?:ingepland|geboekt|bevestigd)',
    'uitnodiging geaccepteerd',
    'heb (?:een )?(?:afspraak|tijdslot|moment) (?:ingepland|geboekt)',
    '(?:agendei|marquei|reservei) (?:uma |a )?(?:reunião|chamada|call|conversa|horário)',
    'reunião (?:agendada|marcada|confirmada)',
    'convite aceito',
    '(?:ho )?(?:prenotato|fissato|programmato) (?:una |la )?(?:call|riunione|chiamata|demo)',
    'riunione confermata',
    'invito accettato',
  ],
  not_interested: [
    'not interested',
    'no interest',
    'no thanks',
    'no thank you',
    "we(?:'re| are) (?:all )?set",
    'not a (?:good )?fit',
    'not a priority',
    "we(?:'ll| will) pass",
    'pass on this',
    'not looking for',
    "don't need",
    'do not need',
    'have no need',
    'not something we need',
    'please stop',
    'we already (?:have|use|work with)',
    "we(?:'re| are) happy with (?:our|the)",
    'not for us',
    'not relevant (?:to|for) us',
    'kein interesse',
    'nicht interessiert',
    'kein(?:en)? bedarf',
    'brauchen wir nicht',
    'nein danke',
    'haben bereits',
    'kein thema für uns',
    'pas intéressée?s?',
    'aucun intérêt',
    "pas d'intérêt",
    'non merci',
    'pas besoin',
    'pas pour nous',
    'pas de besoin',
    'no (?:me|nos) interesa',
    'no estamos interesados',
    'no estoy interesad[oa]',
    'sin interés',
    'no, gracias',
    'no necesitamos',
    'no gracias',
    'geen interesse',
    'niet geïnteresseerd',
    'nee,? dank(?:je|u)(?: wel)?',
    'geen behoefte',
    'não tenho interesse',
    'não temos interesse',
    'sem interesse',
    'não estamos interessad[oa]s',
    'não,? obrigad[oa]',
    'não precisamos',
    'non (?:mi|ci) interessa',
    'non sono interessat[oa]',
    'non siamo interessati',
    'nessun interesse',
    'no,? grazie',
    'non abbiamo bisogno',
  ],
  interested: [
    "(?:i'm|i am|we're|we are) (?:very |definitely |quite )?interested",
    'tell me more',
    'send (?:me |over |us )?(?:some )?(?:more )?(?:info|information|details|pricing|the deck|a deck)',
    "let's (?:set up|schedule|book|find) (?:a |some )?(?:call|time|meeting|demo)",
    'can we (?:set up|schedule|do|book) a (?:call|demo|meeting)',
    'ich bin interessiert',
    'wir sind interessiert',
    'klingt (?:interessant|spannend)',
    "(?<!pas )(?:ça|cela) (?:m'|nous )intéresse",
    'je suis intéressée?',
    'nous sommes intéressés',
    '(?<!no )(?:me|nos) interesa',
    '(?<!no )estoy interesad[oa]',
    '(?<!no )estamos interesados',
    'ik ben geïnteresseerd',
    'we zijn geïnteresseerd',
    'klinkt interessant',
    '(?<!não )(?:tenho|temos) interesse',
    '(?<!não )estamos interessad[oa]s',
    '(?<!não )estou interessad[oa]',
    '(?<!non )(?:mi|ci) interessa',
    '(?<!non )sono interessat[oa]',
    '(?<!non )siamo interessati',
  ],
  deferral: [
    'not (?:right )?now',
    'not at the moment',
    'maybe later',
    'circle back',
    'check back',
    'reach out (?:again )?(?:in|next|after)',
    'ping me (?:in|next|after)',
    'next (?:quarter|year)',
    'in q[1-4]',
    'after (?:the )?(?:holidays|summer|new year)',
    'budget (?:is )?frozen',
    'revisit',
    'später',
    'nächstes jahr',
    'nächsten quartal',
    'plus tard',
    "l'année prochaine",
    'más adelante',
    'el próximo año',
    'volgend jaar',
    'later dit jaar',
    'mais tarde',
    'próximo ano',
    'più avanti',
    "l'anno prossimo",
    'zu einem späteren zeitpunkt',
  ],
  sarcasm: [
    '(?:yeah|oh) (?:right|sure|great|wonderful)',
    'just what i (?:needed|wanted)',
    'another (?:cold )?(?:e-?mail|pitch|sales e-?mail)',
    '\\d+(?:st|nd|rd|th) (?:e-?mail|message|follow-?up)',
    'because (?:that|this) (?:worked|works)',
    'love nothing more',
    'thrilled to get',
  ],
};

const WEAK: Partial<Record<Group, string[]>> = {
  interested: [
    '(?:sounds|looks) (?:interesting|good|great)',
    'happy to (?:chat|talk|connect|hop on|take a look|learn more)',
    "let's (?:talk|chat|connect)",
    "(?:i'd|i would|we'd|we would) (?:love|like|be happy) to (?:learn|hear|see|chat|talk|know)",
    'how much',
    'what (?:does|is) (?:the |your )?(?:pricing|price|cost)',
    '(?:does|would|how about) (?:monday|tuesday|wednesday|thursday|friday|next week)',
    'gerne',
    'mehr (?:infos|informationen)',
    'volontiers',
    "plus d'informations",
    'más información',
    'meer informatie',
    'mais informações',
    'più informazioni',
    'quando (?:possiamo|podemos)',
    'wann (?:passt|hätten)',
    'quand êtes-vous disponible',
    'cuándo (?:podemos|tienes)',
  ],
  meeting_booked: [
    'see you (?:on|then|monday|tuesday|wednesday|thursday|friday|tomorrow)',
    'bis (?:montag|dienstag|mittwoch|donnerstag|freitag)',
    'à (?:lundi|mardi|mercredi|jeudi|vendredi)',
    'nos vemos',
    'tot (?:maandag|dinsdag|woensdag|donderdag|vrijdag)',
    'até (?:segunda|terça|quarta|quinta|sexta)',
    'ci vediamo',
  ],
};

const compile = (alts: string[]): RegExp =>
  new RegExp(`(?<![\\p{L}\\p{N}])(?:${alts.join('|').replace(/'/g, "['’]")})(?![\\p{L}\\p{N}])`, 'giu');

const STRONG_RE = Object.entries(STRONG).map(([g, alts]) => [g as Group, compile(alts)] as const);
const WEAK_RE = Object.entries(WEAK).map(([g, alts]) => [g as Group, compile(alts)] as const);

export interface Hit {
  group: Group;
  strong: boolean;
  text: string;
  /** Whether the sentence it stands in asks a question ("…what we already use?"). */
  asked?: boolean;
}

/** Whether the sentence around `at` ends with a question mark. */
function asked(text: string, at: number): boolean {
  const end = text.slice(at).search(/[.!?\n]/);
  return end >= 0 && text[at + end] === '?';
}

/** Every phrase of the text that a rule knows, in order of the groups above. */
export function ruleHits(text: string): Hit[] {
  const hits: Hit[] = [];
  for (const [strong, list] of [
    [true, STRONG_RE],
    [false, WEAK_RE],
  ] as const)
    for (const [group, re] of list)
      for (const m of text.matchAll(re))
        hits.push({ group, strong, text: m[0], asked: asked(text, m.index) });
  return hits;
}

/** Subjects that mean an auto-reply, in the languages the app knows. */
const AUTO_SUBJECT =
  /^(?:automatic reply|auto(?:matic)?[- ]?reply|autoreply|out of (?:the )?office|abwesenheitsnotiz|automatische antwort|réponse automatique|absence|respuesta automática|fuera de la oficina|afwezig|automatisch antwoord|resposta automática|ausência|risposta automatica|fuori ufficio)\b[^\n]*/i;

/** Whether a machine answered (the subject's auto-reply prefix or a header), and the subject words
 *  that say so (headers give no words to show). */
export function autoReply(
  subject: string,
  headers: Record<string, string> = {},
): { auto: boolean; reason?: string } {
  const m = AUTO_SUBJECT.exec(subject.trim());
  if (m) return { auto: true, reason: m[0].split(/[:：]/)[0]!.trim() };
  const h = new Map(
    Object.entries(headers).map(([k, v]) => [k.toLowerCase(), String(v).toLowerCase().trim()]),
  );
  const submitted = h.get('auto-submitted');
  const auto =
    (submitted !== undefined && submitted !== 'no') ||
    h.has('x-autoreply') ||
    h.has('x-autorespond') ||
    /auto_reply/.test(h.get('precedence') ?? '');
  return { auto };
}
