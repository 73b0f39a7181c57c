// Interest said without the usual words, beside phrases-interest.ts: curiosity ("I'm curious",
// "me pica la curiosidad"), a problem that is on the table now ("timely", "tombe à pic"), next
// steps asked for, an explanation asked for ("können Sie das genauer erklären?"), and an
// assistant who writes on someone's behalf that they want to know more or asks for times.
// Seven languages each; phrases-interest.ts adds them to its own (lowercase, whole words, '
// matches ’).

export const CURIOUS: string[] = [
  // en
  "(?:i'm|i am|we're|we are) (?:a bit |quite |genuinely )?curious",
  '(?:what|how) (?:would|do|are|could) (?:the )?next steps',
  'next steps look like',
  "(?:this is|that's|that is|it's|it is) (?:actually |quite |very |really )?timely",
  'looks (?:really |quite |very )?promising',
  '(?:could|can|would) you (?:please )?(?:elaborate|expand|explain)',
  '(?<!not )open to (?:learning|hearing) more',
  'go on,? (?:then|tell me|what)',
  'who else (?:in [^.?!\\n]{1,20} )?(?:is using|uses|works with|is on)',
  "(?:she|he|they)(?:'d| would) (?:like|love|be keen) to (?:know|hear|learn|see) more",
  '(?:is|are) keen to (?:hear|learn|know|see) more',
  '(?:propose|suggest|send) (?:a few|a couple of|some) (?:times|slots|dates)',
  // de
  'hört sich (?:gut|interessant|spannend) an',
  '(?:können|könnten) sie (?:mir )?(?:das )?(?:etwas |bitte )?(?:genauer|näher) (?:erklären|erläutern|beschreiben)',
  'nächsten schritte',
  '(?:ist|wäre) bei uns (?:tatsächlich |gerade |derzeit |aktuell )+(?:ein )?(?:thema|aktuell)',
  'um einen terminvorschlag',
  '(?:hat|haben) interesse und',
  // fr
  'je suis (?:assez |très )?curieu(?:x|se)',
  'concrètement,? (?:ça|cela) donnerait quoi',
  'prochaines étapes',
  'tombe à pic',
  "(?:serait|serais|serions) (?:ravie?s?|heureu(?:x|se)s?) d'échanger",
  '(?:me|nous) proposer (?:des|quelques) créneaux',
  '(?:il|elle) souhaiterait en savoir plus',
  // es
  'me pica la curiosidad',
  '(?:siguientes|próximos) pasos',
  '(?:quiere|querría|quisiera) saber más',
  '(?:propon(?:er|ga|gas)|propusieras|propusiera) (?:un par de |algunas )?fechas',
  '(?:le|les) interesa y',
  // nl
  'vertel (?:me|ons) (?:gerust |eens )?(?:wat |iets )?meer',
  '(?:ik ben |wij zijn |we zijn )?nieuwsgierig(?![\\p{L}]* naar (?:hoe|waar) (?:u|je) (?:aan|mijn))',
  '(?:kun|kunt|kan) (?:je|u) (?:me |ons )?uitleggen',
  'volgende stappen',
  '(?:hij|zij|ze) (?:wil|hoort) graag meer',
  '(?:een paar|enkele) (?:tijden|momenten|data) voorstellen',
  'precies op het juiste moment',
  // pt
  'próximos passos',
  '(?:fiquei|estou) curios[oa]',
  '(?:gostaria|gostava|quer) de saber mais',
  '(?:propor|sugerir) (?:algumas|umas) datas',
  '(?:tem|têm) interesse e',
  'em boa altura',
  // it
  'sono curios[oa]',
  'prossimi passi',
  '(?:vorrebbe|vorrei|vorremmo) saperne di più',
  '(?:proporre|proporci|propormi) qualche data',
  '(?<!non )è interessat[oa]',
  'al momento giusto',
  '(?:ha|avete|hai) (?:qualche|dei|altri) dettagli(?:o)?(?: in più)?',
  '(?<!pas )comment (?:ça|cela) (?:marche|fonctionne)(?: exactement| concrètement)?',
];
