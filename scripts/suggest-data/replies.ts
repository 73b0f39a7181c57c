// The labelled set's reply pools, per verdict and language: what prospects write back.
import type { Lang } from './frame';

/** Absence notices: {back} is the day the prospect is back; {until} the last day away. */
export const OOO: Record<Lang, string[]> = {
  en: [
    'Thank you for your email. I am out of the office and will be back on {back}. For urgent matters please contact {colleague}.',
    'I am currently on annual leave with limited access to email. I will return on {back}.',
    'Automatic reply: I’m away until {back} and will respond when I’m back.',
    'I am on parental leave until {until} inclusive. During this time I will not be checking email.',
    'Thanks for your message! I’m travelling with no access to email. Back in the office on {back}.',
    'I’m out of office until {until} inclusive. Your message will not be forwarded.',
  ],
  de: [
    'Vielen Dank für Ihre Nachricht. Ich bin bis einschließlich {until} nicht im Büro und ab dem {back} wieder erreichbar.',
    'Ich bin im Urlaub und ab dem {back} wieder im Büro. In dringenden Fällen wenden Sie sich bitte an {colleague}.',
    'Ich bin derzeit abwesend und habe keinen Zugriff auf meine E-Mails. Ab {back} bin ich wieder zurück.',
    'Ich befinde mich bis zum {until} in Elternzeit. Ihre Nachricht wird nicht weitergeleitet.',
  ],
  fr: [
    'Bonjour, je suis absente du bureau jusqu’au {until} inclus. Je serai de retour le {back}.',
    'Je suis en congés avec un accès limité à mes e-mails. De retour le {back}. Pour toute urgence, contactez {colleague}.',
    'Merci pour votre message. Je suis actuellement en déplacement et serai de retour le {back}.',
    'Je suis en vacances jusqu’au {until}. Je traiterai votre message à mon retour.',
  ],
  es: [
    'Gracias por su mensaje. Estaré fuera de la oficina hasta el {until}. Vuelvo el {back}.',
    'Estoy de vacaciones con acceso limitado al correo. Regreso el {back}. Para temas urgentes escriba a {colleague}.',
    'Me encuentro ausente hasta el {until}. Responderé a su correo a mi regreso.',
    'Estoy fuera de la oficina por un viaje de trabajo. Estaré de vuelta el {back}.',
  ],
  nl: [
    'Bedankt voor je bericht. Ik ben afwezig tot en met {until} en weer aanwezig op {back}.',
    'Ik ben met vakantie en heb beperkte toegang tot mijn e-mail. Vanaf {back} ben ik weer op kantoor.',
    'Ik ben niet op kantoor tot {back}. Voor dringende zaken kun je contact opnemen met {colleague}.',
    'Ik ben op vakantie en terug op {back}.',
  ],
  pt: [
    'Obrigado pelo seu e-mail. Estou fora do escritório e volto no dia {back}.',
    'Estou de férias com acesso limitado ao e-mail até {until}. Retorno em {back}.',
    'Estarei ausente até {until}. Para assuntos urgentes, entre em contato com {colleague}.',
    'Estou de férias. De volta em {back}.',
  ],
  it: [
    'Grazie per il messaggio. Sono fuori ufficio fino al {until} e rientro il {back}.',
    'Sono in ferie con accesso limitato alla posta. Sarò di ritorno il {back}.',
    'Sono assente fino al {until}. Per urgenze contattare {colleague}.',
    'Sono in vacanza e rientro in ufficio il {back}.',
  ],
};
export const OOO_SUBJECT: Record<Lang, string[]> = {
  en: ['Automatic reply: {subject}', 'Out of Office: {subject}', 'Auto-Reply: {subject}', 'Re: {subject}'],
  de: ['Abwesenheitsnotiz: {subject}', 'Automatische Antwort: {subject}'],
  fr: ['Réponse automatique : {subject}', 'Absence : {subject}'],
  es: ['Respuesta automática: {subject}', 'Fuera de la oficina: {subject}'],
  nl: ['Automatisch antwoord: {subject}', 'Afwezig: {subject}'],
  pt: ['Resposta automática: {subject}', 'Ausência: {subject}'],
  it: ['Risposta automatica: {subject}', 'Fuori ufficio: {subject}'],
};

