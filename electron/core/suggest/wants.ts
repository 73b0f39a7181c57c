// Interest in the offer itself, said in words ("keen on the demo", "caught my attention", "das
// Thema ist bei uns akut", "me has convencido"), and a person's note inside an automatic reply
// ("Personal note, not the robot: …", "P.S. Sam, …"). Both decide what a reply that also speaks of
// an absence or of later means (decide.ts): a person away or busy who wants the thing is
// interested, with the day to follow up; only a bare "happy to talk after that" waits for the
// return. Seven languages each; matched as whole words, lowercase (machine.ts).
import { words } from './machine';

/** Wanting what was offered, or saying it meets a need now. Never after a "not". */
export const WANTS = words([
  // en
  "(?<!not |n't |never |no longer )(?:definitely|really|genuinely|very|still|quite) interested",
  "(?<!not |n't )interested in (?:the|a|your|this|that|it|seeing|hearing|learning|talking)",
  "(?<!not |n't )keen (?:on|to (?:see|look|hear|learn|talk|try|get))",
  "(?:i|we)(?:'d| would) (?:really )?love to (?:see|look|talk|hear|learn|try|get|dig)",
  '(?:i|we) (?:do |really |definitely )?want to (?:talk|see|look|hear|learn|discuss|try|get this|move)',
  '(?:i|we) want (?:this|it) (?:in place|done|sorted|set up|running|for)',
  "(?:i'd|i would|we'd|we would) like to see (?:a|the|your) (?:demo|pilot|trial)",
  '(?:caught|got|has) my (?:attention|eye|interest)',
  '(?:came|comes|landed|arrived) at (?:the right|a good|the perfect|just the right) (?:moment|time)',
  '(?:great|good|perfect) timing',
  "(?:is|it's|that's) (?:been )?on (?:my|our) (?:list|radar|roadmap)",
  "(?:exactly|just|precisely) what (?:we|i)(?:'re| are| am|'ve been)? (?:need|looking for|been looking for|want)",
  "(?<!not |n't |never )interested,? but",
  // de
  'interesse (?:ist|wäre) (?:da|vorhanden|grundsätzlich da)',
  '(?<!nicht |kaum )interessiert (?:mich|uns)(?! nicht)',
  '(?:gern|gerne) (?:genauer |näher |einmal |mal )?(?:sehen|anschauen|ansehen|anhören|kennenlernen)',
  '(?:ich|wir) (?:will|wollen|möchte|möchten) (?:das|dies|es) (?:wirklich |unbedingt |gern |gerne )?(?:angehen|anpacken|umsetzen|lösen|sehen)',
  '(?:ist|sind) (?:bei uns )?(?:aber |gerade |sehr |wirklich )?(?:akut|dringend|ein großes thema)',
  '(?:genau|exakt) (?:das|was) (?:was )?wir (?:suchen|brauchen)',
  // fr
  '(?<!pas )intéressée?s?,? mais',
  "(?<!pas |ne )(?:m'|nous )intéresse(?:nt)?(?! pas)",
  "(?:c'est|exactement) (?:exactement )?(?:ce qu'il nous faut|ce que nous cherchons|ce que je cherche|la brique qui nous manque)",
  '(?:je veux|nous voulons|je voudrais) (?:le |la |en )?(?:voir|parler|essayer)',
  // es
  '(?<!no |nada )interesad[oa]s?,? pero',
  '(?<!no )(?:me|nos) interesa(?:n|ría)?(?! poco| nada)',
  '(?:me|nos) (?:ha|has) (?:llamado la atención|convencido)',
  '(?:quiero|queremos) (?:verlo|verla|probarlo|cambiar|hablarlo)',
  '(?:me ha|me has|nos ha) venido (?:al pelo|genial|de perlas)',
  'pinta bien',
  '(?:justo|exactamente) lo que (?:buscamos|necesitamos|le comenté)',
  // nl
  '(?<!niet )geïnteresseerd,? maar',
  '(?:lijkt|klinkt) (?:me|ons) (?:wel )?(?:wat|goed|nuttig)',
  '(?:is|klinkt|lijkt) (?:zeer |erg |heel )?interessant(?! genoeg)',
  '(?:ik|we) (?:wil|willen) (?:het|dit|dat) (?:graag )?(?:zien|serieus bekijken|zelf oppakken|bekijken)',
  '(?:dit|dat) zoeken we',
  'wil ik (?:het|dit|dat) (?:graag )?(?:zien|bekijken|weten)',
  '(?:ik ben|we zijn) enthousiast',
  'leuk aanbod',
  // pt
  '(?<!não )interessad[oa]s?,? mas',
  '(?:parece-me|me parece|parece) (?:útil|interessante|bem)',
  '(?<!não )interessa-(?:nos|me)',
  '(?<!não )(?:me|nos) interessa',
  '(?:quero|queremos) muito',
  '(?:é|era) (?:exatamente|exactamente|justamente) o que (?:procuramos|precisamos|estamos procurando)',
  'topo (?:uma|a) (?:demo|reunião|conversa)',
  // it
  '(?<!non )interessat[oa],? ma',
  '(?:per me|mi sembra che) ha senso',
  '(?<!non )(?:mi|ci) interessa(?:no)?',
  '(?<!non )mi incuriosisce',
  '(?:voglio|vogliamo) (?:lavorar|vederl|capir|parlarn)\\w*',
  '(?:è|sono) (?:proprio |esattamente )?(?:il nostro problema|quello che (?:cerchiamo|ci serve))',
]);

/** A person's own words inside an automatic reply: then the reply is read as theirs. */
export const PERSONAL = words([
  // en
  'personal note',
  'not (?:an|the) (?:automated|automatic|auto-?) ?(?:message|reply|response)?',
  'not the robot',
  '(?:typing|writing) (?:this|these|this bit|a line) (?:bit )?myself',
  'message from [a-z]+:',
  // a note addressed by name in brackets: "[Sam: this one I want]"
  '\\[[\\p{L}]+:',
  'p\\.? ?s\\.?(?: \\([^)\\n]{0,30}\\))?[:,]? [a-z]+,',
  // de
  'persönliche[rs]? (?:zusatz|anmerkung|nachsatz|notiz)',
  'keine automatische (?:antwort|nachricht)',
  'ich schreibe (?:ausnahmsweise |hier )?selbst',
  // fr
  'mot personnel',
  "(?:ceci |ce )?n'est pas (?:un message|une réponse) automatique",
  // es
  'nota personal',
  'no es (?:un mensaje|una respuesta) automátic[oa]',
  '(?:al habla|te escribo yo)',
  // nl
  'persoonlijke (?:noot|aanvulling)',
  'geen automatisch (?:antwoord|bericht)',
  'wilde ik zelf',
  // pt
  'nota pessoal',
  'escrito à mão',
  'não é uma (?:mensagem|resposta) automática',
  // it
  'di persona',
  'non (?:è )?(?:il )?risponditore',
  'non è un(?:a)? (?:messaggio|risposta) automatic[oa]',
]);
