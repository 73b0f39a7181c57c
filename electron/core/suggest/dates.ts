// The day an absent prospect is back, from their own words, as a calendar date in the reader's
// zone. Patterns rather than chrono-node: measured on the languages here, chrono missed German
// "02.12.", read French "lundi 7" as Monday 7 a.m., and took 10-300 ms the first time a locale
// was used (0.1-0.4 ms warm); these patterns take microseconds and know the seven languages.

const MONTHS: Record<string, number> = {};
const addMonths = (names: string) =>
  names.split(' ').forEach((group, i) => group.split('|').forEach((n) => (MONTHS[n] = i + 1)));
addMonths(
  'january|jan february|feb march|mar april|apr may june|jun july|jul august|aug september|sep|sept october|oct november|nov december|dec',
);
addMonths(
  'januar|jänner februar märz|mär|maerz april mai juni juli august september oktober|okt november dezember|dez',
);
addMonths(
  'janvier|janv février|fevrier|févr mars avril|avr mai juin juillet|juil août|aout septembre octobre novembre décembre|decembre|déc',
);
addMonths(
  'enero|ene febrero marzo abril|abr mayo junio julio agosto|ago septiembre|setiembre octubre noviembre diciembre|dic',
);
addMonths('januari februari maart|mrt april mei juni juli augustus september oktober november december');
addMonths(
  'janeiro fevereiro|fev março|marco abril maio junho julho agosto setembro|set outubro novembro dezembro',
);
addMonths(
  'gennaio|gen febbraio marzo aprile maggio|mag giugno|giu luglio|lug agosto settembre ottobre|ott novembre dicembre',
);

const WEEKDAYS: Record<string, number> = {};
const addDays = (names: string) =>
  names.split(' ').forEach((group, i) => group.split('|').forEach((n) => (WEEKDAYS[n] = (i + 1) % 7)));
addDays('monday|mon tuesday|tue|tues wednesday|wed thursday|thu|thurs friday|fri saturday|sat sunday|sun');
addDays('montag dienstag mittwoch donnerstag freitag samstag sonntag');
addDays('lundi mardi mercredi jeudi vendredi samedi dimanche');
addDays('lunes martes miércoles|miercoles jueves viernes sábado|sabado domingo');
addDays('maandag dinsdag woensdag donderdag vrijdag zaterdag zondag');
addDays(
  'segunda|segunda-feira terça|terça-feira|terca quarta|quarta-feira quinta|quinta-feira sexta|sexta-feira sábado domingo',
);
addDays('lunedì|lunedi martedì|martedi mercoledì|mercoledi giovedì|giovedi venerdì|venerdi sabato domenica');

const alt = (o: Record<string, number>) =>
  Object.keys(o)
    .sort((a, b) => b.length - a.length)
    .join('|');
const M = alt(MONTHS);
const W = alt(WEEKDAYS);
const END = '(?![\\p{L}\\p{N}])';
const ORD = '(?:st|nd|rd|th|er|e|º|°|\\.)?';