export const REMOVE: Record<Lang, string[]> = {
  en: [
    'Please remove me from your list.',
    'Unsubscribe.',
    'Stop emailing me. This is the third time.',
    'Take me off your mailing list, thanks.',
    'Please do not contact me again.',
    'Remove my email address from your database, please.',
  ],
  de: [
    'Bitte nehmen Sie mich aus Ihrem Verteiler.',
    'Bitte austragen.',
    'Kontaktieren Sie mich bitte nicht mehr.',
    'Löschen Sie meine Daten, bitte.',
  ],
  fr: [
    'Merci de me retirer de votre liste.',
    'Désinscrivez-moi, s’il vous plaît.',
    'Ne me contactez plus.',
    'Arrêtez de m’écrire, merci.',
  ],
  es: [
    'Por favor, denme de baja.',
    'No me escriba más, gracias.',
    'Quíteme de su lista.',
    'Dejen de escribirme.',
  ],
  nl: [
    'Graag uitschrijven.',
    'Verwijder mij uit jullie bestand.',
    'Mail me niet meer.',
    'Haal me van de lijst aub.',
  ],
  pt: [
    'Por favor, me remova da sua lista.',
    'Não me envie mais e-mails.',
    'Parem de me enviar mensagens.',
    'Quero descadastrar meu e-mail.',
  ],
  it: [
    'Per favore rimuovetemi dalla lista.',
    'Non scrivetemi più.',
    'Cancellatemi dalla vostra mailing list.',
    'Smettete di scrivermi, grazie.',
  ],
};

export const WRONG: Record<Lang, string[]> = {
  en: [
    'I’m not the right person for this. Please reach out to {colleague} who runs our sales team.',
    'I left {company} last year, so I can’t help. Try {colleague}.',
    'Wrong contact, sorry. {colleague} handles purchasing decisions here.',
    'I no longer work at {company}. You may want to contact {colleague} instead.',
    'This isn’t my area. {colleague} would be the right person to talk to.',
    'I don’t handle marketing tools anymore; please speak with {colleague}.',
  ],
  de: [
    'Ich bin dafür nicht der richtige Ansprechpartner. Bitte wenden Sie sich an {colleague}.',
    'Ich arbeite nicht mehr bei {company}. Zuständig ist jetzt {colleague}.',
    'Dafür bin ich nicht zuständig, schreiben Sie bitte an {colleague}.',
    'Ich habe das Unternehmen verlassen. Kontaktieren Sie bitte {colleague}.',
  ],
  fr: [
    'Je ne suis pas la bonne personne. Merci de contacter {colleague}.',
    'Je ne travaille plus chez {company}. Adressez-vous à {colleague}.',
    'Ce n’est pas le bon interlocuteur, voyez plutôt avec {colleague}.',
    'J’ai quitté l’entreprise en juin. Vous pouvez contacter {colleague}.',
  ],
  es: [
    'No soy la persona adecuada. Por favor, contacte con {colleague}.',
    'Ya no trabajo en {company}. Escriba a {colleague}.',
    'No soy el responsable de esto; hable con {colleague}.',
    'He dejado la empresa. La persona indicada es {colleague}.',
  ],
  nl: [
    'Ik ben niet de juiste persoon hiervoor. Neem contact op met {colleague}.',
    'Ik werk niet meer bij {company}. Mail naar {colleague}.',
    'Hier ga ik niet over, {colleague} wel.',
    'Ik heb het bedrijf verlaten. Neem contact op met {colleague}.',
  ],
  pt: [
    'Não sou a pessoa certa para isso. Entre em contato com {colleague}.',
    'Não trabalho mais na {company}. Fale com {colleague}.',
    'Não sou o responsável por essa área; contate {colleague}.',
    'Saí da empresa no mês passado. Fale com {colleague}.',
  ],
  it: [
    'Non sono la persona giusta. Contattate {colleague}.',
    'Non lavoro più per {company}. Scrivete a {colleague}.',
    'Non mi occupo di questo, rivolgetevi a {colleague}.',
    'Ho lasciato l’azienda. Potete contattare {colleague}.',
  ],
};

export const NOT_INTERESTED: Record<Lang, string[]> = {
  en: [
    'Not interested, thanks.',
    'We’re all set on this front.',
    'Thanks, but this isn’t a fit for us.',
    'We already have a solution we’re happy with.',
    'No thank you.',
    'Not a priority for us right now or in the foreseeable future.',
    'We will pass.',
    'We don’t need this.',
    'Appreciate it, but we’re not looking for anything like this.',
    'Not relevant for us, sorry.',
  ],
  de: [
    'Kein Interesse, danke.',
    'Wir haben keinen Bedarf.',
    'Nein danke, wir haben bereits eine Lösung.',
    'Das brauchen wir nicht.',
  ],
  fr: [
    'Pas intéressé, merci.',
    'Non merci, ce n’est pas pour nous.',
    'Nous n’avons pas besoin de cela.',
    'Aucun intérêt pour nous.',
  ],
  es: ['No nos interesa, gracias.', 'No estamos interesados.', 'No, gracias.', 'No necesitamos esto.'],
  nl: ['Geen interesse, bedankt.', 'Nee, dank je.', 'Geen behoefte aan.', 'Niet geïnteresseerd.'],
  pt: ['Não temos interesse, obrigado.', 'Não, obrigado.', 'Não precisamos disso.', 'Sem interesse.'],
  it: ['Non ci interessa, grazie.', 'No grazie.', 'Non siamo interessati.', 'Non abbiamo bisogno.'],
};

