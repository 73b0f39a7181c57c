// The bridge's call-socket answers: rows travel by column and come back exactly as they were sent,
// through the socket's two ends as the bridge and the page run them (ports joined in memory).
import { describe, expect, it } from 'vitest';
import type { Envelope } from '../../electron/shared/contract';
import { PackedJson, packText, unpackReceived } from '../../electron/shared/packed';
import { createRpc } from '../../electron/shared/rpc';
import type { SocketFunctions } from '../../electron/web/wire';

const row = (i: number) => ({
  id: i.toString(16).padStart(24, '0'),
  status: i % 2 ? 'open' : 'interested',
  prospectName: `Ana ${i} "quoted" \u00e9`,
  subject: i % 3 ? null : 'Re: hi',
  messageCount: i,
  unread: i % 2 === 0,
  snoozedUntil: null,
  customFields: { tier: String(i) },
});

/** One answer from the bridge's end of a call socket to the page's: the socket's messages
 *  (`wire`) and the envelope the page reads. */
async function travel(envelope: Envelope<unknown>) {
  const toPage: ((m: unknown) => void)[] = [];
  const toBridge: ((m: unknown) => void)[] = [];
  const wire: string[] = [];
  const functions: SocketFunctions = { invoke: async () => new PackedJson(packText(envelope)) };
  createRpc(functions, {
    post: (m) => {
      wire.push(m as string);
      for (const l of toPage) l(m);
    },
    listen: (l) => toBridge.push(l),
    text: true,
  });
  const page = createRpc<SocketFunctions>(
    {},
    { post: (m) => toBridge.forEach((l) => l(m)), listen: (l) => toPage.push(l), text: true },
  );
  const got = unpackReceived(await page.invoke('threads.list', {}));
  return { text: wire.join(''), envelope: got };
}

describe('bridge answers', () => {
  it('carry a window of rows by column, fewer bytes, equal on arrival', async () => {
    const window = { total: 100_000, offset: 300, rows: Array.from({ length: 100 }, (_, i) => row(i)) };
    const sent: Envelope<unknown> = { ok: true, value: window };
    const got = await travel(sent);
    expect(got.envelope).toEqual(sent);
    // Rows by column, and the answer written into the socket's message as JSON, not escaped in a string.
    expect(got.text.length).toBeLessThan(JSON.stringify(sent).length * 0.75);
    expect(got.text).toContain('"r":{"ok":true');
  });

  it('carry a list answer, search results and everything else unchanged', async () => {
    const cases: Envelope<unknown>[] = [
      { ok: true, value: Array.from({ length: 20 }, (_, i) => row(i)) },
      { ok: true, value: { threads: Array.from({ length: 9 }, (_, i) => row(i)), leads: [] } },
      { ok: true, value: [row(1), row(2)] },
      { ok: true, value: [{ a: 1 }, { b: 2 }, { a: 3 }, { a: 4 }, { a: 5 }, { a: 6 }, { a: 7 }, { a: 8 }] },
      { ok: true, value: { inbox: 3, byStatus: { open: 3 } } },
      { ok: true, value: null },
      { ok: true, value: 'text' },
      { ok: false, error: { kind: 'validation', message: 'no', issues: [{ path: 'a', message: 'b' }] } },
    ];
    for (const c of cases) expect((await travel(c)).envelope).toEqual(c);
  });

  it('leaves rows with an undefined field as objects, so nothing turns into null', async () => {
    const rows = Array.from({ length: 10 }, (_, i) => ({ id: i, note: i === 3 ? undefined : 'x' }));
    const got = (await travel({ ok: true, value: rows })).envelope as {
      ok: true;
      value: Record<string, unknown>[];
    };
    expect(got.value[3]).toEqual({ id: 3 });
    expect('note' in got.value[3]!).toBe(false);
  });
});
