// Replies written by a machine, apart from what they say. A subject prefix or a header only says
// that a reply is automatic; its body says which kind it is: absent (Out of office), gone (left
// the company, retired, mailbox closed: Wrong person, with the referral when one is given) or
// nothing a rep decides on (ticket received, "we aim to respond within 24 hours", "this mailbox
// is not monitored", read receipts, delivery failures: no suggestion). Seven languages each;
// matched as whole words, lowercase, an apostrophe matching ' and ’ (as rules.ts does).
import { GONE_MORE } from './phrases-gone';

/** A list of phrases, found as whole words in the lowercased text (as rules.ts matches: the
 *  character before a phrase is matched rather than looked behind, so most positions fail on
 *  their first character). */
export interface Phrases {
  /** The first phrase of `text` in the list, as written there. */
  find(text: string): string | undefined;
}

export const words = (alts: string[]): Phrases => {
  const re = new RegExp(
    `(?:^|[^\\p{L}\\p{N}])(${alts.join('|').replace(/'/g, "['’]")})(?![\\p{L}\\p{N}])`,
    'u',
  );
  const folded = new RegExp(re.source, 'iu');
  return {
    find(text) {
      const lower = text.toLowerCase();
      // A letter that lowercases to two ("İ") shifts the positions: fold the slow way.
      const m = lower.length === text.length ? re.exec(lower) : folded.exec(text);
      if (!m) return undefined;
      const at = m.index + m[0].length - m[1]!.length;
      return text.slice(at, at + m[1]!.length);
    },
  };
};

/** The body says it was written by a machine. */
export const MACHINE_BODY = words([
  'this is an? (?:automatic|automated|auto-?generated|automatically generated) (?:reply|response|message|e-?mail|notification)',
  '(?:automatic|automated|auto-?generated) (?:reply|response|message|notification)',
  'auto-?reply',
  'please do not reply to this (?:e-?mail|message)',
  'do not reply to this (?:e-?mail|message)',
  'this (?:e-?mail|message) was (?:sent|generated) automatically',
  'diese (?:e-?mail|nachricht) wurde automatisch',
  '(?:dies ist|das ist) eine automatische',
  'automatische (?:antwort|nachricht|benachrichtigung|abwesenheitsnotiz)',
  'bitte antworten sie nicht auf diese',
  'ceci est (?:une réponse|un message) automatique',
  '(?:réponse|message) automatique',
  'merci de ne pas répondre à ce',
  '(?:este es|esto es) un (?:mensaje|correo|respuesta) automátic[oa]',
  '(?:respuesta|mensaje) automátic[oa]',
  'por favor,? no responda a este',
  'dit is een automatisch',
  'automatisch (?:antwoord|bericht|gegenereerd)',
  'automatische (?:reactie|melding)',
  'gelieve niet te antwoorden',
  '(?:esta é|este é) uma? (?:resposta|mensagem) automática',
  '(?:resposta|mensagem) automática',
  'por favor,? não responda',
  '(?:questo è|questa è) un(?:a)? (?:messaggio|risposta) automatic[oa]',
  '(?:messaggio|risposta) automatic[oa]',
  'si prega di non rispondere',
]);

