// Writes the team's labelled replies (data/suggest/train.jsonl and heldout.jsonl) from the phrase
// pools below: what prospects write back to cold e-mails, in seven languages, with greetings,
// sign-offs, quoted history and forwarded chains around it. Every pool is split in two: the first
// half of each pool's entries builds the training replies, the second half only the held-out
// ones, so the held-out part is phrasing the model has never seen. Deterministic (one seed).
//
//   npx tsx scripts/suggest-data/index.ts
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  COMPANIES,
  GREET,
  NAMES,
  QUOTED,
  SIGN,
  SUBJECTS,
  SURNAMES,
  TAGLINES,
  dayIn,
  type Lang,
} from './frame';
import { INTERESTED, MEETING, NOT_INTERESTED, OOO, OOO_SUBJECT, REMOVE, UNCLEAR, WRONG } from './replies';

type Label =
  'interested' | 'meeting_booked' | 'not_interested' | 'out_of_office' | 'wrong_person' | 'unclear';

interface Line {
  subject: string;
  body: string;
  label: Label;
  lang: Lang;
  sentAt: string;
  returnDate?: string;
  doNotContact?: boolean;
}

let seed = 20261125;
const rnd = (): number => {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
/** One half of a pool: train takes the even entries, held-out the odd ones. */
const half = <T>(xs: readonly T[], heldout: boolean): T[] => xs.filter((_, i) => i % 2 === (heldout ? 1 : 0));

const colleagueOf = (lang: Lang): string => {
  const name = pick(NAMES);
  const surname = pick(SURNAMES);
  const company = pick(COMPANIES);
  const email = `${name.toLowerCase().replace('ã', 'a')}.${surname.toLowerCase().replace(/[^a-z]/g, '')}@${company}.example`;
  return pick([
    `${name} ${surname} (${email})`,
    email,
    `${name} ${surname}`,
    `my colleague ${name} ${surname} at ${email}`,
  ]).replace('my colleague', lang === 'en' ? 'my colleague' : '');
};

function iso(d: Date): string {
  return d.toISOString().slice(0, 10);
}

function wrap(
  lang: Lang,
  core: string,
  heldout: boolean,
  extra: { quoted?: boolean; tagline?: boolean } = {},
): string {
  const parts = [pick(GREET[lang]), core];
  const sign = pick(SIGN[lang]);
  if (sign) parts.push(`${sign}\n${pick(NAMES)}`);
  if (extra.tagline) parts.push(pick(TAGLINES));
  if (extra.quoted) parts.push(pick(half(QUOTED, heldout).length ? half(QUOTED, heldout) : QUOTED));
  const text = parts.filter(Boolean).join('\n\n');
  // A share of replies come as HTML, as mail clients send them.
  if (rnd() < 0.3)
    return text
      .split('\n\n')
      .map((p) =>
        p.startsWith('>') || p.startsWith('On ') || p.startsWith('Am ') || p.startsWith('Le ')
          ? `<blockquote>${p.replace(/\n/g, '<br>')}</blockquote>`
          : `<p>${p.replace(/\n/g, '<br>')}</p>`,
      )
      .join('');
  return text;
}

const LANGS: Lang[] = ['en', 'de', 'fr', 'es', 'nl', 'pt', 'it'];

function make(heldout: boolean, count: Record<Label, number>): Line[] {
  const out: Line[] = [];
  const base = Date.UTC(2026, 10, 2, 8, 0);
  const sentAt = (): Date =>
    new Date(base + Math.floor(rnd() * 40) * 86_400_000 + Math.floor(rnd() * 10) * 3_600_000);
  const subject = (): string =>
    pick(SUBJECTS).replace(
      '{company}',
      pick(COMPANIES).replace(/^./, (c) => c.toUpperCase()),
    );
  const fill = (s: string, lang: Lang): string =>
    s.replace('{colleague}', colleagueOf(lang)).replace(
      '{company}',
      pick(COMPANIES).replace(/^./, (c) => c.toUpperCase()),
    );
  for (let i = 0; i < count.out_of_office; i++) {
    const lang = LANGS[i % LANGS.length]!;
    const at = sentAt();
    const back = new Date(at.getTime() + (2 + Math.floor(rnd() * 20)) * 86_400_000);
    const until = new Date(back.getTime() - 86_400_000);
    const style = Math.floor(rnd() * 3);
    const core = fill(pick(half(OOO[lang], heldout)), lang)
      .replace('{back}', dayIn(lang, back, style))
      .replace('{until}', dayIn(lang, until, style));
    const subj = pick(OOO_SUBJECT[lang]).replace('{subject}', subject().replace(/^R[Ee]: /, ''));
    out.push({
      subject: subj,
      body: wrap(lang, core, heldout),
      label: 'out_of_office',
      lang,
      sentAt: at.toISOString(),
      returnDate: iso(back),
    });
  }
  for (let i = 0; i < count.not_interested; i++) {
    const lang = i % 3 === 0 ? LANGS[(i / 3) % LANGS.length]! : 'en';
    const remove = i % 2 === 0;
    const pool = remove ? REMOVE[lang] : NOT_INTERESTED[lang];
    const line: Line = {
      subject: subject(),
      body: wrap(lang, fill(pick(half(pool, heldout)), lang), heldout, {
        quoted: rnd() < 0.4,
        tagline: rnd() < 0.2,
      }),
      label: 'not_interested',
      lang,
      sentAt: sentAt().toISOString(),
    };
    if (remove) line.doNotContact = true;
    out.push(line);
  }
  for (let i = 0; i < count.wrong_person; i++) {
    const lang = LANGS[i % LANGS.length]!;
    out.push({
      subject: subject(),
      body: wrap(lang, fill(pick(half(WRONG[lang], heldout)), lang), heldout, { quoted: rnd() < 0.4 }),
      label: 'wrong_person',
      lang,
      sentAt: sentAt().toISOString(),
    });
  }
  for (let i = 0; i < count.interested; i++) {
    const lang = i % 4 === 0 ? LANGS[(i / 4) % LANGS.length]! : 'en';
    out.push({
      subject: subject(),
      body: wrap(lang, fill(pick(half(INTERESTED[lang], heldout)), lang), heldout, {
        quoted: rnd() < 0.5,
        tagline: rnd() < 0.2,
      }),
      label: 'interested',
      lang,
      sentAt: sentAt().toISOString(),
    });
  }
  for (let i = 0; i < count.meeting_booked; i++) {
    const lang = i % 3 === 0 ? LANGS[(i / 3) % LANGS.length]! : 'en';
    out.push({
      subject: subject(),
      body: wrap(lang, pick(half(MEETING[lang], heldout)), heldout, { quoted: rnd() < 0.5 }),
      label: 'meeting_booked',
      lang,
      sentAt: sentAt().toISOString(),
    });
  }
  for (let i = 0; i < count.unclear; i++) {
    out.push({
      subject: subject(),
      body: wrap('en', pick(half(UNCLEAR, heldout)), heldout, { quoted: rnd() < 0.6, tagline: rnd() < 0.3 }),
      label: 'unclear',
      lang: 'en',
      sentAt: sentAt().toISOString(),
    });
  }
  // Shuffled, so a file read in order is not sorted by label.
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const dir = join(import.meta.dirname, '..', '..', 'data', 'suggest');
const write = (name: string, lines: Line[]) =>
  writeFileSync(join(dir, name), lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
const train = make(false, {
  out_of_office: 84,
  not_interested: 70,
  wrong_person: 56,
  interested: 50,
  meeting_booked: 30,
  unclear: 50,
});
const heldout = make(true, {
  out_of_office: 42,
  not_interested: 30,
  wrong_person: 28,
  interested: 24,
  meeting_booked: 14,
  unclear: 24,
});
write('train.jsonl', train);
write('heldout.jsonl', heldout);
console.log(`train ${train.length}, held-out ${heldout.length}`);