type Parsed = { y?: number; m?: number; d?: number; weekday?: number; plusDays?: number };
const FORMS: { re: RegExp; read: (g: string[], usOrder: boolean) => Parsed | undefined }[] = [
  { re: /(\d{4})-(\d{2})-(\d{2})/gu, read: (g) => ({ y: +g[1]!, m: +g[2]!, d: +g[3]! }) },
  // 11-12-2026 (Dutch, Portuguese): only with a full year, so "9-17" stays a range of hours.
  {
    re: /(?<![\p{N}-])(\d{1,2})-(\d{1,2})-(\d{4})(?![\p{N}])/gu,
    read: (g) => ({ d: +g[1]!, m: +g[2]!, y: +g[3]! }),
  },
  {
    re: new RegExp(
      `(?<![\\p{L}\\p{N}])(\\d{1,2})${ORD}\\s*(?:of\\s+|de\\s+)?(${M})\\.?${END}(?:,?\\s*(?:de\\s+)?(\\d{4}))?`,
      'giu',
    ),
    read: (g) => ({ d: +g[1]!, m: MONTHS[g[2]!.toLowerCase()], y: g[3] ? +g[3] : undefined }),
  },
  {
    re: new RegExp(
      `(?<![\\p{L}\\p{N}])(${M})\\.?\\s+(?:the\\s+)?(\\d{1,2})(?:st|nd|rd|th)?${END}(?:,?\\s*(\\d{4}))?`,
      'giu',
    ),
    read: (g) => ({ m: MONTHS[g[1]!.toLowerCase()], d: +g[2]!, y: g[3] ? +g[3] : undefined }),
  },
  {
    re: /(?<![\p{L}\p{N}./])(\d{1,2})[./](\d{1,2})(?:[./](\d{4}|\d{2}))?\.?(?![\p{N}:]|\s*(?:uhr|h\b|am\b|pm\b|%))/giu,
    read: (g, us) => {
      let [d, m] = [+g[1]!, +g[2]!];
      if ((us && d <= 12) || (m > 12 && d <= 12)) [d, m] = [m, d];
      const y = g[3] ? (g[3].length === 2 ? 2000 + +g[3] : +g[3]) : undefined;
      return { d, m, y };
    },
  },
  {
    re: new RegExp(
      `(?<![\\p{L}])(${W})${END},?\\s+(?:the\\s+|den\\s+|le\\s+|el\\s+|il\\s+|dia\\s+)?(\\d{1,2})${ORD}(?!\\s*(?:[./:\\d]|(?:${M})${END}|h\\b|uhr|am\\b|pm\\b))`,
      'giu',
    ),
    read: (g) => ({ d: +g[2]! }),
  },
  {
    re: new RegExp(
      `(?<![\\p{L}])(?:the (\\d{1,2})(?:st|nd|rd|th)|(?:le|el|il|dia) (\\d{1,2})(?:er)?|am (\\d{1,2})\\.)(?!\\s*(?:[./:\\d]|(?:${M})${END}|h\\b|uhr))`,
      'giu',
    ),
    read: (g) => ({ d: +(g[1] ?? g[2] ?? g[3])! }),
  },
  {
    re: new RegExp(`(?<![\\p{L}])(${W})${END}`, 'giu'),
    read: (g) => ({ weekday: WEEKDAYS[g[1]!.toLowerCase()] }),
  },
  {
    re: /(?<![\p{L}])(?:tomorrow|morgen|demain|mañana|amanhã|domani)(?![\p{L}])/giu,
    read: () => ({ plusDays: 1 }),
  },
  {
    re: /(?<![\p{L}])(?:next week|nächste woche|nächsten woche|la semaine prochaine|la próxima semana|la semana que viene|volgende week|próxima semana|la prossima settimana|settimana prossima)(?![\p{L}])/giu,
    read: () => ({ weekday: 1 }),
  },
];

/** Words before a date that make it the day of return ("back on", "zurück am", "de retour le"),
 *  each a word of its own ("ab" in "trabalho até 2 de dezembro" is no "ab dem"). */
const BACK_BEFORE =
  /(?<![\p{L}])(?:back|return(?:ing)?|zurück|wieder|ab dem|ab|retour|à partir du|vuelvo|regreso|volveré|a partir del?|terug|vanaf|volto|retorno|de volta|a partir de|rientro|ritorno|rientrerò|dal)[^.\n]{0,25}$/iu;
/** Words before a date that make it the last day away: "bis zum 25.11.", "jusqu'au 11 décembre",
 *  "until 3 December inclusive". English "until" alone names the day of return, as people mean it
 *  ("out until Monday"); with "inclusive" after it, the last day away. */
const UNTIL_BEFORE =
  /(?<![\p{L}])(?:bis(?: zum| einschließlich| einschl\.?)?|jusqu|hasta|tot en met|t\/m|até|fino)[^.\n]{0,25}$/iu;
const UNTIL_EN_BEFORE = /(?<![\p{L}])(?:until|till|til|through|thru)[^.\n]{0,25}$/iu;
const INCLUSIVE_AFTER = /^[^.\n]{0,12}(?:inclusive|included|inclus|incluido|inclusief|incluso|compreso)/iu;
const RETURN_AFTER =
  /^[^.\n]{0,30}(?:wieder|back|zurück|de retour|terug|de volta|di ritorno|in ufficio|im büro)/iu;
