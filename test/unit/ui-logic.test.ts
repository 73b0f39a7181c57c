// The renderer's pure logic: keys to commands, words for times and schedules, reply HTML,
// snooze times (the palette's matching: palette.test.ts).
import { describe, expect, it } from 'vitest';
import { KEYMAP, KeySequencer, keyOf } from '../../src/lib/keymap';
import { markdownTable } from '../../src/lib/keymapTable';
import { relativeTime, scheduleInWords, statusLabel } from '../../src/lib/format';
import { textToHtml } from '../../src/lib/compose';
import { snoozeChoices, parseLocalDateTime, timeOfDay } from '../../src/lib/snooze';

const key = (k: string, mods: Partial<{ ctrlKey: boolean; shiftKey: boolean; metaKey: boolean }> = {}) =>
  keyOf({ key: k, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...mods });

describe('keymap', () => {
  it('normalizes keys the way the bindings are written', () => {
    expect(key('J', { shiftKey: true })).toBe('Shift+j');
    expect(key('?', { shiftKey: true })).toBe('?');
    expect(key('Enter', { ctrlKey: true })).toBe('Mod+Enter');
    expect(key('k', { metaKey: true })).toBe('Mod+k');
    expect(key('Shift', { shiftKey: true })).toBeNull();
  });

  it('runs sequences and single keys, and starts over after a wrong second key', () => {
    const s = new KeySequencer();
    expect(s.feed('g')).toBe('prefix');
    expect(s.feed('i')).toEqual(['go.inbox']);
    expect(s.feed('g')).toBe('prefix');
    expect(s.feed('j')).toEqual(['cursor.down']);
    expect(s.feed('1')).toEqual(['verdict.interested']);
    expect(s.feed('q')).toBeNull();
  });

  it('binds every key to one command only, and every command has a description', () => {
    const seen = new Map<string, string>();
    for (const b of KEYMAP) {
      expect(b.description.length).toBeGreaterThan(0);
      for (const k of b.keys) {
        expect(seen.get(k), `${k} is bound twice`).toBeUndefined();
        seen.set(k, b.command);
      }
    }
    expect(markdownTable()).toContain('| `Ctrl+Enter` | Send the reply |');
  });
});

describe('format', () => {
  const now = new Date(2026, 10, 21, 12, 0, 0);
  it('says times the way people do', () => {
    const rtf = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto', style: 'short' });
    expect(relativeTime(new Date(2026, 10, 21, 11, 58).toISOString(), now)).toBe(rtf.format(-2, 'minute'));
    expect(relativeTime(new Date(2026, 10, 21, 9, 30).toISOString(), now)).toBe(rtf.format(-2, 'hour'));
    expect(relativeTime(new Date(2026, 10, 21, 11, 59, 40).toISOString(), now)).toBe('just now');
    // A reply the service stamped a moment ahead of this clock was still just sent.
    expect(relativeTime(new Date(2026, 10, 21, 12, 0, 20).toISOString(), now)).toBe('just now');
    expect(relativeTime(new Date(2026, 10, 20, 18, 0).toISOString(), now)).toBe(rtf.format(-1, 'day'));
  });

  it('writes schedules in words, Monday first, runs as ranges', () => {
    expect(
      scheduleInWords({ timezone: 'Europe/Berlin', days: [1, 2, 3, 4, 5], startHour: 9, endHour: 17 }),
    ).toBe('Mon-Fri 09:00-17:00, Europe/Berlin');
    expect(scheduleInWords({ timezone: 'UTC', days: [0, 6, 1, 2, 3], startHour: 8, endHour: 24 })).toBe(
      'Mon-Wed, Sat, Sun 08:00-24:00, UTC',
    );
    expect(scheduleInWords({ timezone: 'UTC', days: [1, 3], startHour: 8, endHour: 12 })).toBe(
      'Mon, Wed 08:00-12:00, UTC',
    );
    expect(scheduleInWords(null)).toBe('No schedule');
  });

  it('shows unknown statuses as the service spelled them', () => {
    expect(statusLabel('meeting_booked')).toBe('Meeting booked');
    expect(statusLabel('closed')).toBe('Done');
    expect(statusLabel('auto_reply')).toBe('auto reply');
  });
});

describe('compose', () => {
  it('turns text into escaped paragraphs and line breaks', () => {
    expect(textToHtml('Hi <Ana>,\nthanks & more\n\n\n<script>x</script>')).toBe(
      '<p>Hi &lt;Ana&gt;,<br>thanks &amp; more</p><p>&lt;script&gt;x&lt;/script&gt;</p>',
    );
    expect(textToHtml('   \n\n  ')).toBe('');
  });
});

describe('snooze', () => {
  it('offers later today, tomorrow 9:00 and next Monday 9:00 in local time', () => {
    const friday = new Date(2026, 10, 20, 10, 0); // a Friday
    const [later, tomorrow, monday] = snoozeChoices(friday);
    expect(later!.until.getHours()).toBe(18);
    expect(tomorrow!.until).toEqual(new Date(2026, 10, 21, 9, 0));
    expect(monday!.until).toEqual(new Date(2026, 10, 23, 9, 0));
    const sunday = new Date(2026, 10, 22, 20, 0);
    expect(snoozeChoices(sunday)[2]!.until).toEqual(new Date(2026, 10, 23, 9, 0));
    expect(snoozeChoices(new Date(2026, 10, 23, 8, 0))[2]!.until).toEqual(new Date(2026, 10, 30, 9, 0));
    // One time format for every choice.
    const nine = timeOfDay(new Date(2026, 10, 21, 9, 0));
    expect(later!.label).toContain(timeOfDay(later!.until));
    expect(tomorrow!.label.endsWith(nine)).toBe(true);
    expect(monday!.label.endsWith(nine)).toBe(true);
  });

  it('reads a custom time and refuses nonsense', () => {
    expect(parseLocalDateTime('2026-12-01T09:30')).toEqual(new Date(2026, 11, 1, 9, 30));
    expect(parseLocalDateTime('tomorrow')).toBeNull();
  });
});
