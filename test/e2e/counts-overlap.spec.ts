// The Inbox count while the window's own verdicts overlap a refresh on its way: a count the core
// answered before a verdict must never be shown after it (the count would jump back up by one).
import { test, expect, openApp } from './fixtures/triage';

test('a verdict given while counts were on their way: the Inbox count never goes back to the older answer', async ({
  page,
  triage,
}) => {
  // Answers to threads.counts are held on their way to the page once `holding` is set.
  let holding = false;
  const heldIds = new Set<string>();
  const countsIds = new Set<string>();
  let countsAnswered = 0;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let sawHeld!: () => void;
  const held = new Promise<void>((resolve) => (sawHeld = resolve));
  await page.routeWebSocket(/\/socket/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((m) => {
      const msg = JSON.parse(String(m)) as { t?: string; i?: string; a?: unknown };
      if (msg.t === 'q' && msg.i && JSON.stringify(msg.a).includes('"threads.counts"')) {
        countsIds.add(msg.i);
        if (holding) heldIds.add(msg.i);
      }
      server.send(m);
    });
    server.onMessage(async (m) => {
      const msg = JSON.parse(String(m)) as { t?: string; i?: string };
      if (msg.t === 's' && msg.i && heldIds.has(msg.i)) {
        sawHeld();
        await released;
      }
      ws.send(m);
      if (msg.t === 's' && msg.i && countsIds.has(msg.i)) countsAnswered++;
    });
  });
  // Counts asked for over fetch (before the socket opens) are not held: the test waits for the socket.
  await openApp(page, triage);
  const inboxCount = page
    .getByRole('navigation', { name: 'Folders' })
    .getByRole('button', { name: /^Inbox/ });
  await expect(inboxCount).toHaveText(/\d/);
  const before = Number((await inboxCount.textContent())!.replace(/\D/g, ''));

  // Every count the sidebar shows from now on, in order.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { countsSeen: string[] }).countsSeen = seen;
    const nav = document.querySelector('nav[aria-label="Folders"]')!;
    const read = () => {
      const b = [...nav.querySelectorAll('button')].find((x) => /^\s*Inbox/.test(x.textContent ?? ''));
      const n = (b?.textContent ?? '').replace(/\D/g, '');
      if (seen[seen.length - 1] !== n) seen.push(n);
    };
    new MutationObserver(read).observe(nav, { subtree: true, childList: true, characterData: true });
  });

  // Another part of the app changes a thread outside the Inbox: the window refreshes, and the core
  // answers its counts (the Inbox as it was) before the rep's verdict below.
  const outside = await triage.bridge.app.handlers['threads.list']({
    accountId: triage.accountId,
    view: 'status',
    status: 'interested',
    offset: 0,
    limit: 1,
  });
  holding = true;
  await triage.bridge.app.handlers['threads.setStatus']({
    accountId: triage.accountId,
    threadId: outside.rows[0]!.id,
    status: 'meeting_booked',
  });
  await held;
  holding = false;

  // The rep's verdict on the thread under the cursor, while that older answer is on its way.
  await page.keyboard.press('3');
  await expect(inboxCount).toContainText(String(before - 1));
  const answeredBefore = countsAnswered;
  release();
  // The held answer, then the counts of the refresh after the verdict, reach the page.
  await expect.poll(() => countsAnswered).toBeGreaterThanOrEqual(answeredBefore + 2);
  await expect(inboxCount).toContainText(String(before - 1));
  const seen = await page.evaluate(() => (window as unknown as { countsSeen: string[] }).countsSeen);
  // Once the verdict's count showed, the one from before it never came back.
  expect(seen.slice(seen.indexOf(String(before - 1)))).toEqual([String(before - 1)]);
});
