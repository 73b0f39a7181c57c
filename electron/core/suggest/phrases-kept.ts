// A provider kept, said as a fact: a contract renewed or running, the work built or done
// in-house, a competitor chosen. A no on its own, but only a fact beside an ask ("we just renewed
// our CRM; does yours integrate with it?"): decide.ts lets it decide only when the reply asks for
// nothing. Seven languages each; rules.ts merges them (lowercase, whole words, ' matches ’).
import type { Group } from './types';

export const KEPT: Partial<Record<Group, string[]>> = {
  kept: [
    // en
    '(?:already )?working with (?:someone|another (?:vendor|provider|agency|company|partner|firm)) (?:on|for) (?:this|that|it)',
    '(?:committed|contracted) to (?:our|an?|the) (?:current|existing|other)',
    '(?:built|developed|created) (?:something|one|a tool|a solution) (?:similar|like (?:this|that|it|yours))',
    'mid-(?:contract|way through (?:a|our) contract)',
    '(?:just|recently|already) (?:implemented|rolled out|deployed|bought|purchased|invested in|signed up for|moved to|switched to) (?:something similar|a similar|a competing|another|one of your competitors)',
    'on an? (?:\\w+-year|multi-year|long-term|annual|\\d+-month) (?:contract|deal|agreement|commitment)',
    "(?:we|we have|we've) (?:built|developed|created|written) (?:our own|an? (?:internal|in-house|homegrown|home-grown|proprietary))",
    '(?:built|developed|done|handled|managed|run|solved) (?:this |it |that )?in-house',
    '(?:have|has|got) an in-house (?:team|tool|solution|system|platform) (?:that|which|for|who)',
    '(?:locked|tied) in(?:to)? with',
    'under contract (?:with|until|till|through)',
    '(?:already|currently) using (?:something|a similar|another|our own|an? (?:similar|other|different|internal|existing))',
    'signed (?:up )?with (?:another|a different|a competitor|someone else|one of your competitors)',
    "we (?:went|have gone|'ve gone|chose|have chosen|'ve chosen|selected|picked) (?:with )?[^.?!\\n]{1,30} (?:after (?:a|an|our)|instead|last (?:month|year|quarter|week)|earlier this (?:year|month|quarter))",
    '(?:current|existing) (?:vendor|provider|supplier|partner|tool|platform|system|solution|setup|agency) (?:covers|handles|does|meets|already)',
    "(?:use|using|have|run|on) [^.?!\\n]{1,40} (?:and|which) (?:it's|it is|is|has been) working (?:well|fine|great|nicely|for us)",
    // de
    '(?:inhouse|in-house|intern|selbst) (?:gelöst|entwickelt|gebaut|umgesetzt|abgedeckt)',
    'vertrag [^.?!\\n]{0,40}verlängert',
    '(?:bereits|schon) im haus',
    '(?:nutzen|verwenden|haben|setzen) (?:dafür|hierfür|da) (?:bereits|schon)',
    '(?:dafür|hierfür) haben wir (?:bereits|schon)',
    '(?:sind|ist) (?:vertraglich )?an (?:unseren|unsere|einen|eine|den|die) [^.?!\\n]{0,30}gebunden',
    '(?:kürzlich|gerade|vor kurzem|erst) [^.?!\\n]{0,30}(?:eingeführt|eingekauft|angeschafft|implementiert)',
    'deckt [^.?!\\n]{0,40}(?:bereits|schon) ab',
    // fr
    '(?:venons de|avons) renouvel(?:er|é) (?:notre|le|nos) (?:contrat|abonnement|engagement)',
    '(?:développé|construit|créé|conçu) [^.?!\\n]{0,30}en interne',
    'notre propre (?:outil|solution|logiciel|plateforme)',
    "(?:on a|nous avons) déjà (?:tout )?ce qu'il (?:faut|nous faut)",
    '(?:travaillons|travaille) déjà avec',
    '(?:sommes|suis) déjà (?:engagée?s?|liée?s?) avec',
    'sous contrat avec',
    '(?:récemment|déjà) mis en place',
    '(?:faisons|gérons|traitons) déjà',
    // es
    '(?:acabamos de renovar|hemos renovado|renovamos) (?:el|nuestro|la|nuestra) (?:contrato|acuerdo|suscripción|licencia)',
    '(?:desarrollado|construido|creado) (?:internamente|de forma interna|en casa|nuestra propia|una solución propia)',
    '(?:contamos con|tenemos) (?:una |un )?(?:solución|herramienta|plataforma|equipo|sistema) (?:propi[oa]|intern[oa])',
    'ya estamos trabajando con',
    'tenemos (?:un )?contrato (?:con|vigente|firmado)',
    '(?:recientemente|acabamos de) (?:implementamos|implementar|implantar|implantamos|contratar|contratamos|adoptar|adoptamos)',
    // nl
    '(?:contract|overeenkomst|abonnement) [^.?!\\n]{0,40}verlengd',
    '(?:intern|zelf) (?:ontwikkeld|gebouwd)',
    '(?:daar|hier|hiervoor|daarvoor) (?:hebben|gebruiken) (?:we|wij) al',
    'vast aan (?:een|ons|het) contract',
    '(?:onlangs|net|pas|recent) [^.?!\\n]{0,30}(?:aangeschaft|ingevoerd|geïmplementeerd|gekocht)',
    'doen (?:we|wij) (?:dat |dit |het )?(?:al|liever|gewoon) zelf',
    'maken al gebruik van',
    // pt
    '(?:acabamos de renovar|renovamos) (?:o|a|nosso|nossa|o nosso|a nossa) (?:contrato|acordo|assinatura|licença)',
    '(?:desenvolvemos|criamos|construímos) (?:uma |um )?(?:solução|ferramenta|sistema|plataforma) (?:interna|interno|própria|próprio)',
    '(?:temos|contamos com) (?:uma )?equip[ae] (?:interna|própria)',
    '(?:com|num|em um|temos) contrato com outro',
    '(?:implementámos|implementamos|adotámos|adotamos|contratámos|contratamos) (?:recentemente )?(?:uma|um) (?:solução|ferramenta|sistema|plataforma|fornecedor)',
    // it
    '(?:abbiamo appena|appena) rinnovato (?:il|un|il nostro) (?:contratto|accordo|abbonamento)',
    '(?:sviluppato|costruito|creato) (?:una |un )?(?:soluzione|strumento|sistema|piattaforma) (?:interna|interno|nostra|proprietaria)',
    '(?:facciamo|gestiamo) già (?:tutto )?(?:internamente|in casa)',
    '(?:abbiamo|è) già in uso',
    'vincolati (?:da|a) (?:un|il|un altro)',
    '(?:da poco|recentemente|appena) (?:adottato|implementato|introdotto|acquistato)',
  ],
};