/** The person is gone for good: left, retired, the mailbox closed. */
export const GONE = words([
  ...GONE_MORE,
  // en
  'no longer (?:works?|working|employed|with|at|part of|a member of)',
  '(?:has|have) (?:left|departed)(?: the| our)? (?:company|business|organi[sz]ation|firm|team)?',
  '(?:has|have) left (?:[a-z][\\w&.-]*)',
  '(?:has|have) (?:now )?retired',
  'is (?:now )?retired',
  'moved on from',
  'left (?:us |the company |the business |the firm )?(?:in (?:january|february|march|april|may|june|july|august|september|october|november|december|\\d{4})|last (?:week|month|year|spring|summer|autumn|fall|winter)|back in|a (?:few|couple of) (?:weeks|months|years) ago|(?:\\w+ )?(?:weeks|months|years) ago|at the end of)',
  "(?:a quitté|nous a quittée?s|est partie?) (?:l'entreprise |la société )?(?:en(?! (?:vacances|congés?|déplacement|voyage|rendez-vous|réunion|formation|week-end|mission))|depuis|il y a|le mois dernier|l'an dernier|l'année dernière)",
  '(?:se fue|dejó la empresa|se marchó) (?:en|hace|el (?:mes|año) pasado)',
  '(?:is (?:in|per|sinds) \\w+ vertrokken|vertrokken (?:in|per|sinds))',
  'saiu (?:em(?! (?:viagem|férias|licença|reunião|missão))|há|no (?:mês|ano) passado)',
  "(?:se n'è andat[oa]|è andat[oa] via) (?:a|ad|nel|il mese|l'anno)",
  "(?:he|she|they)(?:'s| has| have| is)? (?:left|gone)(?: us| the company)?(?=$|[.!,;])",
  '(?:he|she|they) (?:has |have )?retired',
  '(?:er|sie) ist (?:nicht mehr da|in rente|in pension)(?=$|[.!,;])',
  '(?:il|elle) est partie?(?=$|[.!,;])',
  'se (?:jubiló|fue)(?=$|[.!,;])',
  'niet meer bij (?:ons|het bedrijf)',
  '(?:hij|zij|ze) is weg(?=$|[.!,;])',
  '(?:ele|ela) saiu(?=$|[.!,;])',
  'è andat[oa] via(?=$|[.!,;])',
  '(?:he|she|they) (?:has |have )?left (?:in|last|earlier|a few|a couple|some|months|weeks|years|recently|already|back in)',
  'hat (?:bei uns )?gekündigt',
  "(?:est|sont) parti(?:e|s|es)? de (?:la société|l'entreprise|chez nous|notre société|notre entreprise)",
  'se (?:fue|marchó|ha ido) de la (?:empresa|compañía)',
  '(?:vertrokken bij (?:ons|het bedrijf|de organisatie)|bij ons vertrokken)',
  "(?:se n'è andat[oa]|è andat[oa] via) (?:da|dall)",
  "(?:doesn't|does not|no longer) work(?:s)? (?:here|there)",
  "(?:is|are)(?:n't| not) with (?:us|the company) any ?more",
  'not with us any ?more',
  'no longer (?:here|employed)',
  'left (?:us|the company|the business) (?:in|last|at|earlier|a few|some)',
  '(?:this |the |my )?(?:mailbox|inbox|e-?mail address|e-?mail account|address|account) (?:is|has been) (?:no longer (?:active|in use|monitored|valid|being monitored)|(?:closed|deactivated|disabled|inactive|decommissioned))',
  'no longer (?:monitored|in use|active)',
  '(?:is|am) no longer (?:with|at)',
  // de
  'nicht mehr (?:im unternehmen|in unserem unternehmen|bei uns|für uns tätig|tätig|beschäftigt)',
  '(?:ist|bin) nicht mehr (?:bei|im|in|für)',
  '(?:hat|habe) (?:das unternehmen|die firma|unser unternehmen|uns) (?:\\S+ )?verlassen',
  '(?:im|in den) ruhestand',
  'ausgeschieden',
  'hat uns verlassen',
  '(?:ist|arbeitet) (?:seit [^.\\n]{1,20} )?nicht mehr (?:hier|da|bei uns)',
  '(?:postfach|e-?mail-?adresse|adresse) (?:ist|wird) (?:nicht mehr (?:aktiv|genutzt|betreut|gelesen|abgerufen)|deaktiviert|geschlossen)',
  'wird nicht mehr (?:gelesen|abgerufen|betreut)',
  // fr
  'ne fait plus partie',
  'ne travaille plus',
  "n'est plus parmi (?:nous|nos équipes|nos effectifs)",
  "n'(?:est|fait) plus (?:en poste|chez|au sein|dans|partie)",
  '(?:pris sa|prendre sa) retraite',
  "(?:a|ai) quitté (?:l'entreprise|la société|le groupe|notre société|notre entreprise|nos équipes)",
  '(?:est|suis) (?:partie? )?(?:à la|en) retraite',
  "(?:cette adresse|cette boîte|cette messagerie|l'adresse)[^.\\n]{0,30} n'est plus (?:active|utilisée|consultée|valide)",
  "n'est plus (?:active|utilisée|consultée)",
  // es
  'ya no (?:trabaja|forma parte|está en|pertenece)',
  'ya no está (?:con nosotros|aquí)',
  '(?:ha|he) dejado (?:la empresa|la compañía|de trabajar)',
  '(?:se ha |está )?jubilad[oa]',
  '(?:esta|la) (?:dirección|cuenta|buzón)[^.\\n]{0,30} (?:ya no está activ[oa]|ya no se (?:usa|utiliza|revisa)|ha sido desactivad[oa])',
  'ya no (?:está activ[oa]|se (?:usa|utiliza|revisa))',
  // nl
  'niet (?:meer )?(?:werkzaam|in dienst) (?:bij|voor)',
  'werkt (?:hier niet meer|niet meer (?:hier|bij|voor))', // a person, not a link or a tool
  'uit dienst',
  'niet langer (?:werkzaam|in dienst|bij ons)',
  '(?:heeft|heb) (?:het bedrijf|de organisatie|ons|[a-z]\\w*) verlaten',
  'met pensioen',
  '(?:dit adres|deze mailbox|dit e-?mailadres|deze inbox)[^.\\n]{0,30} (?:wordt niet meer (?:gelezen|gebruikt)|is niet meer (?:actief|in gebruik))',
  'niet meer in gebruik',
  'wordt niet meer gelezen',
  // pt
  'não (?:trabalha|faz parte) mais',
  'já não (?:trabalha|faz parte)',
  'não está mais (?:conosco|connosco|na empresa|aqui)',
  '(?:deixou|saiu d)a empresa',
  '(?:se )?aposentou',
  'está aposentad[oa]',
  '(?:este|o) (?:endereço|e-?mail|caixa)[^.\\n]{0,30} não (?:está mais ativ[oa]|é mais (?:usad[oa]|utilizad[oa]|monitorad[oa]))',
  'não é mais (?:monitorad[oa]|utilizad[oa])',
  // it
  'non (?:lavora|fa) più',
  'non è più (?:con noi|tra noi|in azienda|dei nostri)',
  "(?:ha|ho) lasciato (?:l'azienda|la società|il gruppo|la nostra azienda)",
  '(?:è andat[oa] |andat[oa] )?in pensione',
  '(?:questo indirizzo|questa casella)[^.\\n]{0,30} non è più (?:attiv[oa]|in uso|monitorat[oa])',
  'non è più (?:attiv[oa]|in uso|monitorat[oa])',
]);

