// Snippets filled from the lead: standard and custom fields, loose names, empty values counted as
// missing, and the unfilled ones found again so the composer can mark them and hold the send.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Lead, ThreadRow } from '../../electron/shared/contract';
import { openDatabase } from '../../electron/core/store/db';
import { MIGRATIONS } from '../../electron/core/store/migrations/index';
import {
  fieldLabel,
  fillPlaceholders,
  findPlaceholders,
  placeholderValues,
  splitAtPlaceholders,
} from '../../src/lib/placeholders';

const lead: Lead = {
  id: 'a'.repeat(24),
  email: 'elif.yilmaz@nimbus.com',
  firstName: 'Elif',
  lastName: 'Yılmaz',
  company: 'Nimbus Holdings',
  title: '',
  phone: '',
  linkedinUrl: '',
  website: 'nimbus.com',
  location: 'Istanbul',
  industry: 'Logistics',
  customFields: { companySize: '51-200', icebreaker: 'Loved your post about onboarding', firstName: 'X' },
  leadListId: null,
  status: 'replied',
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('filling a snippet from the lead', () => {
  const values = placeholderValues(lead, null);

  it('fills standard and custom fields, by loose names', () => {
    const r = fillPlaceholders(
      'Hi {{firstName}} at {{ company }},\n{{icebreaker}}. A team of {{company_size}} in {{Location}}?',
      values,
    );
    expect(r.text).toBe(
      'Hi Elif at Nimbus Holdings,\nLoved your post about onboarding. A team of 51-200 in Istanbul?',
    );
    expect(r.unfilled).toEqual([]);
  });

  it('leaves unknown and empty fields in place and names each once', () => {
    const r = fillPlaceholders('{{calendarLink}} / {{title}} / {{calendarLink}} / {{phone}}', values);
    expect(r.text).toBe('{{calendarLink}} / {{title}} / {{calendarLink}} / {{phone}}');
    expect(r.unfilled).toEqual(['calendarLink', 'title', 'phone']);
  });

  it('takes the prospect of the thread when there is no lead', () => {
    const thread = { prospectName: 'Ana Maria Silva', company: 'Acme', prospectEmail: 'ana@acme.test' };
    const v = placeholderValues(null, thread as ThreadRow);
    expect(fillPlaceholders('{{firstName}} {{lastName}} {{company}} {{email}}', v).text).toBe(
      'Ana Maria Silva Acme ana@acme.test',
    );
  });

  it('finds what is left in edited text, for marking and for holding the send', () => {
    const text = 'Here is my calendar: {{calendarLink}}. Thanks {{ first_name }}';
    expect(findPlaceholders(text).map((p) => [p.name, text.slice(p.start, p.end)])).toEqual([
      ['calendarLink', '{{calendarLink}}'],
      ['first_name', '{{ first_name }}'],
    ]);
    expect(findPlaceholders('no braces {here} or {{ }}')).toEqual([]);
    expect(splitAtPlaceholders('a {{x}} b')).toEqual([
      { text: 'a ', placeholder: false },
      { text: '{{x}}', placeholder: true },
      { text: ' b', placeholder: false },
    ]);
  });

  it('shows custom field keys as labels', () => {
    expect(fieldLabel('companySize')).toBe('Company size');
    expect(fieldLabel('linkedin_url')).toBe('Linkedin url');
    expect(fieldLabel('icebreaker')).toBe('Icebreaker');
    expect(fieldLabel('CRMSystem')).toBe('Crm system');
  });
});

describe('migration 5', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('turns the HTML snippets of version 1 into plain text with their placeholders', () => {
    const dir = mkdtempSync(join(tmpdir(), 'snippets-'));
    dirs.push(dir);
    const file = join(dir, 'a.sqlite');
    openDatabase(file, { migrations: MIGRATIONS.filter((m) => m.version <= 4) }).close();
    const db = openDatabase(file);
    const bodies = db.prepare(`SELECT id, body FROM snippets ORDER BY position`).all() as {
      id: string;
      body: string;
    }[];
    db.close();
    expect(bodies.every((b) => !/[<>]/.test(b.body))).toBe(true);
    expect(bodies.find((b) => b.id === 'meeting')?.body).toBe(
      'Hi {{firstName}},\n\nGreat to hear. Would a 20-minute call this week suit you? Here is my calendar: {{calendarLink}}',
    );
  });
});
