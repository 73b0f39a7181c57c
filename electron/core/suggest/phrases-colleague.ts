// More ways of saying "not me, ask them", beside phrases-plain-endings.ts: the topic sits with
// someone else ("this would sit with our IT director", "das liegt bei uns im Einkauf", "ce n'est
// pas moi qui gère ce sujet", "daar ga ik niet over"). "points" names the one who decides and is
// the wrong person only when the reply names them (decide.ts). Seven languages each; rules.ts
// merges them (lowercase, whole words, ' matches ’).
import type { Group } from './types';

export const COLLEAGUE: Partial<Record<Group, string[]>> = {
  wrong_person: [
    '(?:this|that|it) (?:would |should |will )?(?:sits?|falls?|lies?) (?:with|under) (?:our|my|the)',
    'not (?:really |quite )?my (?:area|department|responsibility|remit|call|decision|field)',
    "ce n'est pas (?:moi|à moi) qui (?:gère|m'occupe|décide|suis en charge|traite)",
    'voyez (?:plutôt |directement )?avec',
    'esto (?:lo )?(?:lleva|gestiona|decide|ve) (?:mi|nuestr[oa]|el|la)',
    'no (?:lo )?(?:llevo|gestiono) yo',
    'non (?:seguo|gestisco|curo) io',
    'non (?:me ne occupo|sono io (?:a occuparmene|il referente|la referente))',
    '(?:daar|hier) ga ik niet over',
    'não sou eu (?:que|quem) (?:trato|cuido|decido|trata|cuida|decide)',
    'fal(?:e|em) (?:antes|diretamente|melhor|de preferência) com',
    'not the (?:one|person|guy|contact) for (?:this|that)',
    "(?:that's|that is|this is|it's) [a-z]+'s (?:area|department|call|remit|domain|thing)",
    'rather than mine',
    '(?:maybe|perhaps|better) try (?:the|our|your) [a-z]+ (?:team|department|people|folks)',
    "(?:i'm|i am) (?:just|only) (?:an|the) intern",
    "ce n'est pas (?:mon domaine|de mon ressort|mon rayon|mon périmètre)",
    '(?:eso|esto) no es cosa mía',
    'no es (?:mi área|mi campo|de mi competencia)',
    '(?:dat|dit) is niet mijn (?:terrein|afdeling|vakgebied|pakkie-an)',
    'não é (?:a minha área|da minha (?:área|competência))',
    'non è (?:il mio ambito|di mia competenza|la mia area|il mio campo)',
    // No say in it, pointing elsewhere ("I'm just an intern here, maybe try the IT team").
    "i(?:'m| am) (?:just|only) (?:an? |the )?(?:intern|trainee|assistant|student|temp)",
    "(?:maybe|perhaps|better|best to|you could|you might|you'd be better off|could|please) try (?:the|our) (?:[\\p{L}-]+ ){0,2}(?:team|department|dept|people|folks)",
    'ich bin (?:nur|bloß|lediglich) (?:der |die |ein |eine )?(?:praktikant(?:in)?|werkstudent(?:in)?|azubi|auszubildende[r]?|assistent(?:in)?)',
    'versuchen sie es (?:lieber |besser |mal |doch )*(?:bei|beim) (?:der |dem |unserer |unserem )?(?:[\\p{L}]+-)?(?:abteilung|team|einkauf|it|vertrieb|geschäftsführung)',
    "je ne suis qu(?:e|'(?:un|une)) (?:stagiaire|assistante?|alternante?)",
    'essayez (?:plutôt |donc )?(?:le service|la direction|auprès)',
    '(?:solo|sólo) soy (?:el |la |un |una )?(?:becari[oa]|asistente|practicante)',
    'prueb(?:e|a|en) (?:mejor |más bien )?con (?:el|la|los) (?:equipo|departamento|área)',
    'ik ben (?:maar|alleen|slechts) (?:een |de )?(?:stagiair|assistent|student)',
    'probeer (?:het )?(?:eens |liever |beter )?bij (?:de|onze|ons) [\\p{L}-]*(?:afdeling|team|inkoop)',
    '(?:sou|eu sou) (?:só|apenas) (?:o |a |um |uma )?(?:estagiári[oa]|assistente)',
    'tente (?:o|a) (?:equipe|equipa|departamento|setor)',
    "sono (?:solo|soltanto) (?:uno |una |un |l'|la |il )?(?:stagista|assistente|tirocinante)",
    "prov(?:i|ate) (?:con|a sentire|a scrivere a) (?:l'ufficio|il reparto|l'area|il team|la funzione|i colleghi)",
  ],
  points: [
    'would be the (?:one|person) to (?:talk|speak|ask|contact|write)',
    'das liegt (?:bei uns )?(?:im|beim|bei der|in der|bei)',
  ],
};
