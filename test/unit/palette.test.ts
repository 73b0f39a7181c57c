// The palette's matching: a command only when its own words are typed, sections in a fixed order.
import { describe, expect, it } from 'vitest';
import { KEYMAP } from '../../src/lib/keymap';
import type { LeadMatch, ThreadRow } from '../../electron/shared/contract';
import { filterPalette, peopleEntries, wordScore, type PaletteItem } from '../../src/lib/palette';

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

  it('lists sections in a fixed order, whatever order the entries came in (named ones first)', () => {
    const items: PaletteItem[] = [
      { id: 'a1', section: 'Accounts', label: 'Acme sales', current: true },
      { id: 't1', section: 'Threads', label: 'Ana Silva', detail: 'Acme' },
      { id: 'c1', section: 'Campaigns', label: 'Acme Q4 founders' },
      { id: 'w1', section: 'Workspaces', label: 'Acme EU' },
      ...commands,
    ];
    items.push({ id: 'p1', section: 'People', label: 'Bo Berg', detail: 'VP Sales · Acme' });
    // "acme" starts the campaign's, the account's and the workspace's names: asked for by name,
    // they come first; threads and people that merely mention it follow.
    expect(filterPalette('acme', items).map((i) => i.section)).toEqual([
      'Campaigns',
      'Accounts',
      'Workspaces',
      'Threads',
      'People',
    ]);
    expect(filterPalette('ana', items).map((i) => i.section)).toEqual(['Threads']);
    expect(filterPalette('', items)[0]?.section).toBe('Commands');
  });
});

const lead = (n: number, over: Partial<LeadMatch> = {}): LeadMatch => ({
  id: `lead${n}`,
  email: `p${n}@acme.test`,
  firstName: `First${n}`,
  lastName: `Last${n}`,
  company: 'Acme',
  title: 'VP Sales',
  phone: '',
  linkedinUrl: '',
  website: '',
  location: '',
  industry: '',
  customFields: {},
  leadListId: null,
  status: 'active',
  createdAt: '2026-01-01T00:00:00.000Z',
  newestThreadId: `thread${n}`,
  ...over,
});

const row = (id: string, prospectId: string): ThreadRow => ({
  id,
  status: 'open',
  prospectId,
  prospectName: 'Someone',
  prospectEmail: 'someone@acme.test',
  company: 'Acme',
  campaignId: 'c1',
  campaignName: null,
  emailAccountId: 'e1',
  subject: null,
  snippet: null,
  lastMessageAt: '2026-01-01T00:00:00.000Z',
  createdAt: '2026-01-01T00:00:00.000Z',
  messageCount: 1,
  unread: false,
  snoozedUntil: null,
  waitingSince: null,
  pending: false,
  suggestion: null,
  hasDraft: false,
});

describe('palette people', () => {
  it('lists each person with title and company, choosing their newest thread, in the order found', () => {
    const people = peopleEntries([lead(2), lead(1, { title: '', company: 'Initech' })], []);
    expect(people).toEqual([
      { leadId: 'lead2', threadId: 'thread2', label: 'First2 Last2', detail: 'VP Sales · Acme' },
      { leadId: 'lead1', threadId: 'thread1', label: 'First1 Last1', detail: 'Initech' },
    ]);
    // A lead with no name is shown by e-mail.
    expect(peopleEntries([lead(3, { firstName: '', lastName: ' ' })], [])[0]?.label).toBe('p3@acme.test');
  });

  it('leaves out a person whose newest thread the Threads section already lists', () => {
    const leads = [lead(1), lead(2), lead(3)];
    // Lead 1's newest thread is listed; only an older thread of lead 2 is.
    const threads = [row('thread1', 'lead1'), row('older2', 'lead2')];
    expect(peopleEntries(leads, threads).map((p) => p.leadId)).toEqual(['lead2', 'lead3']);
  });
});

describe('the palette ranks by intent', () => {
  const entries: PaletteItem[] = [
    { id: 't1', section: 'Threads', label: 'Ana Silva', detail: 'Re: our webinar next week' },
    { id: 't2', section: 'Threads', label: 'Webinar Wendy', detail: 'Acme' },
    { id: 'c1', section: 'Campaigns', label: 'Webinar Q3' },
    { id: 'c2', section: 'Campaigns', label: 'Holiday webinar push' },
    { id: 'a1', section: 'Accounts', label: 'Acme workspace' },
  ];

  it('a campaign named by the typed words (or by their start) comes before threads that mention them', () => {
    expect(filterPalette('webinar', entries).map((i) => i.id)).toEqual(['c1', 'c2', 't2', 't1']);
    expect(filterPalette('webinar q3', entries)[0]!.id).toBe('c1');
  });

  it('words that name nothing keep the usual order, threads first', () => {
    expect(filterPalette('wendy', entries).map((i) => i.id)).toEqual(['t2']);
    expect(filterPalette('acme', entries).map((i) => i.id)).toEqual(['a1', 't2']);
  });
});
