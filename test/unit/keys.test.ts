// Shortcuts by physical key: the keys a person presses on a French (AZERTY) or Russian (ЙЦУКЕН)
// keyboard reach the same commands as on a US one. Each event is what Chromium reports for that
// layout: `key` as the layout types it, `code` as the key's US position.
import { describe, expect, it } from 'vitest';
import { KeySequencer } from '../../src/lib/keymap';
import { keyOf, PREFIX_TIMEOUT_MS } from '../../src/lib/keys';

type Mods = Partial<{ shiftKey: boolean; ctrlKey: boolean; metaKey: boolean; altKey: boolean }>;
const press = (key: string, code: string | undefined, mods: Mods = {}) =>
  keyOf({
    key,
    ...(code !== undefined ? { code } : {}),
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    ...mods,
  });

/** Runs typed keys through a sequencer as one quick burst; answers each key's commands. */
const commands = (keys: (string | null)[], s = new KeySequencer()) =>
  keys.map((k) => (k === null ? null : s.feed(k, 0)));

describe('French (AZERTY) layout', () => {
  it('reaches the verdicts 1-5 and 0 on the digit row without Shift', () => {
    const row: [string, string][] = [
      ['&', 'Digit1'],
      ['é', 'Digit2'],
      ['"', 'Digit3'],
      ["'", 'Digit4'],
      ['(', 'Digit5'],
      ['à', 'Digit0'],
    ];
    expect(row.map(([k, c]) => press(k, c))).toEqual(['1', '2', '3', '4', '5', '0']);
    expect(commands(row.map(([k, c]) => press(k, c)))).toEqual([
      ['verdict.interested'],
      ['verdict.meeting_booked'],
      ['verdict.not_interested'],
      ['verdict.out_of_office'],
      ['verdict.wrong_person'],
      ['verdict.open'],
    ]);
    // With Shift, AZERTY types the digit itself: the same verdict.
    expect(press('1', 'Digit1', { shiftKey: true })).toBe('1');
    expect(press('2', 'Numpad2')).toBe('2');
  });

  it('reads letters by physical key, symbols where the layout puts them', () => {
    expect(press('j', 'KeyJ')).toBe('j');
    expect(press('J', 'KeyJ', { shiftKey: true })).toBe('Shift+j');
    // The key in the US "z" position types "w" on AZERTY: it is the undo key.
    expect(press('w', 'KeyZ')).toBe('z');
    // AZERTY's "m" sits where US has ";": no letter code, so the typed letter counts.
    expect(press('m', 'Semicolon')).toBe('m');
    // "?" is Shift and the "," key (US "m" position); "/" is Shift and ":" (US ".").
    expect(press('?', 'KeyM', { shiftKey: true })).toBe('?');
    expect(press('/', 'Period', { shiftKey: true })).toBe('/');
    expect(press('k', 'KeyK', { ctrlKey: true })).toBe('Mod+k');
    expect(press('Enter', 'Enter', { ctrlKey: true })).toBe('Mod+Enter');
  });
});

describe('Russian (ЙЦУКЕН) layout', () => {
  it('moves, triages and undoes with the Cyrillic letters on the j/k/e/z keys', () => {
    const keys = [press('о', 'KeyJ'), press('л', 'KeyK'), press('у', 'KeyE'), press('я', 'KeyZ')];
    expect(keys).toEqual(['j', 'k', 'e', 'z']);
    expect(commands(keys)).toEqual([['cursor.down'], ['cursor.up'], ['verdict.closed'], ['triage.undo']]);
    expect(press('О', 'KeyJ', { shiftKey: true })).toBe('Shift+j');
    expect(press('л', 'KeyK', { metaKey: true })).toBe('Mod+k');
  });

  it('runs the g sequences and the symbols of the layout', () => {
    expect(commands([press('п', 'KeyG'), press('ш', 'KeyI')])).toEqual(['prefix', ['go.inbox']]);
    expect(press('1', 'Digit1')).toBe('1');
    // "?" is Shift+7 on this layout; "/" is Shift and the backslash key.
    expect(press('?', 'Digit7', { shiftKey: true })).toBe('?');
    expect(press('/', 'Backslash', { shiftKey: true })).toBe('/');
    // A Cyrillic letter on a US symbol key counts as that symbol.
    expect(press('ю', 'Period')).toBe('.');
  });
});

describe('events without a physical code', () => {
  it('fall back to event.key for Latin letters and ignore other scripts', () => {
    expect(press('j', undefined)).toBe('j');
    expect(press('J', '', { shiftKey: true })).toBe('Shift+j');
    expect(press('о', '')).toBeNull();
    expect(press('Shift', 'ShiftLeft', { shiftKey: true })).toBeNull();
    expect(press(' ', 'Space')).toBe('Space');
    expect(press('F2', 'F2')).toBe('F2');
  });
});

describe('sequences', () => {
  it('forget a prefix after about a second', () => {
    const s = new KeySequencer();
    expect(s.feed('g', 1000)).toBe('prefix');
    expect(s.pending).toBe(true);
    expect(s.feed('i', 1000 + PREFIX_TIMEOUT_MS + 1)).toBeNull();
    expect(s.feed('g', 5000)).toBe('prefix');
    expect(s.feed('i', 5000 + PREFIX_TIMEOUT_MS - 100)).toEqual(['go.inbox']);
    expect(s.pending).toBe(false);
    // After a timeout the second key acts on its own.
    expect(s.feed('g', 9000)).toBe('prefix');
    expect(s.feed('j', 9000 + PREFIX_TIMEOUT_MS + 1)).toEqual(['cursor.down']);
  });
});
