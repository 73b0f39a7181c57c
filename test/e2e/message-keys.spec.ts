// The keys keep working once the keyboard is inside a message body (its frame reached by Tab or
// by a click in the text): j moves on, Esc goes back to the list, Ctrl+K opens the palette, a
// verdict key triages; Enter on a link in the message is still the link's.
import type { Page } from '@playwright/test';
import { test, expect, openApp, cursorThreadId, paneShows, inboxRows } from './fixtures/triage';

const inMessage = (page: Page) => page.evaluate(() => document.activeElement?.tagName === 'IFRAME');

/** Tabs from where the keyboard is until it is inside a message's frame. */
async function tabIntoMessage(page: Page): Promise<void> {
  for (let i = 0; i < 60 && !(await inMessage(page)); i++) await page.keyboard.press('Tab');
  if (await inMessage(page)) return;
  throw new Error('Tab never reached a message body');
}

test('j, Esc, Ctrl+K and a verdict act from inside a message body', async ({ page, triage }) => {
  const rows = await inboxRows(triage, 4);
  await openApp(page, triage);
  const list = page.getByRole('listbox', { name: /threads/ });
  await page.keyboard.press('Enter');
  await paneShows(page, rows[0]!.id);

  await tabIntoMessage(page);
  await page.keyboard.press('j');
  await expect.poll(() => cursorThreadId(page)).toBe(rows[1]!.id);
  await paneShows(page, rows[1]!.id);

  await tabIntoMessage(page);
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('combobox', { name: /Type a command/ })).toBeFocused();
  await page.keyboard.press('Escape');

  await tabIntoMessage(page);
  await page.keyboard.press('Escape');
  await expect(page.locator('article.thread')).toHaveCount(0);
  await expect(list).toBeFocused();

  await page.keyboard.press('Enter');
  await paneShows(page, rows[1]!.id);
  await tabIntoMessage(page);
  await page.keyboard.press('3');
  await expect(page.locator('.notices .notice').filter({ hasText: 'Not interested.' })).toHaveCount(1);
  await expect(list.getByRole('option').filter({ hasText: rows[1]!.prospectName })).toHaveCount(0);
});

test('Enter on a message header unfolds and folds it with the keyboard still on that header', async ({
  page,
  triage,
}) => {
  const rows = await inboxRows(triage, 30);
  await openApp(page, triage);
  // A thread with a folded older message.
  let at = -1;
  for (let i = 0; i < rows.length && at < 0; i++) {
    if (i > 0) await page.keyboard.press('j');
    else await page.keyboard.press('Enter');
    await paneShows(page, rows[i]!.id);
    if ((await page.locator('.reading li.message.collapsed').count()) > 0) at = i;
  }
  expect(at).toBeGreaterThanOrEqual(0);
  const head = page.locator('.reading li.message.collapsed button').first();
  const item = page.locator('.reading li.message.collapsed').first();
  const index = await item.getAttribute('data-message-index');
  for (let i = 0; i < 60 && !(await head.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(head).toBeFocused();
  await page.keyboard.press('Enter');
  const header = page.locator(`.reading li.message[data-message-index="${index}"] > button`);
  await expect(header).toHaveAttribute('aria-expanded', 'true');
  await expect(header).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(header).toHaveAttribute('aria-expanded', 'false');
  await expect(header).toBeFocused();
});
