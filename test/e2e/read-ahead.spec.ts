// Reading ahead: while the rep reads a thread, the one below it is asked for, so j shows it at once
// even when the core is slow to answer; a change to that thread heard meanwhile is never shown as
// it was before.
import type { Page } from '@playwright/test';
import { statusLabel } from '../../electron/shared/labels';
import { test, expect, openApp, paneShows, type ServiceThread, type Triage } from './fixtures/triage';

const inboxStatus = async (triage: Triage, id: string) =>
  (await triage.service<ServiceThread>(`/inbox/${id}`)).status;

/** The page's thread reads over the call socket: which were answered, and a gate that holds them. */
async function watchThreadReads(page: Page) {
  const asked = new Map<string, string>();
  const answered = new Set<string>();
  let gate: Promise<void> | null = null;
  let open = () => {};
  await page.routeWebSocket(/\/socket/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage(async (m) => {
      const call = JSON.parse(String(m)) as { i?: string; a?: unknown[] };
      const [channel, input] = call.a ?? [];
      if (channel === 'threads.get' && call.i) {
        asked.set(call.i, (input as { threadId: string }).threadId);
        if (gate) await gate;
      }
      server.send(m);
    });
    server.onMessage((m) => {
      const id = (JSON.parse(String(m)) as { i?: string }).i;
      if (id && asked.has(id)) answered.add(asked.get(id)!);
      ws.send(m);
    });
  });
  return {
    answered: (threadId: string) => answered.has(threadId),
    hold() {
      gate = new Promise((resolve) => (open = resolve));
    },
    release() {
      gate = null;
      open();
    },
  };
}

test('j shows the thread below at once, read ahead; a change to it heard meanwhile is not shown stale', async ({
  page,
  triage,
}) => {
  const reads = await watchThreadReads(page);
  await openApp(page, triage);
  // All threads: a thread stays in its place when its status changes.
  await page.keyboard.press('g');
  await page.keyboard.press('a');
  const list = page.getByRole('listbox', { name: /threads/ });
  const idAt = (n: number) => list.locator(`[aria-posinset="${n}"]`).getAttribute('data-thread-id');
  await expect(list.locator('[aria-posinset="3"]')).toBeVisible();
  const [first, second, third] = [(await idAt(1))!, (await idAt(2))!, (await idAt(3))!];
  await page.keyboard.press('Enter');
  await paneShows(page, first);

  // The thread below was read while the rep read this one: j shows it with the core held.
  await expect.poll(() => reads.answered(second)).toBe(true);
  reads.hold();
  await page.keyboard.press('j');
  await paneShows(page, second);
  reads.release();

  // The thread below that one is read ahead too; then a teammate gives it a verdict on the service.
  await expect.poll(() => reads.answered(third)).toBe(true);
  const status = (await inboxStatus(triage, third)) === 'interested' ? 'not_interested' : 'interested';
  triage.sandbox.admin.setThreadStatus(third, status);
  await triage.bridge.app.handlers['sync.now']({ accountId: triage.accountId });
  await expect(list.locator(`[data-thread-id="${third}"]`)).toContainText(statusLabel(status));

  // With the core held, j does not show the thread as it was read ahead (before the change).
  reads.hold();
  await page.keyboard.press('j');
  await expect(page.locator('.reading')).toHaveAttribute('aria-busy', 'true');
  await expect(page.locator(`article.thread[data-thread-id="${third}"]`)).toHaveCount(0);
  reads.release();
  await paneShows(page, third);
  await expect(page.getByTestId('open-status')).toHaveText(statusLabel(status));
});
