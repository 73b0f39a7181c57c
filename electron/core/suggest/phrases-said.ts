// Answers said in more words, or in other words, than the phrases of phrases-plain*.ts: a no
// given at length ("it's not something we'll be pursuing"), a provider the prospect stays with, a
// plain yes to material ("go ahead and send it"), a question about what it costs, a time agreed
// in any of its forms ("Quedamos el jueves a las 11", "Ik bevestig dinsdag 10 uur"), an absence
// through illness or travel, and someone named as the one who decides ("points": a wrong person
// only when the reply names them). Seven languages each; rules.ts merges them (lowercase, whole
// words, ' matches ’).
import { WHEN } from './phrases-plain';
import type { Group } from './types';

/** A moment as people confirm one: a day, a clock time, "the 14th", "alle 15", "a las 11". */
const AT = `(?:${WHEN}|(?:the |le |el |il |am |op |o dia |dia )\\d{1,2}(?:st|nd|rd|th|\\.)?(?: (?:at|um|à|a las|om|às|alle) \\d{1,2}(?:[:.h]\\d{2})?)?|\\d{1,2}(?:st|nd|rd|th)(?: at \\d{1,2}(?:[:.]\\d{2})?)?|(?:at|um|à|a las|om|às|alle) \\d{1,2}(?:[:.h]\\d{2})?)`;

