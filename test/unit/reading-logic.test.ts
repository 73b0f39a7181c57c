// The pure parts of reading: which message a thread opens on, which text a message shows (long
// bodies cut, blank HTML replaced by its text), the folded line, and how new replies are announced.
import { describe, expect, it } from 'vitest';
import { firstWords, latestInboundIndex, LONG_BODY_CHARS, messageSource } from '../../src/lib/messageSource';
import { replyNotice, windowTitle } from '../../src/lib/replyNotice';

describe('the message a thread opens on', () => {
  it('is the newest inbound one, else the newest', () => {
    const d = (...dirs: ('inbound' | 'outbound')[]) => dirs.map((direction) => ({ direction }));
    expect(latestInboundIndex(d('outbound', 'inbound', 'outbound', 'inbound'))).toBe(3);
    expect(latestInboundIndex(d('outbound', 'inbound', 'outbound'))).toBe(1);
    expect(latestInboundIndex(d('outbound', 'outbound'))).toBe(1);
    expect(latestInboundIndex([])).toBe(-1);
  });
});

describe('what a message shows', () => {
  it('shows the HTML, or the text body when the HTML is empty or shows nothing', () => {
    const m = { bodyHtml: '<p>Hello</p>', bodyText: 'Hello there' };
    expect(messageSource(m, { whole: false, textOnly: false })).toEqual({ html: '<p>Hello</p>', cut: false });
    expect(messageSource(m, { whole: false, textOnly: true }).html).toBe('<p>Hello there</p>');
    expect(messageSource({ bodyHtml: '  ', bodyText: 'a & b' }, { whole: false, textOnly: false }).html).toBe(
      '<p>a &amp; b</p>',
    );
  });
  it('cuts a body past the limit until the whole is asked for', () => {
    const long = { bodyHtml: `<p>${'x'.repeat(LONG_BODY_CHARS * 5)}</p>`, bodyText: '' };
    const cut = messageSource(long, { whole: false, textOnly: false });
    expect(cut.cut).toBe(true);
    expect(cut.html.length).toBe(LONG_BODY_CHARS);
    expect(messageSource(long, { whole: true, textOnly: false })).toEqual({
      html: long.bodyHtml,
      cut: false,
    });
  });
  it('folds to its first words on one line', () => {
    expect(firstWords({ bodyText: 'Hi Ama,\n\n  thanks for\twriting.' })).toBe('Hi Ama, thanks for writing.');
    expect(firstWords({ bodyText: 'word '.repeat(100) }, 20)).toBe('word word word word…');
  });
});

describe('new replies announced', () => {
  it('names the prospect of one reply with its preview, and groups several', () => {
    expect(replyNotice(1, [{ prospectName: 'Ana Diaz', snippet: 'Monday works' }])).toEqual({
      title: 'New reply from Ana Diaz',
      body: 'Monday works',
    });
    const rows = ['A', 'B', 'C', 'D'].map((n) => ({ prospectName: n, snippet: null }));
    expect(replyNotice(5, rows)).toEqual({ title: '5 new replies', body: 'A, B, C and 2 more' });
    expect(replyNotice(2, [])).toEqual({
      title: '2 new replies',
      body: 'Open Outreach Triage to read them.',
    });
  });
  it('puts the unread count in the window title', () => {
    expect(windowTitle(0)).toBe('Outreach Triage');
    expect(windowTitle(1234)).toBe('(1,234) Outreach Triage');
  });
});
