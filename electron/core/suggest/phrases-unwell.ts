// A person away through illness or leave, in words beside phrases-said.ts's ("down with the
// flu", "ich bin leider erkrankt", "je suis souffrant", "estou com gripe"), and leaves named
// for what they are (maternity, "RTT", "de folga"), and a conference or a trade fair attended
// ("at a conference in Vienna until Thursday", "auf einer Konferenz", "numa feira"). An absence, never a no; a reply that also
// asks for something is answered by what it asks (decide.ts). Seven languages each; rules.ts
// merges them (lowercase, whole words, ' matches ’).
import type { Group } from './types';

export const UNWELL: Partial<Record<Group, string[]>> = {
  out_of_office: [
    "(?:i'm |i am )?down with (?:the |a )?(?:flu|cold|covid|bug|virus|fever|something)",
    "(?:i've|i have) (?:got |caught )?(?:the flu|covid|a fever|a nasty (?:bug|cold))",
    '(?:ich bin|bin) (?:leider |derzeit |aktuell |gerade )*erkrankt',
    '(?:ich )?liege (?:mit [^.?!\\n]{1,20} )?(?:flach|im bett)',
    '(?:je suis|suis) (?:actuellement |un peu )?souffrante?',
    'cloué(?:e)? au lit',
    '(?:estoy|ando|me encuentro) con (?:gripe|fiebre|covid|un virus)',
    '(?:estoy|ando) (?:malo|mala|pachuch[oa])',
    "(?:sono|sto) (?:a casa |a letto )?con (?:la febbre|l'influenza|il covid)",
    'sono influenzat[oa]',
    '(?:ik )?lig (?:met (?:griep|koorts|corona) )?(?:ziek )?in bed',
    'estou (?:com (?:gripe|febre|covid)|de cama|adoentad[oa])',
    // leaves named for what they are
    'en rtt',
    'in (?:maternità|paternità|malattia)',
    'congedo (?:di )?(?:maternità|paternità)',
    'de folga',
    'em viagem (?:de trabalho|de negócios|profissional)',
    '(?:met|op) (?:zwangerschapsverlof|ouderschapsverlof|verlof)',
    'im mutterschutz',
    'de permiso (?:hasta|por)',
    'off sick (?:this|today|until|till|for|since)',
    'estou de baixa',
    'auf montage',
    'ohne (?:netz|empfang|internet)',
    "(?<![\\s\\S])(?:back|i'm back|back in the office|zurück|wieder da|de retour|vuelvo|terug|volto|rientro) (?:on |am |le |el |op |na |a |il )?(?:monday|tuesday|wednesday|thursday|friday|montag|dienstag|mittwoch|donnerstag|freitag|lundi|mardi|mercredi|jeudi|vendredi|lunes|martes|miércoles|jueves|viernes|maandag|dinsdag|woensdag|donderdag|vrijdag|segunda|terça|quarta|quinta|sexta|lunedì|martedì|mercoledì|giovedì|venerdì)(?:-feira)?[.!]?(?![\\s\\S])",
    // at a conference or a trade fair
    "(?:i'm|i am|i'll be|i will be|we're|we are) (?:currently |still )?at (?:a|the|an) (?:conference|trade (?:fair|show)|summit|expo|congress|convention|event)",
    '(?:at|attending) (?:a |the )?[^.?!\\n]{0,30}(?:conference|trade fair|trade show|summit|expo) (?:all week|this week|until|till|through)',
    '(?:ich bin|bin|wir sind|sind) (?:diese woche |bis [^.?!\\n]{1,20} |gerade |noch |derzeit )*auf (?:einer|der) (?:messe|konferenz|tagung|fachmesse|kongress)',
    '(?:je suis|suis|nous sommes|je serai) (?:cette semaine |actuellement |encore )?(?:à|en|sur) (?:un |une |le |la )?(?:salon|conférence|congrès|séminaire)',
    'en (?:conférence|séminaire|congrès) (?:toute la semaine|cette semaine|jusqu)',
    '(?:estoy|estaré|estamos) (?:esta semana |toda la semana )?en (?:una |un |la |el )?(?:feria|congreso|conferencia|evento)',
    '(?:ik zit|ik ben|zit|we zitten|we zijn) (?:deze week |tot [^.?!\\n]{1,15} )?op (?:een|de|het) (?:beurs|congres|conferentie|vakbeurs|seminar)',
    '(?:deze week |hele week )op (?:een|de|het) (?:beurs|congres|conferentie)',
    '(?:estou|estarei|estamos) (?:esta semana |a semana toda )?(?:numa|num|na|no|em uma|em um) (?:feira|congresso|conferência|evento)',
    '(?:sono|sarò|siamo) (?:questa settimana |tutta la settimana )?(?:a|ad|in|alla|al) (?:una |un |uno )?(?:fiera|convegno|congresso|conferenza)',
  ],
};