export const SAID: Partial<Record<Group, string[]>> = {
  not_interested: [
    // en
    "(?:not|never) (?:something|anything) (?:we|i)(?:'ll| will| would|'d| are| am|'re)? (?:be )?(?:pursu\\w*|consider\\w*|buy\\w*|us(?:e|ing)|invest\\w*|sign\\w*|go(?:ing)? for)",
    "(?:we|i) (?:have|'ve got|'ve) no (?:plans?|intention|appetite|requirement) (?:to|for)",
    "(?:we|i) (?:don't|do not) have (?:any )?(?:plans?|intention|appetite|requirement|need) (?:to|for)",
    "(?:doesn't|does not|wouldn't|would not|won't|will not) (?:really )?(?:make sense|be a (?:good )?fit|fit|work) for (?:us|me|our)",
    "(?:i'll|i will|i'm going to|we'll|we will|i have to|we have to) (?:have to )?say no",
    "(?:not going to|won't be|will not be|aren't going to|are not going to|won't|will not) (?:be )?(?:pursu\\w*|proceed\\w*|go ahead|going ahead|move ahead|taking (?:this|it) further|take (?:this|it) further|switch\\w*|chang\\w* (?:providers?|vendors?|tools?|anything)|sign\\w*)",
    "(?:we're|we are|i'm|i am) not (?:in a position|able) to (?:take|buy|consider|invest|commit|proceed|add|change)",
    "(?:we'll|we will|we're going to|we are going to|we'd rather) (?:be )?(?:stick|sticking|stay|staying|keep|keeping) (?:with|to) (?:our|what|the|them|it|how)",
    "(?:we're|we are|i'm|i am) (?:already )?(?:covered|sorted|set|taken care of) (?:there|on that|on this|for (?:this|that|now))",
    "(?:been|are) (?:with|on|using) [^.?!\\n]{1,30} for (?:years|a while|a long time|some time|\\w+ years) and (?:are|we're|it|the team)",
    '(?:signed|renewed|locked in) (?:a|an|our) (?:\\w+-year |multi-year |annual )?(?:deal|contract|agreement)',
    // de
    'kommt (?:für (?:uns|mich) )?(?:derzeit |aktuell |momentan |leider )?nicht in (?:frage|betracht)',
    '(?:nicht|kaum) (?:weiter ?verfolgen|weiterverfolgen)',
    'keinen? (?:einsatzzweck|anwendungsfall|mehrwert|nutzen|use ?case|verwendungszweck)',
    'wir bleiben (?:bei|mit)',
    '(?:arbeiten|sind) (?:seit (?:jahren|langem|längerem)|schon lange) (?:mit|bei)',
    '(?:sehr |absolut |rundum )?zufrieden mit (?:unserem|unserer|unseren|dem|der|den)',
    // fr
    'ne (?:souhaitons|souhaite|voulons|veux|désirons) pas (?:donner suite|poursuivre|aller plus loin|changer|avancer|nous engager)',
    "(?:n'allons|ne vais|ne va|n'irons) pas (?:aller )?(?:plus loin|donner suite|poursuivre|changer|signer|avancer)",
    "n'(?:avons|ai) (?:aucun|pas de) (?:besoin|projet|intérêt|usage)",
    'nous restons (?:avec|chez|sur|fidèles)',
    '(?:depuis (?:plusieurs |des )?(?:années|ans)|déjà) [^.?!\\n]{0,40}(?:satisfaits|contents)',
    '(?:très |pleinement )?satisfaits (?:de|avec) (?:notre|nos|notre actuel)',
    // es
    'no es (?:algo|nada) que (?:vayamos|necesitemos|busquemos|queramos|nos interese)',
    'no (?:tenemos|tengo) (?:ninguna |ningún )?(?:necesidad|intención|interés|planes|previsto)',
    '(?:vamos a|prefiero|preferimos) dejarlo',
    'no vamos a (?:contratar|cambiar|seguir|avanzar|continuar|comprar)',
    '(?:seguiremos|seguimos|nos quedamos) con (?:nuestr|el|la|los)',
    '(?:llevamos|desde hace) (?:años|tiempo|mucho tiempo) (?:trabajando |con )',
    '(?:muy )?content[oa]s con (?:ella|él|nuestr|el actual|la actual)',
    // nl
    'gaan (?:hier|daar|er) niet (?:mee )?(?:verder|aan de slag|in mee)',
    '(?:hebben|heb) (?:wij|we|ik) geen (?:behoefte|interesse|budget|tijd) aan',
    'geen (?:behoefte|interesse) aan',
    '(?:we )?(?:blijven|houden het) bij',
    'doen (?:dit|het|dat) (?:liever )?zelf',
    '(?:werken|zitten) al jaren (?:met|bij)',
    '(?:zeer |erg |heel )?tevreden (?:over|met) (?:onze|ons|de huidige|hen|hun|die)',
    // pt
    'não (?:temos|tenho) (?:nenhuma |nenhum )?(?:necessidade|intenção|interesse|planos)',
    '(?:decidimos|preferimos|vamos) não (?:avançar|seguir|prosseguir|contratar|mudar)',
    'não vamos (?:contratar|mudar|trocar|avançar|seguir|prosseguir)',
    '(?:vamos continuar|ficamos|seguimos) com (?:o nosso|a nossa|o atual|a atual|nosso|nossa)',
    '(?:trabalhamos|usamos|estamos) (?:há|faz) (?:anos|muito tempo) (?:com)?',
    '(?:muito )?satisfeit[oa]s com (?:o nosso|a nossa|nosso|nossa|ele|ela|o atual|a atual)',
    // it
    '(?:preferiamo|preferisco|abbiamo deciso di|ho deciso di) non (?:procedere|proseguire|andare avanti|cambiare)',
    'non è (?:una cosa|qualcosa) che ci (?:serve|interessa)',
    'non (?:siamo alla ricerca|stiamo cercando|cerchiamo)',
    '(?:restiamo|rimaniamo) con',
    '(?:collaboriamo|lavoriamo) da (?:anni|tempo) con',
    '(?:molto )?soddisfatti (?:del|della|dei|delle|di) (?:nostro|nostra|nostri|attuale)',
    'ne siamo (?:molto )?soddisfatti',
  ],
  dnc: [
    '(?:i )?never (?:signed up|subscribed|opted in|agreed to)',
    '(?:delete|remove|erase) (?:my|our) (?:address|e-?mail|data|details) from',
    '(?:widerspreche|widerspruch gegen) (?:der|die) (?:nutzung|verwendung|verarbeitung)',
    'bitte um löschung',
    '(?:ne plus me|ne pas me) (?:contacter|solliciter|relancer|écrire)',
    'no quiero que (?:me )?(?:vuelvan a contactar|contacten|escriban)',
    'ik wil niet (?:meer )?(?:benaderd|gemaild|gecontacteerd) worden',
    'não quero mais receber',
    'non desidero (?:essere (?:più )?contattat[oa]|più ricevere|ricevere più)',
    'non voglio (?:essere (?:più )?contattat[oa]|più essere contattat[oa])',
  ],
  interested: [
    // an assistant asking for a meeting on someone's behalf
    '(?:he|she|they|mr \\w+|ms \\w+|mrs \\w+) (?:would like|wishes|wants|has asked me|asked me) to (?:arrange|set up|schedule|book|meet|have|find|organi[sz]e)',
    '(?:möchte|würde) (?:gerne |gern )?(?:einen termin|ein gespräch|ein telefonat) (?:mit ihnen )?(?:vereinbaren|ausmachen|haben)',
    '(?:souhaiterait|aimerait|voudrait|souhaite) (?:organiser|planifier|fixer|avoir|prendre) (?:un|une) (?:échange|rendez-vous|appel|réunion|rdv|call|démo)',
    '(?:quiere|quisiera|querría|desea|le gustaría) (?:concertar|agendar|organizar|tener|programar) (?:una )?(?:llamada|reunión|cita|demo)',
    '(?:wil|zou) graag een (?:afspraak|gesprek|call|demo|kennismaking)',
    '(?:gostaria|quer|deseja) (?:de )?(?:marcar|agendar|ter|organizar) (?:uma )?(?:conversa|reunião|chamada|call|demo)',
    '(?:vorrebbe|desidera|vuole) (?:fissare|organizzare|programmare|avere) (?:una |un )?(?:chiamata|call|riunione|demo|incontro)',
    // en
    '(?:go ahead and|please|feel free to|yes,? please) send (?:it|them|me|over|through|across)',
    "(?:i'll|i will|we'll|happy to|i'd be happy to) (?:take|have) a (?:look|read)",
    '(?:could|might|would) (?:be )?(?:useful|helpful|handy|relevant|of use|worth exploring) (?:for|to) (?:us|me|our)',
    '(?:is|sounds|looks|seems) (?:timely|useful|helpful|relevant|worth a look|worth exploring) (?:for|to) (?:us|me|our)',
    '(?:is there|do you have) (?:a |an )?(?:short |quick )?(?:video|recording|demo|deck|one-pager|example)',
    '(?:how (?:does|do|would) (?:the )?(?:setup|set-up|onboarding|rollout|implementation|migration))',
    'what would it take to (?:get started|start|roll (?:it|this) out|try)',
    '(?:what|how much) would (?:a|an|the|it) [^.?!\\n]{0,30}(?:run|cost|set) us',
    '(?:minimum|contract) (?:contract )?(?:length|term|commitment)',
    '(?:bill|invoice|charge|priced?) (?:monthly|annually|yearly|per (?:user|seat|month|year))',
    // de
    'mit welchen kosten',
    '(?:klingt|das klingt) nach (?:etwas|einer lösung)',
    'können sie (?:mir|uns) (?:kurz )?(?:erklären|zeigen|beschreiben)',
    '(?:senden|schicken) sie (?:mir|uns) (?:einfach |gerne |gern )?(?:etwas|ein wenig|ihr|ihre|das)',
    'schaue (?:es )?mir (?:das )?(?:gerne |gern )?an',
    // fr
    '(?:pourrait|pourraient) (?:nous|m) ?(?:être|etre) (?:utiles?|intéressante?s?)',
    "(?:pouvez-vous|pourriez-vous) m'en dire (?:un peu )?plus",
    'je veux bien (?:recevoir|voir|en savoir|échanger|un|une|votre)',
    'quel budget (?:faut-il|doit-on|prévoir)',
    // es
    '(?:nos|me) podría venir bien',
    '(?:me puedes|me puede|podrías|podría) contar (?:un poco )?más',
    '(?:envíamelo|envíamela|mándamelo|mándamela|envíemelo|mándemelo)',
    'le echo un vistazo',
    'qué presupuesto',
    // nl
    '(?:zou|kan) (?:voor ons|voor mij)? ?(?:nuttig|handig|interessant) (?:kunnen )?zijn',
    'kun (?:je|jij|u) (?:iets |wat )?meer (?:vertellen|uitleggen)',
    'stuur (?:maar|gerust) (?:door|op)',
    'met welk bedrag',
    // pt
    '(?:isso|isto) pode (?:ser|nos ser) útil',
    '(?:pode|poderia) (?:me )?explicar (?:um pouco )?(?:melhor|mais)',
    'pode mandar',
    'dou uma olhada',
    'qual seria o investimento',
    // it
    '(?:potrebbe|potrebbero) (?:esserci|essermi|esserci molto) utili?',
    '(?:mi spiega|mi spieghi|può spiegarmi|puoi spiegarmi) (?:meglio|di più)',
    'me lo mandi',
    "ci do un'occhiata",
    'che investimento',
  ],
  meeting_booked: [
    // a meeting put in a calendar, by the prospect or their assistant
    `(?:put|booked|added|scheduled|pencilled|penciled) (?:the |a |our |your )?(?:call|meeting|demo|slot)(?: in)? (?:for|on) ${AT}`,
    // a moment confirmed, in its words per language
    `(?:i |we )?(?:confirm|confirmed|confirming)(?: for)? ${AT}`,
    `(?:ich )?bestätige (?:den |für )?${AT}`,
    `je confirme (?:pour |le )?${AT}`,
    `confirmo (?:para |el |la |a |o )?${AT}`,
    `(?:ik )?bevestig (?:voor )?${AT}`,
    `confermo (?:per )?${AT}`,
    `i can do ${AT}`,
    `${AT}[^.?!\\n]{0,25}? (?:is|sounds|would be) (?:great|good|fine|perfect|ideal)(?: by me| for me| for us| with me)?`,
    "(?:i'll|i will|we'll) (?:keep|block|hold) (?:it|that|the slot|that slot|the time) (?:free|open)",
    `${AT}[^.?!\\n]{0,25}? (?:ist|wäre) (?:gut|super|perfekt|prima|in ordnung|ok)`,
    `(?:einverstanden|abgemacht)[,.!]? [^.?!\\n]{0,30}${AT}`,
    'ich trage (?:es|ihn|den termin|das) (?:mir )?ein',
    `(?:va|ok|d'accord) pour ${AT}`,
    'je bloque (?:le|ce) créneau',
    `quedamos (?:el |a las |en |para )?${AT}`,
    'lo (?:apunto|agendo)',
    `afgesproken[,.!]? [^.?!\\n]{0,20}${AT}`,
    'ik zet (?:het|hem|dat) in (?:mijn|de) agenda',
    `(?:fica|está) marcado (?:para )?${AT}`,
    `d'accordo per ${AT}`,
    "(?:lo|l'ho) (?:segno|segnato|metto|messo) in agenda",
  ],
  out_of_office: [
    "(?:i'm|i am) (?:off|out) sick",
    "(?:i'm|i am) (?:ill|unwell|sick)",
    '(?:ich bin|bin) [^.?!\\n]{0,20}(?:krank|krankgeschrieben)',
    'je suis [^.?!\\n]{0,15}(?:malade|en arrêt maladie)',
    'estoy [^.?!\\n]{0,15}enferm[oa]',
    'ik ben [^.?!\\n]{0,15}ziek',
    'estou [^.?!\\n]{0,15}doente',
    'sono [^.?!\\n]{0,15}malat[oa]',
    '(?:auf|bin auf) (?:einer )?(?:dienstreise|geschäftsreise|messe)',
    'in trasferta',
    'em viagem (?:a trabalho|de negócios)',
    'op (?:zaken)?reis',
  ],
  points: [
    'is (?:who|the one) you (?:want|need|should (?:talk|speak) to)',
    '(?:owns|holds|has) the budget',
    "(?:isn't|is not|not) (?:me|my (?:area|call|decision|team|remit))",
    'decides (?:on|about)',
    'entscheidet (?:bei uns|das|darüber)',
    'kümmert sich (?:bei uns )?(?:darum|um)',
    "(?:c'est|c’est) [^.?!\\n]{1,30} qui (?:gère|s'occupe|décide)",
    'lo (?:lleva|gestiona|decide)',
    'regelt',
    '(?:quem|que) (?:trata|cuida|decide) disso',
    '(?:di questo|di ciò|se ne) (?:si occupa|occupa)',
  ],
};
