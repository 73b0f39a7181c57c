// A person away through illness or leave, in words beside phrases-said.ts's ("down with the
// flu", "ich bin leider erkrankt", "je suis souffrant", "estou com gripe"), and leaves named
// for what they are (maternity, "RTT", "de folga"). An absence, never a no; a reply that also
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
  ],
};
