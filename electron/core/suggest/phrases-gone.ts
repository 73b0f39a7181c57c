// More ways of saying a person is gone for good, added to machine.ts's GONE (read in every reply,
// a person's or a machine's): left in a few words ("Mark isn't here anymore", "Pieter is
// vertrokken"), retired ("Henk is inmiddels gepensioneerd"), no longer working with the company
// ("ne collabore plus avec nous"), a mailbox closed ("Dieses Postfach wurde deaktiviert"). Seven
// languages each; lowercase, whole words, ' matches ’. Never an absence: "il est parti en
// vacances" is away, not gone (machine.ts's own phrases keep out holidays and trips).

export const GONE_MORE = [
  // en
  '(?:i|he|she|they) (?:has |have )?now left (?:the company|the business|us|[a-z][\\w&.-]*)',
  '(?:the )?(?:e-?mail )?address you (?:have )?(?:written|wrote|sent) to (?:is|has been) no longer',
  // de
  '(?:bin|ist) seit [^.\\n]{1,20} nicht mehr (?:bei|im|in der|für)',
  // fr
  "(?:je ne suis|il n'est|elle n'est) plus (?:chez|dans l'entreprise|dans la société)",
  // es
  'me jubilé',
  '(?:hace|desde hace) (?:un año|\\w+ (?:meses|años)) que (?:ya )?no (?:estoy|trabajo) en',
  // nl
  '(?:ben|is) (?:per|sinds) [^.\\n]{1,20} (?:gestopt|weg|vertrokken) (?:bij|van)',
  '(?:het )?(?:adres|e-?mailadres) [^\\n]{0,60}?bestaat niet meer',
  // pt
  '(?:caixa de correio|conta|endereço)[^.\\n]{0,40} foi desativad[ao]',
  '(?:este e-?mail|este endereço) (?:já não é|não é mais) utilizado',
  // it
  'non lavoro più (?:lì|qui|con voi|da voi|presso|in)',
  "(?:isn't|is not|is no longer|aren't|are not) (?:here|around) any ?(?:more|longer)",
  "(?:he|she|they)(?:'s| is| are|'re) not here any ?(?:more|longer)",
  'moved on (?:a while|some time|a (?:few|couple of) (?:weeks|months|years)|(?:two|three|several|many) (?:weeks|months|years)|last (?:week|month|year)|earlier this (?:month|year))',
  '(?:has|have) moved (?:on )?to (?:a new (?:role|position|job|employer|company|opportunity) (?:outside|elsewhere|at another)|another (?:company|employer|organi[sz]ation)|pastures new)',
  "(?:i've|i have|he's|she's|they've|(?:he|she) has) (?:now )?retired",
  'retired (?:at the end of|in (?:january|february|march|april|may|june|july|august|september|october|november|december|\\d{4})|last (?:week|month|year)|earlier this (?:month|year)|a (?:few|couple of) (?:weeks|months) ago)',
  '(?:account|mailbox|inbox|e-?mail address)[^.\\n]{0,40} (?:has been|was|is now) (?:disabled|deactivated|closed|decommissioned|deleted)',
  // de
  '(?:der|die|er|sie) ist (?:schon )?(?:lange|länger|seit (?:langem|längerem|monaten|jahren)) (?:nicht mehr da|weg)',
  '(?:bin|ist) (?:inzwischen |mittlerweile |seit \\S+ )?pensioniert',
  '(?:bin|ist) (?:inzwischen |mittlerweile |seit \\S+ )?(?:in rente|in pension)',
  '(?:postfach|e-?mail-?adresse|e-?mail-?konto|konto)[^.\\n]{0,30} (?:wurde|ist) (?:deaktiviert|gelöscht|geschlossen|stillgelegt|aufgelöst)',
  // fr
  "n'est plus (?:là|ici|avec nous)(?=$|[.!,;])",
  "(?:il|elle) est partie? (?:cet été|cet automne|cet hiver|ce printemps|l'été dernier|depuis)",
  '(?:ne collabore|ne travaille) plus (?:avec|pour|chez|au sein)',
  "(?:est|suis) (?:désormais |maintenant |aujourd’hui |aujourd'hui )?retraitée?",
  '(?:adresse|boîte(?: mail| aux lettres)?|messagerie|compte)[^.\\n]{0,30} (?:a été|est) (?:désactivée?|supprimée?|fermée?|clôturée?)',
  // es
  'ya no (?:colabora|está vinculad[oa]) con',
  'ya no está en activo',
  '(?:buzón|cuenta|dirección|correo)[^.\\n]{0,30} (?:ha sido|fue|está) (?:(?:desactivad|cerrad|eliminad)[oa]|dad[oa] de baja)',
  // it
  'non collabora più (?:con|per|presso)',
  '(?:casella|indirizzo|account)[^.\\n]{0,30} (?:è stat[oa]|risulta) (?:disattivat|chius|eliminat|dismess)[oa]',
  // nl
  '(?:is|zijn) (?:al |inmiddels |onlangs )?vertrokken(?=$|[.!,;])',
  '(?:hij|zij|ze) is (?:al )?(?:een tijdje|een tijd|lang|sinds \\w+|inmiddels) weg',
  '(?:heeft|hebben) (?:een nieuwe uitdaging|een nieuwe baan|elders een baan)',
  'gepensioneerd',
  '(?:mailbox|e-?mailadres|adres|account)[^.\\n]{0,30} (?:is|wordt|werd) (?:opgeheven|gedeactiveerd|verwijderd|afgesloten)',
  // pt
  '(?:já )?não colabora (?:mais )?(?:connosco|conosco|com)',
  'reformou-se',
  '(?:está|encontra-se) reformad[oa]',
  '(?:caixa|endereço|conta)[^.\\n]{0,30} (?:foi|está|será) (?:desativad|encerrad|eliminad|desligad)[oa]',
  // in a few words more
  'left the (?:company|business|firm|organi[sz]ation)(?=$|[.!,;]| (?:in|last|a few|some|back|recently|earlier|months|weeks|years))',
  'not here any ?(?:more|longer)',
  // Not someone else the reply speaks of ("the previous lead has since moved on").
  "(?<!(?:that|this|our|whose|the (?:previous|former|old|last)|who) [^.?!\\n]{0,30})(?:(?<!we |i )has|(?<!we |i |they )have|(?!it'|that'|what')\\p{L}+'s) (?:since |now )?moved on(?=$|[.!,;]| from )",
  "(?:has |'s )?changed (?:jobs|companies|employers)",
  '(?:hat|habe) (?:uns|das unternehmen|die firma) (?:[^.\\n]{1,25} )?verlassen',
  '(?:hat|ist) (?:den (?:job|arbeitgeber) gewechselt|zu einer anderen firma gewechselt)',
  'parti(?:e|s|es)? depuis (?:longtemps|des mois|des années|plusieurs mois|un moment)',
  "plus (?:dans|chez|au sein de) (?:l'entreprise|la société|nos effectifs|notre (?:société|entreprise|équipe))",
  'a changé de (?:poste|société|boîte|travail|job|entreprise|crèmerie)',
  '(?:se marchó|se fue)(?=$|[.!,;])',
  'cambió de (?:trabajo|empresa)',
  "se n'è andat[oa](?=$|[.!,;])",
  '(?:ha|hanno) cambiato (?:lavoro|azienda)',
  "non c'è più(?: in azienda| qui| con noi)?(?=$|[.!,;])",
  '(?:niet meer|niet langer) in dienst(?=$|[.!,;])',
  '(?:hij|zij|ze) is weg bij (?:ons|het bedrijf)',
  'werkt hier (?:al )?(?:een tijd(?:je)?|een poos|sinds \\w+|lang) niet meer',
  '(?:is van baan veranderd|werkt nu (?:ergens anders|elders|bij een ander bedrijf))',
  '(?:já )?não está (?:mais )?(?:connosco|conosco)',
  'mudou de (?:empresa|emprego|trabalho)',
  // a few words more ("Is weg.", "Saiu.", "Ya no está."); with no one named, only a sentence that
  // is nothing else: "het boek is weg", "o e-mail saiu", "hoy ya no está" (gone for the day) and
  // "ich bin heute nicht mehr im Haus" say nothing of a person gone for good
  '(?:er|sie) ist (?:schon |leider |inzwischen |längst )?weg(?=$|[.!,;])',
  'hat (?:den job |die stelle |den arbeitgeber |die firma )?gewechselt(?=$|[.!,;])',
  'nicht mehr im haus(?=$|[.!,;])(?<!\\p{L}[^.!?,;\\n]*nicht mehr im haus)',
  '(?:ist|arbeitet) (?:schon |bereits )?(?:lange|länger|eine weile|seit langem) nicht mehr (?:hier|da|bei uns)',
  'plus chez nous(?=$|[.!,;])',
  "a quitté (?:la boîte|l'équipe|nos équipes|la structure)",
  'ya no está(?=$|[.!,;])(?<!\\p{L}[^.!?,;\\n]*ya no está)',
  'dejó la (?:empresa|compañía)(?=$|[.!,;])',
  'non è più qui(?=$|[.!,;])(?<!\\p{L}[^.!?,;\\n]*non è più qui)',
  'is weg(?=$|[.!,;])(?<!\\p{L}[^.!?,;\\n]*is weg)',
  '(?:die|diegene) is (?:allang |inmiddels )?weg(?=$|[.!,;])',
  'zit (?:hier )?niet meer (?:hier|bij ons|bij het bedrijf)',
  'zit hier niet meer(?=$|[.!,;])',
  '(?:hij|zij|ze|die) is er niet meer(?=$|[.!,;])',
  'saiu(?=$|[.!,;])(?<!\\p{L}[^.!?,;\\n]*saiu)',
  'já não está (?:(?:cá|aqui)(?=$|[.!,;])|na empresa)',
  'not with (?:the company|the firm|the business|us) any ?(?:more|longer)',
  'left (?:us |the company )?(?:a while back|some time ago|ages ago)',
  '(?:he|she|they) (?:has |have )?moved on(?=$|[.!,;])',
];
