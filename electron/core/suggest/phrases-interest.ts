// More of the plain answers that move a conversation on, beside phrases-plain.ts: more detail
// asked in other words ("m'en dire davantage", "mi può mandare qualche informazione"), a price
// asked in a few words ("C'est combien ?", "¿Cuánto sale?", "Quanto fica por mês?"), a product
// question (does it work with our tools, where is the data), an assistant asking for times on
// someone's behalf, a demo wished for, and a time or an invitation confirmed. Seven languages
// each; rules.ts merges them (lowercase, whole words, ' matches ’).
import { WHEN } from './phrases-plain';
import type { Group } from './types';

export const INTEREST: Partial<Record<Group, string[]>> = {
  interested: [
    // en
    '(?<!no |any |need |want )(?:a bit |a little |some )?more (?:detail|context|colou?r) on',
    '(?:could|can|would) you (?:please )?send (?:me |us )?over (?:a bit |a little |some )?more',
    'what would (?:this|it|that) look like (?:for|in|at|with)',
    'anything (?:written|in writing) (?:i|we) (?:can|could) (?:share|pass|circulate|forward)',
    "(?:what(?:'s| is) the |a )?ball ?park (?:cost|price|figure|number)",
    '(?:rough|ballpark|indicative) (?:pricing|price|cost|quote)',
    '(?:does|will|would|can) it (?:plug into|play nicely with|talk to|run on|sit on top of)',
    'where is (?:the |our |my )?data (?:hosted|stored|kept)',
    '(?:are you|is it|is the (?:tool|product|platform)) (?:gdpr|soc ?2|iso ?27001|hipaa)(?:[- ]compliant| certified)?',
    "(?:he|she|they)(?:'d| would) (?:be )?(?:keen|happy|glad|delighted) to (?:have|set up|book|schedule|meet|arrange|find|hear|learn|see|talk|chat)",
    '(?:could|can|would) you (?:please )?(?:send|share|suggest|propose|offer) (?:me |us )?(?:a few |some |two or three |2-3 |three )?(?:time )?(?:options|slots|times|dates)',
    'put (?:something|a time|a slot|some time) in for (?:a |the )?(?:demo|call|chat|meeting)',
    // de
    'gerne? mehr (?:dazu|darüber)',
    'was genau bieten sie (?:an|denn an)',
    '(?:können|könnten) sie (?:mir|uns) (?:das )?(?:etwas |noch |bitte )*(?:genauer|näher|ausführlicher) (?:erläutern|erklären|beschreiben|ausführen)',
    'erzählen sie (?:mal|ruhig|doch mal)',
    'wie läuft das (?:konkret |genau |in der praxis )?ab',
    'wie teuer (?:ist|wäre|wird|kommt)',
    'mit (?:was für einem|welchem) budget',
    '(?:läuft|funktioniert) (?:das|es) (?:auch )?(?:mit|auf|unter|in) [^.!?\\n]{1,40}\\?',
    '(?:bittet|bitte|bitten) (?:sie )?um (?:(?:ein paar|einige|zwei|drei|zwei, drei|zwei bis drei|mögliche|konkrete) )*terminvorschläge',
    '(?:schicken|senden|nennen|machen) sie (?:mir|uns|ihm|ihr) (?:gerne |bitte |doch )*(?:ein paar |einige |zwei, drei |zwei oder drei |mögliche )?terminvorschläge',
    // fr
    "(?<!inutile de |pas besoin de |pas la peine de )(?:m'en|nous en) dire (?:un peu )?(?:davantage|plus)",
    '(?:envoyez|transmettez)-(?:moi|nous) (?:ça|cela|le tout|tout ça)',
    "(?:ça|cela) (?:m'|nous )intéresserait(?! pas)",
    '(?:vous avez|avez-vous) (?:une |de la )?(?:doc|documentation|vidéo|plaquette|présentation) (?:à|que)',
    "c'est combien",
    '(?:ça|cela) (?:coûte|coûterait|revient à) combien',
    'combien (?:ça|cela) (?:coûte|coûterait)',
    "(?:est-ce|est-il|c’est|c'est) compatible avec",
    '(?:les données|vos serveurs) sont hébergé(?:e|s|es)? où',
    // es
    '(?:mándame|envíame|mándanos|envíanos|pásame|pásanos) (?:la |más |algo de |algo de la )?info',
    'cuént(?:a|e)(?:me|nos) (?:un poco |algo )?más',
    'cuánto (?:sale|cobran|cobráis|es|vale)',
    '(?:y )?de precio cómo',
    '(?:se integra|es compatible|funciona) con [^.!?\\n]{1,40}\\?',
    '(?<!no )le interesa',
    'qué disponibilidad (?:tienes|tiene|tenéis|tienen)',
    'me encantaría (?:ver|conocer|saber|tener|hablar|una|un)',
    // it
    '(?:mi|ci) (?:può|puoi|potete|potrebbe) (?:mandare|inviare|girare) (?:qualche |delle |maggiori |più |ulteriori )?(?:informazion[ei]|dettagli|materiale|documentazione|presentazione|brochure)',
    '(?:mi dica|dimmi|mi racconti|raccontami) (?:qualcosa )?(?:di |in )?più',
    '(?:mi mandi|mandatemi|mandami) (?:pure )?una (?:mail|e-?mail) con',
    'quanto (?:viene|verrebbe|costerebbe|si spende)',
    'che (?:costi|prezzi) (?:ha|avete|hanno)',
    "un'idea (?:del|sul) (?:prezzo|costo|budget)",
    '(?:funziona|si integra) (?:anche )?con [^.!?\\n]{1,40}\\?',
    '(?<!non )(?:è|sono|siamo) interessat[oa] a',
    '(?:mi|ci) (?:può|puoi|potete) (?:indicare|dare|inviare|mandare) (?:alcune |delle |qualche |le sue |la sua )?disponibilità',
    '(?:mi|ci) farebbe piacere (?:vedere|sentirci|parlarne|ricevere|saperne|fissare|organizzare|una|un)',
    // nl
    '(?:kun|kunt|kan) (?:je|jij|u) (?:me |mij |ons )?(?:iets |wat |eens |nog )*meer (?:vertellen|uitleggen|info)',
    '(?:mail|stuur) (?:me|ons) (?:anders |gerust |maar )?(?:wat |de |een |jullie )?(?:documentatie|informatie|info|brochure|presentatie)',
    'wat (?:zijn|is) (?:ongeveer |globaal )?de (?:kosten|prijs|prijzen)',
    '(?:werkt|koppelt) (?:het|dit|dat) (?:ook )?(?:met|op) [^.!?\\n]{1,40}\\?',
    '(?:maakt|maken|maak) graag kennis',
    'welke momenten (?:komen|passen|schikken)',
    'laat (?:maar |eens |me |ons )*(?:een demo|iets|het) zien',
    // pt
    '(?:tem|têm) (?:algum |algo de )?material (?:que|para)',
    'quanto (?:fica|ficaria|sai|cobram|custaria)',
    'e (?:o|quanto ao) preço[^.!?\\n]{0,20}\\?',
    '(?:dá para|é possível) integrar com [^.!?\\n]{1,40}\\?',
    '(?<!não )(?:ele|ela|eles) (?:tem|têm) interesse',
    'quais (?:horários|dias|datas) (?:tem|têm|teria)',
    '(?:gostava|gostaria|adoraria|queria) de ver (?:uma |a )?(?:demo|demonstração)',
  ],
  meeting_booked: [
    `(?:entendu|c'est noté|noté|validé|parfait|ça marche) pour ${WHEN}`,
    `(?:fechado|combinado|confirmado|marcado|afgesproken|akkoord|abgemacht)[,:]? ${WHEN}`,
    '(?:put|booked|blocked|added|scheduled|pencilled|penciled) (?:\\d+ (?:minutes|mins)|half an hour|an hour|time|a slot|a call|it) (?:in|into) [^.?!\\n]{0,25}(?:diary|calendar|agenda)',
    '(?:habe|hab) (?:die|ihre) einladung angenommen',
    "j'ai (?:bien )?(?:accepté|reçu) (?:l'|votre )invitation",
    '(?:he|ya he) aceptado (?:la|tu|su) invitación',
    "(?:ho )?(?:già )?accettato (?:l'|il tuo |il suo )invito",
    "confermo (?:l'appuntamento|la (?:call|riunione|chiamata)|il meeting)",
    '(?:heb|ik heb) de uitnodiging (?:geaccepteerd|aangenomen)',
    '(?:já )?aceitei o convite',
    `(?:c'est )?calé pour ${WHEN}`,
    `staat in (?:mijn|de) agenda`,
  ],
};
