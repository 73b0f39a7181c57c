// Author CSS of a message, kept where it styles and dropped where it hides. Real mail carries style
// of every kind; a rule that erases text (display:none on the body, zero sizes, off-screen
// positions, clipping, transforms, filters, transparent or vanishing colours) would leave the rep
// a blank message, so those declarations go, inline and in <style> alike (media queries included),
// and colours, fonts, tables, borders and spacing stay. Colours too close to the background they
// are drawn on are fixed later, in the frame, where the real background is known (frameRepair.ts).

/** Properties that can only hide, move out of view or load something: always dropped. */
const DROP = new Set([
  'position',
  'top',
  'left',
  'right',
  'bottom',
  'inset',
  'clip',
  'clip-path',
  'mask',
  'mask-image',
  '-webkit-mask',
  '-webkit-mask-image',
  'transform',
  'translate',
  'scale',
  'rotate',
  'filter',
  'backdrop-filter',
  'mix-blend-mode',
  'content-visibility',
  'animation',
  'animation-name',
  'transition',
  'z-index',
  'text-indent',
  '-webkit-text-fill-color',
  '-webkit-text-stroke',
  'text-shadow',
  'zoom',
  'behavior',
  '-moz-binding',
  'cursor',
  'pointer-events',
]);

/** Sizes that shrink text or its box to nothing. */
const SIZES = new Set(['font-size', 'line-height', 'height', 'max-height', 'width', 'max-width']);

/** A length at or below a visible minimum: 0, 1px, 0.1em, 2%... */
function tiny(value: string, property: string): boolean {
  const v = value.trim().toLowerCase();
  const m = /^(-?[\d.]+)\s*(px|pt|em|rem|%|vw|vh|ex|ch)?$/.exec(v);
  if (!m) return false;
  const n = Number(m[1]);
  const unit = m[2] ?? '';
  if (n <= 0) return true;
  if (property === 'line-height' && unit === '') return n < 0.5;
  if (unit === 'px' || unit === '') return n < (property === 'font-size' ? 6 : 3);
  if (unit === 'pt') return n < 5;
  if (unit === 'em' || unit === 'rem' || unit === 'ex' || unit === 'ch') return n < 0.4;
  if (unit === '%') return property === 'font-size' || property === 'line-height' ? n < 40 : n < 1;
  return n < 1;
}

/** Whether one declaration would hide or erase what it applies to. */
export function hides(property: string, value: string): boolean {
  const p = property.trim().toLowerCase();
  const v = value.trim().toLowerCase();
  if (DROP.has(p)) return true;
  if (p === 'display') return v === 'none' || v.startsWith('none');
  if (p === 'visibility') return v === 'hidden' || v === 'collapse';
  if (p === 'opacity') return Number.parseFloat(v) < 0.6 || v.endsWith('%');
  if (p === 'color')
    return (
      v === 'transparent' ||
      /rgba?\([^)]*,\s*0(\.\d+)?\s*\)$/.test(v) ||
      /#([0-9a-f]{3}0|[0-9a-f]{6}[0-7][0-9a-f])$/.test(v)
    );
  if (p === 'overflow' || p === 'overflow-x' || p === 'overflow-y') return v !== 'visible' && v !== 'auto';
  if (p === 'margin' || p.startsWith('margin-'))
    return /-\s*\d{3,}|-\s*[1-9]\d*(\.\d+)?\s*(em|rem|vw|vh|%)/.test(v);
  if (p === 'letter-spacing' || p === 'word-spacing') return v.startsWith('-');
  if (SIZES.has(p)) return tiny(v, p);
  if (p.startsWith('--')) return false;
  return false;
}

/** The declarations of an inline style attribute that survive, as text ('' when none do). */
export function cleanInline(style: string): string {
  return cleanDeclarations(style);
}

function cleanDeclarations(text: string): string {
  const kept: string[] = [];
  for (const part of splitDeclarations(text)) {
    const colon = part.indexOf(':');
    if (colon <= 0) continue;
    const property = part.slice(0, colon).trim();
    const value = part
      .slice(colon + 1)
      .replace(/!\s*important\s*$/i, '')
      .trim();
    if (!property || !value || hides(property, value) || /expression\s*\(|javascript:/i.test(value)) continue;
    kept.push(`${property}: ${value}`);
  }
  return kept.join('; ');
}

/** Splits on semicolons outside parentheses and quotes (a url() or a font list may hold them). */
function splitDeclarations(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (c === ';' && depth === 0) {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  out.push(text.slice(start));
  return out;
}

/** A <style> element's text with every hiding declaration removed, @import and @font-face
 *  dropped (they load from the network), and the rules of @media/@supports kept and cleaned. */
export function cleanStylesheet(css: string): string {
  let sheet: CSSStyleSheet;
  try {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css.replace(/@import[^;]*;?/gi, ''));
  } catch {
    return '';
  }
  return cleanRules(sheet.cssRules);
}

function cleanRules(rules: CSSRuleList): string {
  const out: string[] = [];
  for (const rule of rules) {
    if (rule instanceof CSSStyleRule) {
      const body = cleanDeclarations(rule.style.cssText);
      const inner = rule.cssRules?.length ? cleanRules(rule.cssRules) : '';
      if (body || inner) out.push(`${rule.selectorText} { ${body}${inner ? ' ' + inner : ''} }`);
    } else if (rule instanceof CSSMediaRule) {
      const inner = cleanRules(rule.cssRules);
      if (inner) out.push(`@media ${rule.conditionText} { ${inner} }`);
    } else if (rule instanceof CSSSupportsRule) {
      const inner = cleanRules(rule.cssRules);
      if (inner) out.push(`@supports ${rule.conditionText} { ${inner} }`);
    }
    // Anything else (@font-face, @keyframes, @page, @layer, @container, @import) is dropped.
  }
  return out.join('\n');
}
