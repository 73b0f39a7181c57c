// The rep's place survives a trip to another view and a restart: back in the Inbox (g i, the
// sidebar, the palette) the cursor is on the thread they left and it is open again; a window
// closed on All inboxes opens on All inboxes.
import type { Page } from '@playwright/test';
import { testWith, expect, openApp, paneShows, inboxRows } from './fixtures/triage';

const cursorOn = (page: Page, id: string) =>
  expect(page.getByRole('listbox', { name: /threads/ })).toHaveAttribute(
    'aria-activedescendant',
    `row-${id}`,
  );

// A second workspace of the same key: All inboxes holds two.
const test = testWith(async (triage) => {
  const h = triage.bridge.app.handlers;
  const client = await h['accounts.addWorkspace']({
    accountId: triage.accountId,
    workspaceId: triage.sandbox.teams[1]!.id,
  });
  await h['sync.now']({ accountId: client.id });
});

test('g c then g i comes back to the thread left, open, in the view left', async ({ page, triage }) => {
  const rows = await inboxRows(triage, 20);
  await openApp(page, triage);
  for (let i = 0; i < 12; i++) await page.keyboard.press('j');
  await cursorOn(page, rows[12]!.id);
  await page.keyboard.press('Enter');
  await paneShows(page, rows[12]!.id);

  await page.keyboard.press('g');
  await page.keyboard.press('c');
  await expect(page.getByRole('listbox', { name: /threads/ })).toHaveCount(0);
  await page.keyboard.press('g');
  await page.keyboard.press('i');
  const list = page.getByRole('listbox', { name: /threads/ });
  await expect(list).toBeFocused();
  await cursorOn(page, rows[12]!.id);
  await paneShows(page, rows[12]!.id);
  await expect(page.locator(`[id="row-${rows[12]!.id}"]`)).toBeInViewport();
  // And on from there.
  await page.keyboard.press('j');
  await cursorOn(page, rows[13]!.id);

  // Going to the Inbox again from the Inbox itself starts at the top, as it always did.
  await page.keyboard.press('g');
  await page.keyboard.press('i');
  await cursorOn(page, rows[0]!.id);
});

test('a window closed on All inboxes opens on All inboxes', async ({ page, triage }) => {
  await openApp(page, triage);
  await page.keyboard.press('g');
  await page.keyboard.press('u');
  await expect(page.getByRole('heading', { name: 'All inboxes', level: 1 })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('option').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'All inboxes', level: 1 })).toBeVisible();
  // Also when the account it was remembered by is gone (removed, or added again under a new id).
  await page.evaluate(() => localStorage.setItem('triage.lastAccount', 'removed-account'));
  await page.reload();
  await expect(page.getByRole('option').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'All inboxes', level: 1 })).toBeVisible();
  await expect(page.getByRole('listbox', { name: /All inboxes threads/ })).toBeVisible();
});
