// Answers said as statements rather than asks: interest said as a wish ("Mich würde
// interessieren, wie …", "Je serais curieux de voir …"), a look promised if material comes ("if you
// have a short video I'd take a look", "ci do un'occhiata"), a trial, a comparison or the plans
// asked for; a time confirmed in a word or two ("Va pour jeudi", "Staat genoteerd", "Ci sentiamo
// allora giovedì"); a short no ("Nee, laat maar") and a removal in the imperative
// ("Désinscrivez-moi", "Dadme de baja"). Seven languages each; rules.ts merges them (lowercase,
// whole words, ' matches ’).
import { DAY, WHEN } from './phrases-plain';
import type { Group } from './types';

/** Not in a sentence that asks where the address came from ("Mich würde interessieren, woher Sie
 *  meine Daten haben"): curiosity about that is no interest. */
const NOT_WHO =
  '(?![^.?!\\n]*(?:where did|how did you get|who gave|my (?:address|details|e-?mail|data)|woher|wer hat|warum ich|meine (?:daten|adresse|e-?mail)|où avez|qui vous a|pourquoi moi|mes (?:coordonnées|données)|mon (?:adresse|e-?mail)|de dónde|quién (?:le|te)|por qué yo|mis datos|mi (?:correo|dirección)|dove ha|chi (?:le|ti) ha|perché io|i miei dati|il mio (?:indirizzo|contatto)|waar (?:heeft|heb)|hoe (?:komt|kom)|wie heeft|waarom ik|mijn (?:gegevens|adres|e-?mailadres)|onde (?:conseguiu|obteve|arranjou)|quem (?:lhe|te) deu|por que eu|meus dados|meu (?:contacto|contato|e-?mail|endereço)))';

