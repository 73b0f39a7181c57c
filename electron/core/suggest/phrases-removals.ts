// Removals asked in full sentences, beyond phrases-leaving.ts and phrases-plain-endings.ts: the
// data-protection request ("delete all personal data you hold about me", "meine Daten gemäß Art. 17
// DSGVO zu löschen"), consent withdrawn or never given, "cease all communication", "add me to your
// do-not-contact list". The law's name alone is no removal ("Is it GDPR compliant?" is a
// question). Seven languages each; rules.ts merges them (lowercase, whole words, ' matches ’).
import type { Group } from './types';

export const REMOVALS: Partial<Record<Group, string[]>> = {
  dnc: [
    // en
    '(?:delete|erase|remove) (?:all|any) (?:of )?(?:my |the )?(?:personal )?(?:data|information|details) (?:you|about me|on me|held|related to me|concerning me)',
    "(?:didn't|did not|would not|wouldn't) (?:contact|email|e-mail|write to|message) me again",
    'cease (?:all )?(?:communications?|contact|e-?mailing|e-?mails|sending|contacting)',
    'do[- ]not[- ](?:contact|call|e-?mail|mail) list',
    'opt (?:me )?out of (?:these|this|your|all|any|future|further)',
    'refrain from (?:contacting|e-?mailing|writing|sending|messaging)',
    "(?:never|didn't|did not|have not|haven't) (?:gave|give|given) (?:you )?(?:my )?(?:permission|consent)",
    '(?:want|like|need|have) (?:my|our|this) (?:e-?mail )?(?:address|e-?mail|name|details|data|contact(?: details)?) removed',
    'please remove(?=$|[.!])',
    "(?:do not|don't|never) (?:contact|e-?mail|message|write to) (?:this|my) (?:address|e-?mail|inbox)",
    '(?:delete|erase|remove) (?:my|our) (?:contact |personal )(?:info|information|data|details)',
    // de
    'meine (?:personenbezogenen )?(?:daten|kontaktdaten|adresse|e-?mail-?adresse)[^?!\\n]{0,40} (?:zu )?löschen',
    'unterlassen sie (?:bitte )?(?:künftig |zukünftig |in zukunft )?(?:jede|jegliche|weitere)',
    '(?:jede|jegliche) (?:weitere )?kontaktaufnahme',
    'streichen sie (?:bitte )?(?:mich|meine)',
    'nicht mehr (?:angeschrieben|kontaktiert|angerufen|angemailt) werden',
    'widerrufe (?:ich )?(?:hiermit )?(?:meine|jegliche|die) einwilligung',
    'keine (?:weiteren )?zusendungen',
    'keine weitere (?:kontaktaufnahme|e-?mail|nachricht|werbung)',
    'sehen sie (?:bitte )?(?:künftig )?von (?:weiteren|jeglichen) (?:nachrichten|e-?mails|mails|anfragen|kontaktaufnahmen?) ab',
    // fr
    'supprimer (?:mes|toutes mes|nos) (?:données|coordonnées|informations)',
    "(?:cesser|cessez|arrêter) de m'(?:envoyer|écrire|contacter|solliciter)",
    "ne plus m'(?:écrire|envoyer|contacter|solliciter)",
    'ne (?:veux|voulons|souhaitons|désire|désirons) plus (?:recevoir|être contactée?s?)',
    'supprimer (?:mon|notre) (?:adresse|e-?mail|contact)',
    'désabonnez',
    // es
    '(?:supresión|eliminación|borrado) de (?:mis|todos mis) datos',
    'no me (?:vuelvan|vuelva|vuelvas) a (?:escribir|contactar|enviar)',
    '(?:eliminen|elimine|borren|borre|quiten|quite) mi (?:dirección|correo|email|e-mail|contacto)',
    'dejad de (?:escribirme|enviarme|contactarme)',
    // nl
    '(?:mijn|onze) gegevens (?:te )?(?:verwijderen|wissen)',
    'geen verdere (?:berichten|e-?mails|mails|contact)',
    '(?:mij|me) uit (?:uw|jullie|je) (?:bestand|lijst|database|mailinglijst|verzendlijst) (?:te )?(?:verwijderen|halen)',
    'haal (?:mij|me) (?:alstublieft |alsjeblieft |a\\.u\\.b\\. )?(?:van|uit)',
    '(?:mij|me) uit te schrijven',
    'nooit toestemming gegeven',
    // pt
    '(?:retirem|retire|removam|remova|tirem|tire|excluam|exclua) o meu (?:e-?mail|contacto|contato|endereço)',
    'exclusão (?:dos|de) (?:meus|todos os meus) dados',
    '(?:deixem|deixe) de me (?:contactar|contatar|enviar|escrever)',
    'não autorizo',
    'parem de (?:enviar|mandar|me)',
    // it
    'cancellare (?:i miei|tutti i miei) (?:dati|contatti)',
    'cancellarmi',
    'rimuovere il mio (?:indirizzo|contatto|nominativo|e-?mail)',
    'non (?:inviatemi|mandatemi|scrivetemi) più',
    'non ho mai dato (?:il )?(?:mio )?consenso',
    'revoco (?:il )?(?:mio )?consenso',
  ],
};