export const INTERESTED: Record<Lang, string[]> = {
  en: [
    'This sounds interesting. Can you send me more information?',
    'I’m interested. What does pricing look like for a team of 20?',
    'Tell me more — how does it work with HubSpot?',
    'Yes, we are interested. Let’s set up a call next week.',
    'Happy to chat. What times work for you on Thursday?',
    'Could you send over the deck and some case studies?',
    'Interesting timing, we were just looking at this. Can we schedule a demo?',
    'Sure, I’d love to learn more. How much would it cost for our sales team?',
    'We are definitely interested. Who else on my team should join?',
    'Let’s find a time to talk. I’m free Tuesday afternoon.',
  ],
  de: [
    'Klingt interessant. Können Sie mir mehr Informationen schicken?',
    'Wir sind interessiert, wann passt Ihnen ein Gespräch?',
    'Gerne, schicken Sie mir bitte mehr Infos.',
    'Ich bin interessiert. Was kostet das?',
  ],
  fr: [
    'Cela m’intéresse. Pouvez-vous m’envoyer plus d’informations ?',
    'Je suis intéressé, quand êtes-vous disponible ?',
    'Volontiers, envoyez-moi une présentation.',
    'Nous sommes intéressés par une démo.',
  ],
  es: [
    'Me interesa. ¿Puede enviarme más información?',
    'Estamos interesados, ¿cuándo podemos hablar?',
    'Suena bien, envíeme los precios.',
    'Estoy interesado en una demo.',
  ],
  nl: [
    'Klinkt interessant. Kun je meer informatie sturen?',
    'We zijn geïnteresseerd, wanneer kunnen we bellen?',
    'Ik ben geïnteresseerd, stuur me de prijzen.',
    'Graag meer informatie.',
  ],
  pt: [
    'Tenho interesse. Pode me enviar mais informações?',
    'Estamos interessados, quando podemos conversar?',
    'Estou interessado, qual é o preço?',
    'Gostaria de mais informações.',
  ],
  it: [
    'Mi interessa. Può mandarmi più informazioni?',
    'Siamo interessati, quando possiamo sentirci?',
    'Sono interessato, quanto costa?',
    'Vorrei più informazioni, grazie.',
  ],
};

export const MEETING: Record<Lang, string[]> = {
  en: [
    'I just booked a slot for Thursday at 2pm via your link. See you then.',
    'Accepted the calendar invite, talk on Monday.',
    'I’ve scheduled a call for next Tuesday. Looking forward to it.',
    'Booked a time on your calendar for Friday morning.',
    'Invite accepted — see you on Wednesday.',
    'I grabbed a slot on your calendar for tomorrow at 10.',
  ],
  de: [
    'Ich habe einen Termin für Donnerstag gebucht. Bis dann!',
    'Einladung angenommen, bis Montag.',
    'Termin ist eingetragen, bis Dienstag.',
  ],
  fr: [
    'J’ai réservé un créneau jeudi à 14h. À jeudi !',
    'Invitation acceptée, à lundi.',
    'Rendez-vous confirmé pour mardi.',
  ],
  es: [
    'He reservado una reunión para el jueves. Nos vemos.',
    'Invitación aceptada, hablamos el lunes.',
    'Reunión confirmada para el martes.',
  ],
  nl: ['Ik heb een afspraak ingepland voor donderdag. Tot dan!', 'Uitnodiging geaccepteerd, tot maandag.'],
  pt: ['Agendei uma reunião para quinta-feira. Até lá!', 'Convite aceito, até segunda.'],
  it: ['Ho prenotato una call per giovedì. A presto!', 'Invito accettato, ci vediamo lunedì.'],
};

export const UNCLEAR: string[] = [
  'Who is this?',
  'How did you get my email address?',
  'What is this about?',
  'Oh great, another cold email. Just what I needed today.',
  'Not right now, but maybe check back in Q3 when budgets reset.',
  'Can you tell me which company you are with?',
  'Is this automated?',
  'Let me think about it and get back to you.',
  'Forwarding to my team to take a look.',
  'We might revisit this next year.',
  'Interesting. What makes you different from Outreach and Apollo?',
  'I’ll discuss it with my boss.',
  'Thanks for reaching out.',
  'Hmm.',
  'Can you resend this? The formatting is broken on my phone.',
  'Yeah right, because the 5th follow-up always works.',
  'We’re reorganizing, ping me after the summer.',
  'Why do you keep writing to this address?',
];
