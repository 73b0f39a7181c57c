// What the prospect wrote: the reply's own text without quoted history, forwarded parts or the
// signature. Hand-written patterns rather than a reply-parsing library: the one measured
// (email-reply-parser) took ~0.25 ms a message, a quarter of the budget, and kept localized
// sign-offs ("Mit freundlichen Grüßen", "Cordiali saluti") and everything under them.
import { htmlToText } from '../store/util';

/** Past this the text is cut: no reply says anything decisive after several pages. */
const TEXT_MAX = 6_000;

const HTML = /<(?:html|body|div|p|br|span|table|blockquote|font|b|i|a)\b[^>]*>/i;

/** "On Tue, 3 Nov 2026, Sam <sam@x.com> wrote:" and its siblings, possibly wrapped on two lines. */
const QUOTE_HEADER =
  /^[ \t]*(?:On|Am|Le|El|Op|Em|Il|In data|Il giorno)\b[^\n]{0,200}(?:\n[^\n]{0,200})?(?:\bwrote|\ba écrit|\bescribió|\bescreveu|\bha scritto|\bschrieb\b[^\n]{0,120}|\bschreef\b[^\n]{0,120})\s*:\s*$/m;

/** Lines after which everything is another message: original-message rules and forward banners. */
const BANNER =
  /^[ \t]*(?:-{2,}\s*(?:Original Message|Ursprüngliche Nachricht|Message d'origine|Mensaje original|Oorspronkelijk bericht|Mensagem original|Messaggio originale)\s*-{2,}|-{2,}\s*(?:Forwarded message|Weitergeleitete Nachricht|Message transféré|Mensaje reenviado|Doorgestuurd bericht|Mensagem encaminhada|Messaggio inoltrato)\s*-*|Begin forwarded message:|Anfang der weitergeleiteten Nachricht:|Début du message réexpédié :?|Inicio del mensaje reenviado:|Begin doorgestuurd bericht:|Início da mensagem encaminhada:|Inizio messaggio inoltrato:)[ \t]*$/im;

/** An Outlook-style header block: "From: …" followed closely by "Sent:"/"Subject:" in any language. */
const HEADER_BLOCK =
  /^[ \t*]*(?:From|Von|De|Van|Da|Fra)[ \t]*:[^\n]*\n(?:[^\n]*\n){0,3}?[ \t*]*(?:Sent|Date|Gesendet|Datum|Envoyé|Enviado(?: el)?|Verzonden|Enviada em|Inviato|Data|To|An|À|Para|Aan|A|Subject|Betreff|Objet|Asunto|Onderwerp|Assunto|Oggetto)[ \t]*:/im;

/** A line that closes the message: a sign-off, a signature rule, a "sent from my phone". */
const CLOSING =
  /^[ \t]*(?:--|-- |__+|(?:many )?thanks|thank you|danke|merci|gracias|bedankt|obrigad[oa]|grazie|(?:best|kind|warm|many|with)? ?regards|best(?: wishes)?|cheers|sincerely|yours(?: truly| sincerely)?|all the best|thanks(?: and| &) regards|sent from my [^\n]*|get outlook for [^\n]*|mit freundlichen grüßen|freundliche grüße|viele grüße|beste grüße|liebe grüße|lg|gruß|grüße|von meinem [^\n]* gesendet|cordialement|bien (?:à|a) vous|bien cordialement|salutations|bonne journée|envoyé de mon [^\n]*|saludos(?: cordiales)?|un saludo|atentamente|enviado desde mi [^\n]*|met vriendelijke groet(?:en)?|vriendelijke groet(?:en)?|groeten|groet|verstuurd vanaf mijn [^\n]*|verzonden vanaf mijn [^\n]*|atenciosamente|cumprimentos|abraços?|enviado do meu [^\n]*|cordiali saluti|distinti saluti|saluti|un saluto|inviato da [^\n]*)[ \t]*[,.!]?[ \t]*$/im;

const CLOSINGS = new RegExp(CLOSING.source, 'gim');

/** Nothing but a greeting line, or nothing at all. */
function greetingOnly(text: string): boolean {
  const line = text.trim();
  if (line === '') return true;
  if (line.includes('\n')) return false;
  const g = GREETING.exec(line);
  return !!g && ADDRESSEE.test(line.slice(g[0].length));
}

const TAGLINE =
  /\n[ \t]*\n[ \t]*(?:[^\n]{0,80} \| [^\n]{0,120}|\p{Lu}[\p{L}&.]*(?: \p{Lu}[\p{L}&.]*){0,3} [-–—] [^\n]{0,120})[ \t]*$/u;

/** A greeting at the start of a line ("Hi Isabella,", "Sehr geehrte Frau Roth,"). */
export const GREETING =
  /^[ \t]*(?:hi|hello|hey|dear|good (?:morning|afternoon)|hallo|guten (?:tag|morgen)|sehr geehrte[rs]?|liebe[rs]?|moin|servus|bonjour|bonsoir|salut|cher|chère|hola|buenos días|buenas(?: tardes)?|estimad[oa]|hoi|beste|goedemorgen|goedemiddag|olá|ola|bom dia|boa tarde|prezad[oa]|caro|cara|ciao|buongiorno|buonasera|salve|gentile)(?![\p{L}])/iu;
/** What may follow a greeting on its line: names, titles, "there", and a comma. */
export const ADDRESSEE =
  /^(?:[ \t]+(?:\p{Lu}[\p{L}.'’-]*|there|team|all|everyone|zusammen|à tous|a todos|allemaal|a tutti))*[ \t]*[,!:.]?[ \t]*$/u;

function cutAt(text: string, re: RegExp): string {
  const m = re.exec(text);
  return m ? text.slice(0, m.index) : text;
}

/** The body as plain text: HTML through the app's converter (quotes come out as "> " lines). */
export function plainText(body: string): string {
  // Only the start is read: a 2 MB body costs what its first pages cost (markup takes room, so
  // HTML gets more before it is converted).
  const text = HTML.test(body.slice(0, 2000))
    ? htmlToText(body.slice(0, TEXT_MAX * 4))
    : body.slice(0, TEXT_MAX);
  return text
    .slice(0, TEXT_MAX)
    .replace(/\r\n?/g, '\n')
    .replace(/\u00a0/g, ' ');
}

/** The prospect's own words: quoted history, forwarded parts, ">" lines and the signature removed. */
export function ownText(body: string): string {
  let text = plainText(body);
  // Answers written between the quoted lines ("> Open to a demo?" / "Yes, in January"): nothing
  // but a greeting above the quote header, and the quote opens at once. The quoted lines go below.
  const header = QUOTE_HEADER.exec(text);
  const after = header ? text.slice(header.index + header[0].length) : '';
  if (header && /^\s*>/.test(after) && greetingOnly(text.slice(0, header.index)))
    text = `${text.slice(0, header.index)}\n${after}`;
  else text = cutAt(text, QUOTE_HEADER);
  text = cutAt(text, BANNER);
  text = cutAt(text, HEADER_BLOCK);
  text = text
    .split('\n')
    .filter((line) => !/^[ \t]*>/.test(line))
    .join('\n');
  // A sign-off ends the message only when something came before it besides a greeting: "Best
  // regards" alone stays, and "Hi Sam,\n\nThanks!\nCould you send more info?" is a thanks that
  // opens the message, not one that closes it.
  for (const close of text.matchAll(CLOSINGS)) {
    const before = text.slice(0, close.index);
    if (!greetingOnly(before)) {
      text = before;
      break;
    }
  }
  // A company's tagline under the text ("Northwind - out of the office, into the field",
  // "Acme | We help teams…"): a last paragraph of one line built like one.
  text = text.trimEnd();
  const tag = TAGLINE.exec(text);
  if (tag && text.slice(0, tag.index).trim() !== '') text = text.slice(0, tag.index);
  return text.trim();
}