/** What an automatic reply says of an absence in words a person would not use to decline:
 *  "while I'm away", "back on", "during my absence" (only read in a machine's reply). */
export const AWAY = words([
  "(?:i am|i'm|i will be|i'll be) (?:currently )?(?:out|away|off)",
  '(?:out|away|off) (?:until|till|through|from)',
  "(?:while|whilst) (?:i am|i'm) (?:away|out|off)",
  '(?:during|in) my absence',
  '(?:be )?back (?:on|in the office|at work|from)',
  '(?:will|shall) (?:return|be returning)',
  'returning (?:on|to)',
  'während meiner abwesenheit',
  '(?:ab dem|ab|am) [^.\n]{1,20} wieder',
  'vom [^.\n]{1,20} bis',
  'pendant mon absence',
  'je (?:serai|suis) (?:de retour|absente?|en congés?)',
  'durante mi ausencia',
  '(?:regresaré|volveré|estaré de vuelta)',
  'tijdens mijn afwezigheid',
  '(?:weer terug|ben ik (?:niet|weer))',
  'durante a minha ausência',
  '(?:retornarei|estarei de volta|volto)',
  'durante la mia assenza',
  '(?:rientrerò|sarò di nuovo|tornerò)',
  // Away at an event, travelling, or until a day, with the reply promised on return.
  '(?:until|till|through) (?:and including )?(?:the )?(?:\\d+|monday|tuesday|wednesday|thursday|friday|january|february|march|april|may|june|july|august|september|october|november|december)',
  "(?:when|once|after) i (?:get back|return|am back|come back|'m back)",
  '(?:upon|on) my return',
  'attending (?:a|an|the|our)',
  '(?:at|on|attending) (?:a|an) (?:conference|trade (?:fair|show)|training|course|seminar|offsite|off-site|event|retreat|workshop)',
  'travell?ing',
  'bis (?:einschließlich |einschl\\.? |zum |zur |auf )?(?:\\d+|montag|dienstag|mittwoch|donnerstag|freitag)',
  'nach meiner rückkehr',
  '(?:dienstreise|geschäftsreise|messe|konferenz|schulung|fortbildung)',
  "jusqu'(?:au|à|a) (?:\\d+|lundi|mardi|mercredi|jeudi|vendredi)",
  'à mon retour',
  'en (?:formation|séminaire|déplacement|salon|conférence)',
  'hasta el (?:\\d+|lunes|martes|miércoles|jueves|viernes)',
  'a mi (?:regreso|vuelta)',
  '(?:en un|de) (?:congreso|viaje|evento|curso|feria)',
  '(?:tot en met|t/m|tot) (?:\\d+|maandag|dinsdag|woensdag|donderdag|vrijdag)',
  'bij (?:mijn )?terugkomst',
  'na (?:mijn )?terugkeer',
  'op (?:een )?(?:beurs|congres|cursus|reis|training)',
  'até (?:o dia |dia |ao dia )?(?:\\d+|segunda|terça|quarta|quinta|sexta)',
  'quando (?:regressar|voltar|retornar)',
  'no meu (?:regresso|retorno)',
  '(?:em viagem|num congresso|num evento|numa feira)',
  'fino (?:al|a) (?:\\d+|lunedì|martedì|mercoledì|giovedì|venerdì)',
  'al mio (?:rientro|ritorno)',
  '(?:in trasferta|a un (?:congresso|evento|corso)|in fiera)',
]);

