// The last guard against a blank message, run in the frame once it is drawn: text whose colour is
// too close to what it is drawn on (white on white, black on the dark theme, a colour equal to its
// own background) gets a colour that reads. Only here is the real background known: the author's
// rules, the theme and the pane under the frame all count.

type Rgba = [number, number, number, number];

/** Text is repaired below this contrast ratio (WCAG's scale: 1 is invisible, 4.5 is body text). */
const MIN_RATIO = 2;
/** Enough for any real message; a body of more text-bearing elements is repaired this far. */
const MAX_ELEMENTS = 4000;

export function parseColor(value: string): Rgba | null {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(value.trim());
  if (hex) return [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16), parseInt(hex[3]!, 16), 1];
  const m = /rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:[,\s/]+([\d.]+%?))?\s*\)/.exec(value);
  if (!m) return null;
  const a = m[4] === undefined ? 1 : m[4].endsWith('%') ? Number.parseFloat(m[4]) / 100 : Number(m[4]);
  return [Number(m[1]), Number(m[2]), Number(m[3]), a];
}

const channel = (c: number): number => {
  const s = c / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};
const luminance = ([r, g, b]: Rgba): number =>
  0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);

export function contrast(a: Rgba, b: Rgba): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
}

/** `top` drawn over `under` (alpha compositing), opaque. */
function over(top: Rgba, under: Rgba): Rgba {
  const a = top[3];
  return [
    top[0] * a + under[0] * (1 - a),
    top[1] * a + under[1] * (1 - a),
    top[2] * a + under[2] * (1 - a),
    1,
  ];
}

/** The opaque colour an element is drawn on: its own background and its ancestors', over `base`. */
function backgroundOf(el: Element, base: Rgba, cache: Map<Element, Rgba>): Rgba {
  const known = cache.get(el);
  if (known) return known;
  const parent = el.parentElement;
  const under = parent ? backgroundOf(parent, base, cache) : base;
  const own = parseColor(getComputedStyle(el).backgroundColor);
  const result = own && own[3] > 0 ? over(own, under) : under;
  cache.set(el, result);
  return result;
}

/** Gives every text-bearing element whose text would not read a colour that does; returns how
 *  many were repaired. `base` is the colour under the frame (the pane), `text` the theme's text. */
export function repairContrast(doc: Document, base: Rgba, text: Rgba): number {
  const seen = new Set<Element>();
  const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n && seen.size < MAX_ELEMENTS; n = walker.nextNode()) {
    if (n.parentElement && (n.textContent ?? '').trim()) seen.add(n.parentElement);
  }
  const backgrounds = new Map<Element, Rgba>();
  let repaired = 0;
  for (const el of seen) {
    const style = getComputedStyle(el);
    const fg = parseColor(style.color);
    if (!fg) continue;
    const bg = backgroundOf(el, base, backgrounds);
    if (contrast(over(fg, bg), bg) >= MIN_RATIO) continue;
    const white: Rgba = [255, 255, 255, 1];
    const black: Rgba = [17, 17, 17, 1];
    const pick = contrast(text, bg) >= 4.5 ? text : contrast(white, bg) > contrast(black, bg) ? white : black;
    (el as HTMLElement).style.setProperty('color', `rgb(${pick[0]}, ${pick[1]}, ${pick[2]})`, 'important');
    repaired++;
  }
  return repaired;
}

/** The host's colours by the classes of the frame's ancestors and the theme, which are what they
 *  are made of: reading them again for each frame drawn would make the page work out its style in
 *  the middle of a thread's change (after each verdict: the next thread shown). */
const hostColours = new Map<string, Rgba>();

/** The opaque colour under an element of the host page (the pane a frame sits on). */
export function hostBackground(el: Element): Rgba {
  let key = el.ownerDocument.documentElement.dataset.theme ?? '';
  for (let cur = el.parentElement; cur; cur = cur.parentElement)
    key += `/${cur.tagName}.${cur.getAttribute('class') ?? ''}`;
  const known = hostColours.get(key);
  if (known) return known;
  const colour = computeHostBackground(el);
  if (hostColours.size >= 64) hostColours.clear();
  hostColours.set(key, colour);
  return colour;
}

function computeHostBackground(el: Element): Rgba {
  const layers: Rgba[] = [];
  for (let cur: Element | null = el; cur; cur = cur.parentElement) {
    const c = parseColor(getComputedStyle(cur).backgroundColor);
    if (c && c[3] > 0) {
      layers.push(c);
      if (c[3] >= 1) break;
    }
  }
  return layers.reduceRight<Rgba>((under, top) => over(top, under), [255, 255, 255, 1]);
}
