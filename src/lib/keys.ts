// A keyboard event as the keymap writes it ("j", "Shift+j", "Mod+Enter", "?", "F2"), the same on
// every layout. Letters are read from the physical key (event.code, named by its US position), so
// j/k/e/z work on a Russian or Greek layout and Mod+k works on all; event.key is the fallback
// where the key has no letter code (AZERTY's "m" sits on the US Semicolon key). Digits come from
// the digit row without Shift (AZERTY types "&" there). Symbols ("?", "/") are read from
// event.key, which is where each layout puts them, falling back to the US symbol of the key when
// the layout types a letter there (Russian "ю" on the Period key).
// No library: the well-kept ones (tinykeys, hotkeys-js, mousetrap) match either code OR key per
// binding, none does the letter-by-code, digit-without-Shift, symbol-by-key mix above, and the
// mix is 40 lines.

export interface KeyLike {
  key: string;
  /** Physical key; absent or '' on some synthetic events. */
  code?: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

const MODIFIERS = new Set([
  'Shift',
  'Control',
  'Meta',
  'Alt',
  'AltGraph',
  'CapsLock',
  'Dead',
  'Unidentified',
]);

/** What the US layout types on a symbol key without Shift: the fallback for non-Latin layouts. */
const US_SYMBOLS: Record<string, string> = {
  Slash: '/',
  Period: '.',
  Comma: ',',
  Semicolon: ';',
  Quote: "'",
  BracketLeft: '[',
  BracketRight: ']',
  Backquote: '`',
  Minus: '-',
  Equal: '=',
  Backslash: '\\',
};

const isAsciiPrintable = (s: string): boolean => /^[\x21-\x7e]$/.test(s);

export function keyOf(e: KeyLike): string | null {
  if (MODIFIERS.has(e.key)) return null;
  const code = e.code ?? '';
  let prefix = '';
  if (e.ctrlKey || e.metaKey) prefix += 'Mod+';
  if (e.altKey) prefix += 'Alt+';
  const shift = e.shiftKey ? 'Shift+' : '';
  const single = [...e.key].length === 1;

  const digit = /^(?:Digit|Numpad)([0-9])$/.exec(code);
  if (digit) {
    // Shifted digit row: the layout's symbol when it is one ("?" is Shift+7 on Russian), the digit
    // itself on AZERTY, where Shift is what types a digit.
    if (!e.shiftKey || /^[0-9]$/.test(e.key)) return prefix + digit[1]!;
    if (isAsciiPrintable(e.key)) return prefix + e.key;
    return prefix + shift + digit[1]!;
  }
  // A symbol is where the layout puts it; Shift is already in it ("?").
  if (single && isAsciiPrintable(e.key) && !/^[A-Za-z0-9]$/.test(e.key)) return prefix + e.key;
  const letter = /^Key([A-Z])$/.exec(code);
  if (letter) return prefix + shift + letter[1]!.toLowerCase();
  if (e.key === ' ' || code === 'Space') return prefix + shift + 'Space';
  if (single) {
    // No physical letter key: a Latin letter as typed, another script's letter on a symbol key
    // (Russian "ю" on Period) as the US symbol there.
    if (/^[A-Za-z0-9]$/.test(e.key))
      return prefix + (/[A-Za-z]/.test(e.key) ? shift : '') + e.key.toLowerCase();
    const us = US_SYMBOLS[code];
    return us ? prefix + us : null;
  }
  return prefix + shift + e.key;
}

/** How long the first key of a sequence ("g" of "g i") waits for the second. */
export const PREFIX_TIMEOUT_MS = 1000;