const START_BEFORE =
  /(?:from|vom|du|desde|del|van|dal|since|seit|depuis)\s+(?:the\s+|dem\s+|le\s+|el\s+)?(?:\S+\s+)?$/iu;

export interface Day {
  y: number;
  m: number;
  d: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
/** The calendar day of `iso` in `timeZone` (UTC when the zone is unknown). */
export function dayOf(iso: string | undefined, timeZone = 'UTC'): Day {
  const at = iso ? new Date(iso) : new Date();
  const when = Number.isNaN(at.getTime()) ? new Date() : at;
  let f = formatters.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    } catch {
      f = new Intl.DateTimeFormat('en-CA', {
        timeZone: 'UTC',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      });
    }
    formatters.set(timeZone, f);
  }
  const [y, m, d] = f.format(when).split('-').map(Number);
  return { y: y!, m: m!, d: d! };
}

const utc = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d);
const valid = (y: number, m: number, d: number) =>
  m >= 1 && m <= 12 && d >= 1 && new Date(utc(y, m, d)).getUTCDate() === d;
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);

/** A parsed form made a date as a person means it: a day already past rolls to the next month/year. */
function resolve(p: Parsed, base: Day): string | undefined {
  const today = utc(base.y, base.m, base.d);
  if (p.plusDays !== undefined) return iso(today + p.plusDays * 86_400_000);
  if (p.weekday !== undefined) {
    const ahead = (p.weekday - new Date(today).getUTCDay() + 7) % 7 || 7;
    return iso(today + ahead * 86_400_000);
  }
  if (p.d === undefined) return undefined;
  if (p.m === undefined) {
    for (let k = 0; k < 3; k++) {
      const m0 = base.m - 1 + k;
      const [y, m] = [base.y + Math.floor(m0 / 12), (m0 % 12) + 1];
      if (valid(y, m, p.d) && utc(y, m, p.d) >= today) return iso(utc(y, m, p.d));
    }
    return undefined;
  }
  if (p.y !== undefined) return valid(p.y, p.m, p.d) ? iso(utc(p.y, p.m, p.d)) : undefined;
  for (const y of [base.y, base.y + 1])
    if (valid(y, p.m, p.d) && utc(y, p.m, p.d) >= today) return iso(utc(y, p.m, p.d));
  return undefined;
}

interface Candidate {
  at: number;
  end: number;
  date: string;
  score: number;
}

const nextDay = (isoDay: string): string => iso(Date.parse(`${isoDay}T00:00:00Z`) + 86_400_000);

/** The return date an absence notice gives, or undefined when it names none. */
export function returnDate(text: string, sentAt?: string, timeZone?: string): string | undefined {
  const base = dayOf(sentAt, timeZone);
  const us = (timeZone ?? '').startsWith('America/') && /\b(?:until|back|return|out)\b/i.test(text);
  const taken: Candidate[] = [];
  FORMS.forEach(({ re, read }, rank) => {
    for (const m of text.matchAll(re)) {
      const at = m.index;
      const end = at + m[0].length;
      if (taken.some((c) => at < c.end && end > c.at)) continue; // a longer form already read it
      const p = read([...m] as string[], us);
      const date = p && resolve(p, base);
      if (!date) continue;
      const before = text.slice(Math.max(0, at - 40), at);
      const after = text.slice(end, end + 30);
      let score = -rank / 100; // full dates beat weekdays and relative words
      let day = date;
      // "bis zum 4. Dezember nicht im Büro": the words before say how to read the day, before
      // any office words after it (which may be negated).
      if (BACK_BEFORE.test(before)) score += 2.5;
      else if (UNTIL_BEFORE.test(before) || (UNTIL_EN_BEFORE.test(before) && INCLUSIVE_AFTER.test(after))) {
        // The last day away: they are back the day after.
        score += 2;
        day = nextDay(date);
      } else if (RETURN_AFTER.test(after)) score += 2.5;
      else if (UNTIL_EN_BEFORE.test(before)) score += 2;
      if (START_BEFORE.test(before)) score -= 1;
      taken.push({ at, end, date: day, score });
    }
  });
  taken.sort((a, b) => b.score - a.score || (a.date < b.date ? 1 : -1));
  return taken[0]?.date;
}
