// What a screen reader hears: the window's one polite live region says a verdict given and its
// undo, new replies in the Inbox after a sync, a new message in the open thread, and a change the
// service refused; the toasts showing the same words are not a live region of their own, so
// nothing is said twice.
import type { Page } from '@playwright/test';
import { test, expect, openApp, cursorThreadId, type Triage } from './fixtures/triage';

const live = (page: Page) => page.getByTestId('live-region');
const cursorName = async (page: Page) =>
  (
    await page
      .locator(`#row-${await cursorThreadId(page)} .name`)
      .first()
      .textContent()
  )?.trim() ?? '';
const syncNow = (triage: Triage) => triage.bridge.app.handlers['sync.now']({ accountId: triage.accountId });

test('a verdict and its undo are said in the live region, once', async ({ page, triage }) => {
  await openApp(page, triage);
  await expect(live(page)).toHaveAttribute('aria-live', 'polite');
  await expect(live(page)).toHaveText('');
  const name = await cursorName(page);
  expect(name).not.toBe('');
  await page.keyboard.press('1');
  await expect(live(page)).toContainText(`${name}: Interested.`);
  await page.keyboard.press('z');
  await expect(live(page)).toContainText(`Undone: Interested for ${name}.`);
  // The toast shows the words; it is not a second live region (nor an alert) saying them again.
  await expect(page.locator('.notices .notice').filter({ hasText: `${name}: Interested.` })).toBeVisible();
  await expect(
    page.locator('.notices[aria-live], .notices [aria-live], .notices [role="alert"]'),
  ).toHaveCount(0);
});

test('new replies after a sync and a new message in the open thread are said', async ({ page, triage }) => {
  await openApp(page, triage);
  // The thread open in the reading pane gets a new message from the prospect.
  await page.keyboard.press('Enter');
  await expect(page.locator('article.thread')).toBeVisible();
  const open = await cursorThreadId(page);
  const prospect = (await page.locator('article.thread').getAttribute('aria-label'))!.replace(
    /^Thread with /,
    '',
  );
  triage.sandbox.admin.addMessage(open, { direction: 'inbound', bodyHtml: '<p>One more question.</p>' });
  await syncNow(triage);
  await expect(live(page)).toContainText(`New message from ${prospect} in the open thread`, {
    timeout: 30_000,
  });

  // Replies arriving elsewhere: their count.
  const ids = new Set(triage.sandbox.admin.arriveReplies(3));
  await syncNow(triage);
  const words = ids.size === 1 ? 'A new reply arrived' : `${ids.size} new replies arrived`;
  await expect(live(page)).toContainText(words, { timeout: 30_000 });
});

test('a change the service refused is said, with the thread', async ({ page, triage }) => {
  await openApp(page, triage);
  const name = await cursorName(page);
  triage.sandbox.setFaults('400:1');
  try {
    await page.keyboard.press('2');
    await expect(live(page)).toContainText(`Not done: Status of ${name} → Meeting booked.`, {
      timeout: 30_000,
    });
    await expect(live(page)).toContainText('It waits in the Outbox.');
  } finally {
    triage.sandbox.setFaults(null);
  }
});