/** A machine's acknowledgement or notice: nothing a rep decides on. */
export const ACKNOWLEDGEMENT = words([
  // en
  "we(?:'ve| have)? (?:received|got) your (?:e-?mail|message|request|enquiry|inquiry|ticket|note)",
  'thank you for (?:contacting|reaching out to|your (?:e-?mail|message)\\. we)',
  '(?:ticket|case|request|reference) (?:number|no\\.?|#|id)',
  'ticket #?\\d+',
  'a (?:support )?ticket has been (?:created|opened)',
  'we aim to (?:respond|reply|get back)',
  '(?:respond|reply|get back to you) within \\d+',
  '(?:is|are) not (?:monitored|being monitored|checked)',
  'unmonitored',
  'read receipt',
  'was (?:read|delivered) on',
  'delivery (?:has )?failed',
  'undeliverable',
  'could not be delivered',
  'delivery (?:is |has been )?delayed',
  '(?:has|have) not (?:yet )?been delivered',
  'will (?:continue to )?(?:retry|try again)',
  '(?:held|waiting|queued) for (?:review|approval|moderation)',
  'awaiting (?:review|approval|moderation)',
  'moderator',
  // de
  'wir haben ihre (?:e-?mail|nachricht|anfrage) erhalten',
  'ihre (?:anfrage|nachricht) (?:ist|wurde) (?:bei uns )?eingegangen',
  'ticket-?nummer',
  'wird nicht (?:überwacht|gelesen|regelmäßig gelesen)',
  'innerhalb von \\d+',
  'gelesen am',
  'nicht zugestellt',
  'zustellung (?:verzögert|verspätet)',
  'noch nicht zugestellt',
  'wird (?:erneut|weiterhin) versucht',
  '(?:moderation|freigabe|prüfung) (?:aussteht|erforderlich)',
  // fr
  'nous avons (?:bien )?reçu votre',
  'votre (?:demande|message) a (?:bien )?été (?:reçue?|enregistrée?)',
  'numéro de (?:ticket|dossier)',
  "n'est pas (?:surveillée?|consultée?|lue)",
  'dans les \\d+ ?(?:h|heures|jours)',
  'sous \\d+ ?(?:h|heures|jours)',
  '(?:remise|distribution|livraison) (?:différée|retardée)',
  "n'a pas encore été (?:remis|distribué|livré)",
  'en attente de (?:modération|validation|approbation)',
  // es
  'hemos recibido (?:su|tu)',
  '(?:su|tu) (?:solicitud|mensaje|consulta) (?:ha sido|fue) (?:recibid|registrad)[oa]',
  'número de (?:ticket|caso|incidencia)',
  'no (?:se )?(?:supervisa|revisa|monitoriza)',
  'en un plazo de \\d+',
  'entrega (?:retrasada|demorada)',
  'aún no se ha entregado',
  'pendiente de (?:moderación|aprobación|revisión)',
  // nl
  'wij hebben uw (?:e-?mail|bericht|verzoek|aanvraag) (?:in goede orde )?ontvangen',
  'we hebben je (?:e-?mail|bericht|verzoek|aanvraag) ontvangen',
  'ticketnummer',
  'wordt niet (?:gelezen|gecontroleerd|bewaakt)',
  'binnen \\d+ (?:uur|werkdagen|dagen)',
  '(?:bezorging|aflevering) (?:is )?vertraagd',
  'nog niet (?:afgeleverd|bezorgd)',
  'wacht op (?:goedkeuring|moderatie)',
  // pt
  'recebemos (?:a )?(?:sua|tua) (?:mensagem|solicitação|e-?mail|pedido)',
  '(?:sua|tua) (?:solicitação|mensagem) foi recebida',
  'número do (?:ticket|chamado|protocolo)',
  'não é monitorad[oa]',
  'em até \\d+',
  'entrega (?:atrasada|adiada)',
  'ainda não foi entregue',
  'aguardando (?:moderação|aprovação)',
  // it
  'abbiamo ricevuto (?:la )?(?:sua|tua) (?:e-?mail|richiesta|messaggio)',
  '(?:la sua|la tua) richiesta è stata (?:ricevuta|registrata)',
  'numero (?:di|del) ticket',
  'non è monitorat[oa]',
  'entro \\d+ (?:ore|giorni)',
  'consegna (?:ritardata|in ritardo)',
  'non è (?:ancora )?stat[oa] consegnat[oa]',
  'in attesa di (?:moderazione|approvazione)',
]);

/** Subjects of read receipts and delivery reports: a machine saying nothing of the prospect. */
export const NOTICE_SUBJECT =
  /^(?:read|gelesen|lu|leído|gelezen|lida|letto|delivered|zugestellt|distribué|entregado|bezorgd|entregue|consegnato|undeliverable|unzustellbar|non remis|no entregado|onbestelbaar|não entregue|non recapitabile|delivery status notification|mail delivery failed|returned mail)\s*:/i;

/** Subjects that name an absence (not only an automatic reply). */
export const ABSENT_SUBJECT =
  /^(?:out of (?:the )?office|ooo|abwesenheitsnotiz|abwesend|absence|absent|fuera de la oficina|ausente|afwezig|afwezigheid|ausência|fora do escritório|fuori ufficio|assente)\b/i;
