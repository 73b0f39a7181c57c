// The palette's matching: a command only when its own words are typed, sections in a fixed order.
import { describe, expect, it } from 'vitest';
import { KEYMAP } from '../../src/lib/keymap';
import { filterPalette, wordScore, type PaletteItem } from '../../src/lib/palette';

const commands: PaletteItem[] = KEYMAP.map((b) => ({
  id: `cmd-${b.command}`,
  section: 'Commands',
  label: b.description,
  keywords: b.command.replace(/[._]/g, ' '),
}));

describe('palette matching', () => {
  it('matches a command only by the starts of its own words', () => {
    expect(filterPalette('GDPR', commands)).toEqual([]);
    expect(filterPalette('wro per', commands).map((i) => i.label)).toEqual(['Wrong person']);
    expect(filterPalette('wrong', commands)[0]?.label).toBe('Wrong person');
    // Characters scattered in order ("outbx") are no match: no guessing.
    expect(filterPalette('outbx', commands)).toEqual([]);
    expect(filterPalette('outbox', commands)[0]?.label).toBe('Go to the outbox');
    expect(wordScore('Élif', 'Elif Yılmaz')).not.toBeNull();
  });

  it('lists sections in a fixed order, whatever order the entries came in', () => {
    const items: PaletteItem[] = [
      { id: 'a1', section: 'Accounts', label: 'Acme sales', current: true },
      { id: 't1', section: 'Threads', label: 'Ana Silva', detail: 'Acme' },
      { id: 'c1', section: 'Campaigns', label: 'Acme Q4 founders' },
      { id: 'w1', section: 'Workspaces', label: 'Acme EU' },
      ...commands,
    ];
    expect(filterPalette('acme', items).map((i) => i.section)).toEqual([
      'Threads',
      'Campaigns',
      'Accounts',
      'Workspaces',
    ]);
    expect(filterPalette('', items)[0]?.section).toBe('Commands');
  });
});
