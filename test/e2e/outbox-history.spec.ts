// The Outbox's history: changes the service confirmed are listed under the ones that wait or failed,
// in a Sent section, newest first (what was done, to whom, when), through later syncs and a
// restart of the window; j/k reach them as they reach the other changes.
import type { Page } from '@playwright/test';
import {
  test,
  expect,
  openApp,
  cursorThreadId,
  expectServiceStatus,
  sendReply,
  shot,
  SCREEN_SIZES,
} from './fixtures/triage';

const nameOf = async (page: Page, id: string) =>
  (await page.locator(`#row-${id} .name`).first().textContent())?.trim() ?? '';

async function go(page: Page, key: string): Promise<void> {
  await page.keyboard.press('g');
  await page.keyboard.press(key);
}

test('sent changes stay listed newest first under the failed ones, reachable by j/k', async ({
  page,
  triage,
}) => {
  test.setTimeout(120_000);
  await openApp(page, triage);
  const first = await cursorThreadId(page);
  const firstName = await nameOf(page, first);
  await page.keyboard.press('1');
  const second = await cursorThreadId(page);
  const secondName = await nameOf(page, second);
  expect(second).not.toBe(first);
  await page.keyboard.press('3');
  await expectServiceStatus(triage, first, 'interested');
  await expectServiceStatus(triage, second, 'not_interested');
  // One the service refuses: it waits, failed, above the history.
  const refused = await cursorThreadId(page);
  triage.sandbox.setFaults('400:1');
  await page.keyboard.press('5');
  await expect(page.locator('.notices .notice.error').filter({ hasText: /^Not done:/ })).toBeVisible({
    timeout: 30_000,
  });
  triage.sandbox.setFaults(null);
  // A later sync, and the window opened again: the history is still there.
  await triage.bridge.app.handlers['sync.now']({ accountId: triage.accountId });
  await page.goto('about:blank');
  await openApp(page, triage);
  await expect(page.locator('.notices .notice')).toHaveCount(0);

  await go(page, 'o');
  const sent = page.getByRole('region', { name: /^Sent/ });
  await expect(sent).toBeVisible();
  const rows = sent.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(`Status of ${secondName} → Not interested`);
  await expect(rows.nth(1)).toContainText(`Status of ${firstName} → Interested`);
  await expect(rows.nth(0)).toContainText('Sent');
  await expect(rows.nth(0).locator('time')).toHaveText('just now');
  // The failed change comes first on the page, the history under it.
  const failedRow = page.locator('tr[data-state="failed"]');
  await expect(failedRow).toContainText('Wrong person');
  expect((await failedRow.boundingBox())!.y).toBeLessThan((await rows.nth(0).boundingBox())!.y);
  expect(refused).not.toBe(second);

  // By keys: the failed change, then the sent ones, and back.
  await expect(failedRow).toBeFocused();
  await page.keyboard.press('j');
  await expect(rows.nth(0)).toBeFocused();
  await page.keyboard.press('j');
  await expect(rows.nth(1)).toBeFocused();
  await page.keyboard.press('k');
  await expect(rows.nth(0)).toBeFocused();

  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    for (const [w, h] of SCREEN_SIZES) {
      await page.setViewportSize({ width: w, height: h });
      await shot(page, `outbox-history-${w}x${h}-${theme}`);
    }
  }
});

test('Enter on a change in the Outbox shows its thread, with what was sent', async ({ page, triage }) => {
  await openApp(page, triage);
  const id = await cursorThreadId(page);
  await page.keyboard.press('Enter');
  await expect(page.locator('article.thread')).toHaveAttribute('data-thread-id', id);
  await page.keyboard.press('r');
  await page.keyboard.type('Happy to send the case study.');
  await sendReply(page);
  await expect
    .poll(() => triage.sandbox.stats().replies.filter((r) => r.threadId === id).length, {
      timeout: 30_000,
    })
    .toBe(1);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await go(page, 'o');
  const sent = page.getByRole('region', { name: /^Sent/ });
  const row = sent.locator('tbody tr').filter({ hasText: /Reply/ }).first();
  await expect(row).toBeVisible();
  for (let i = 0; i < 10 && !(await row.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('j');
  await expect(row).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('article.thread')).toHaveAttribute('data-thread-id', id);
  // The reply is the thread's newest message (its body in a frame of its own).
  const bodies = page.locator('article.thread iframe');
  await expect(bodies.last().contentFrame().locator('body')).toContainText('Happy to send the case study.');
});