export const STATEMENTS: Partial<Record<Group, string[]>> = {
  interested: [
    // interest said as a wish or as curiosity, in every language, never about where the address
    // came from (one lookahead for them all: a copy per phrase would make the group far longer)
    `(?:${[
      '(?:mich|uns) würde(?:n)? (?:schon |sehr |durchaus |brennend )?interessieren',
      'würde (?:mich|uns) (?:schon |sehr |durchaus |brennend )?interessieren',
      '(?:ich bin|bin|wir sind) (?:schon |sehr |echt |ehrlich gesagt )?neugierig',
      '(?:je suis|je serais|nous sommes|nous serions) curieu(?:x|se|ses)? de',
      '(?<!no )tengo curiosidad',
      'quisiera (?:saber más|conocer|ver|entender)',
      '(?<!non )(?:sarei|sono) curios[oaie] di',
      'vorrei (?:capire|vedere|conoscere|provare) (?:meglio|come|una|un|qualche|il|la)',
      '(?:ik|we|wij) (?:wil|willen) (?:graag )?(?:eens )?(?:zien|weten|begrijpen) hoe',
      '(?<!niet )benieuwd (?:naar|hoe|wat)',
      'gostaria de (?:perceber|conhecer|compreender|saber como)',
      '(?:queria|quero) (?:perceber|entender|conhecer|ver) (?:melhor |como)',
      '(?:tenho|fiquei com) curiosidade',
      'fiquei curios[oa]',
    ].join('|')})${NOT_WHO}`,
    // en
    "if you (?:have|send|can send|could send|share|can share)[^.?!\\n]{0,40}(?:i'd|i'll|i will|i would|i'm happy to|happy to|we'd|we'll|i can)(?: gladly| happily)? (?:take|have) a (?:quick )?(?:look|read|peek)",
    "if you (?:have|send|can send|could send|share|can share)[^.?!\\n]{0,40}(?:i'd|i'll|i will|i would|i'm happy to|happy to|we'd|we'll)(?: be happy to| gladly| happily)? (?:read|watch|review|look at|check out) (?:it|them|that)",
    '(?:happy|glad) to (?:look at|read|review|watch|have a look at|take a look at) (?:whatever|anything|what) you',
    'how (?:does|do|would) (?:it|this|you|your (?:tool|product|platform|solution|software)) (?:compare|stack up) (?:to|with|against)(?! what | our | the (?:one|tool|system|solution|platform|software)s? we)',
    '(?:a )?(?:case stud(?:y|ies)|references|(?:a )?(?:short |quick )?(?:demo )?video|(?:a )?deck|(?:a )?one-pager|examples|(?:a )?comparison|(?:a )?trial) would (?:be )?(?:help|helpful|useful|great|nice|handy)',
    '(?:any chance of|could we get|can we get|can i get|could i get) (?:a |an )?(?:trial|free trial|test account|trial account|sandbox|pilot|demo account)',
    '(?:is there|do you have|do you offer) (?:a |an )?(?:sandbox|test (?:account|environment)|trial (?:account|period|version)|free (?:plan|tier|version))',
    '(?:could|can) (?:we|i) (?:test|try|trial|pilot) (?:it|this|the (?:tool|product|platform))',
    'what (?:plans|tiers|packages|editions) do you (?:offer|have)',
    '(?<![\\p{L}] )would love to (?:see|learn|hear|know|get|understand|try|have)',
    // de
    '(?:schaue|schau|sehe|seh) (?:ich )?(?:mir )?(?:das |es |sie |ihn |den |die )?(?:mir )?(?:gerne?|gern) (?:mal )?an',
    '(?:ich würde|würde ich|ich möchte|möchte ich|wir würden|wir möchten) (?:mir |uns )?(?:das |es )?(?:gerne |gern )?(?:mal |einmal )?(?:ansehen|anschauen|angucken|testen|ausprobieren)',
    '(?:können|könnten|kann) (?:wir|ich) (?:das|es|ihr tool|die lösung) (?:mal |einmal |kostenlos |vorab )*(?:testen|ausprobieren)',
    '(?:gibt es|haben sie) (?:eine |einen )?(?:testversion|testzugang|testphase|test-?account|sandbox|kostenlose (?:version|testphase)|vergleich|gegenüberstellung)',
    'wie unterscheide(?:t|n) (?:sich|sie sich|ihr tool sich|das sich)',
    'welche (?:preismodelle|pakete|tarife|lizenzmodelle|preisstufen) (?:gibt es|haben sie|bieten sie)',
    'zeigen sie(?: mir| uns)?(?: mal| gerne| doch)*,? wie',
    // fr
    "(?:je veux bien (?:y )?jeter|j'y jetterai|je jetterai(?: volontiers)?|j'y jetterais|je jetterais(?: volontiers)?) un (?:œil|oeil|coup d'(?:œil|oeil))",
    "(?:avez-vous|vous avez|y a-t-il|existe-t-il) (?:un |une |des )?(?:comparatif|comparaison|essai|version d'essai|période d'essai|bac à sable|environnement de test|offre d'essai)",
    "(?:est-il|est-ce) possible (?:d'avoir |de faire |d'obtenir )?(?:un essai|une période d'essai|de tester|un accès)",
    "(?:peut-on|pouvons-nous|on peut|pourrait-on) (?:la |le |l')?(?:tester|essayer)",
    'quel(?:le)?s sont vos (?:formules|offres|forfaits|abonnements)',
    'je veux bien (?:voir|comprendre|découvrir|tester|essayer)',
    'une (?:démo(?: vidéo)?|vidéo|présentation|étude de cas) (?:serait|me serait|nous serait) (?:utile|bienvenue|intéressante|parfaite)',
    // es
    '(?:tienen|tiene|tenéis|hay) (?:una |un )?(?:versión de prueba|periodo de prueba|período de prueba|prueba gratuita|demo gratuita|entorno de pruebas|sandbox|comparativa|comparación)',
    '(?:le|les) (?:echo|echaré|echaría) un (?:vistazo|ojo)',
    '(?:cómo se comparan?|en qué se diferencian?) (?:con|de)',
    'qué (?:planes|tarifas|paquetes|modalidades) (?:tienen|tenéis|tiene|ofrecen|hay)',
    '(?<!no )(?:se puede|podemos|puedo) probar(?:lo|la)?',
    'me vendría bien (?:ver|un|una|conocer)',
    // it
    "(?<!non )(?:ci|gli) (?:do|darò|darei|diamo) (?:volentieri )?un'occhiata",
    "(?:avete|ha|c'è|esiste) (?:una |un )?(?:versione di prova|periodo di prova|prova gratuita|demo gratuita|ambiente di test|sandbox|confronto)",
    '(?:quali sono i (?:vostri )?|che )piani (?:tariffari|avete|offrite)',
    // nl
    '(?:kijk|lees) ik (?:er |het )?(?:graag|even graag|met plezier) (?:naar|in|door)',
    '(?:is er|hebben jullie|heeft u|hebt u) (?:een )?(?:proefperiode|proefversie|testomgeving|testaccount|gratis proef|sandbox|vergelijking)',
    'hoe verhouden (?:jullie|u) (?:je|zich|jullie zich) tot',
    'wat voor (?:pakketten|abonnementen|licenties|prijsmodellen)',
    '(?:kunnen|kan|mogen) (?:we|wij|ik) (?:het|dit) (?:eens |even |een paar weken |gratis )*(?:uitproberen|testen|proberen)',
    'ik zou (?:het|dat|dit) graag (?:eens )?(?:willen )?(?:zien|proberen|testen)',
    // pt
    '(?<!não )(?:dou|darei|daria) uma (?:olhada|vista de olhos|espreitadela)',
    '(?:têm|tem|existe|há) (?:uma |um |alguma |algum )?(?:versão de teste|período de teste|teste gratuito|versão gratuita|ambiente de teste|sandbox|comparação|comparativo)',
    'quais (?:são )?(?:os )?(?:planos|pacotes)',
    '(?<!não )(?:dá para|é possível|podemos) testar',
  ],
  meeting_booked: [
    // en
    `look(?:ing)? forward to ${DAY}`,
    `${WHEN}[^.?!\\n]{0,20}[,:] (?:done|deal|fixed)(?=$|[.!])`,
    "(?:it's|it is) a date",
    'done deal',
    '(?:that|this|the) (?:time|slot|date) (?:is (?:fine|good|great|perfect)|suits)',
    // de
    `(?:hören|sprechen|sehen) wir uns (?:dann |also )?(?:am |um )?${WHEN}`,
    '(?:ich )?trage (?:es|ihn|das|den termin|sie) (?:mir )?(?:gleich |direkt )?ein',
    '(?:habe|hab) (?:es|ihn|das|den termin) (?:mir )?(?:eingetragen|geblockt|vorgemerkt)',
    '(?:der )?termin steht(?! (?:noch )?nicht| noch aus)',
    // fr
    `(?:ça marche|parfait|entendu|super|top|ok|d'accord|très bien|noté)[,!]? à ${DAY}`,
    `(?:va|ok) pour ${WHEN}`,
    `top[,!]? ${WHEN}`,
    "c'est (?:bon|ok|parfait) pour moi",
    'je (?:bloque|réserve|cale) (?:le |ce )?créneau',
    // es
    'trato hecho',
    `(?:listo|hecho|genial)[,!]? (?:el )?${WHEN}`,
    '(?<!no )lo (?:apunto|agendo|anoto)',
    '(?<!no )lo (?:tengo|tenemos) (?:apuntado|agendado)',
    'quedamos así',
    // it
    `(?:perfetto|ok|bene|va bene|benissimo|d'accordo|ottimo),? allora ${WHEN}`,
    `va bene(?: per)? ${WHEN}`,
    'segnat[oa] in agenda',
    'affare fatto',
    // nl
    `(?:spreken|zien|bellen) we (?:elkaar )?(?:dan |op )?${WHEN}`,
    // alone in its sentence: "uw afmelding is genoteerd" books nothing
    '(?:staat|is) genoteerd(?=$|[.!,;])(?<!\\p{L}[^.!?,;\\n]*(?:staat|is) genoteerd)',
    // pt
    `(?<!não )(?:falamos|nos falamos|vemo-nos|nos vemos|falamo-nos)(?: então)?(?: na| no| em)? ${DAY}`,
  ],
  not_interested: [
    'give (?:it|this) a miss',
    '(?:have to|must|going to|gonna) say no',
    'lass(?:en sie)? (?:mal|es)(?=$|[.!,;])',
    'nicht für uns(?=$|[.!,;])',
    'nicht unser thema',
    'non,? ça ira',
    'ça ira,? merci',
    'no es lo que (?:buscamos|necesitamos)',
    'non è quello che (?:cerchiamo|ci serve)',
    'laat maar(?: zitten)?(?=$|[.!,;])',
    '(?:is )?niets voor ons',
    'não é o que (?:procuramos|precisamos)',
  ],
  dnc: [
    'opt (?:me|us) out',
    'unsubscribe (?:me|us)',
    '(?:désinscrivez|désabonnez|retirez)-(?:moi|nous)',
    '(?:dadme|denme|deme|dame) de baja',
    '(?:haal|verwijder) (?:me|mij|ons) (?:van|uit) (?:de|jullie|uw|je) (?:lijst|mailinglijst|bestand|verzendlijst)',
    '(?:cancellatemi|toglietemi|rimuovetemi|cancellami|toglimi|rimuovimi) dalla',
    '(?:streichen|nehmen|löschen|entfernen) sie mich (?:bitte )?(?:von|aus)(?! (?:der |dem |diesem )?(?:cc|kopie|thread|verlauf))',
    'löschen sie (?:bitte )?meine (?:daten|adresse|e-?mail(?:-?adresse)?|kontaktdaten)',
  ],
};
