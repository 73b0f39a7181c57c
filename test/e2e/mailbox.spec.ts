// The reply box says which mailbox the reply goes out from, and a reply from a mailbox the service
// marks disconnected waits for a second press (it may not go out until the mailbox is back).
import { test, expect, openApp } from './fixtures/triage';

test('the From line, and a disconnected mailbox warns before the reply is sent', async ({ page, triage }) => {
  const h = triage.bridge.app.handlers;
  const a = { accountId: triage.accountId };
  const mailbox = (await h['emailAccounts.list'](a)).find((m) => m.status === 'disconnected')!;
  expect(mailbox).toBeTruthy();
  const thread = (
    await h['threads.list']({ ...a, view: 'all', emailAccountId: mailbox.id, offset: 0, limit: 1 })
  ).rows[0]!;
  await openApp(page, triage);
  const list = page.getByRole('listbox', { name: /threads/ });
  await page.keyboard.press('/');
  await page.keyboard.type(thread.prospectEmail);
  await expect(list.locator(`[data-thread-id="${thread.id}"]`)).toHaveCount(1);
  await page.keyboard.press('Enter');
  await expect(list).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('r');
  const from = page.getByTestId('reply-from');
  await expect(from).toContainText(mailbox.email);
  await expect(from).toContainText('disconnected');

  const body = `Checking in from a quiet mailbox ${Date.now()}`;
  await page.getByRole('textbox', { name: 'Reply text' }).fill(body);
  // Ctrl+K from inside the reply box opens the palette and types nothing into the reply.
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('dialog', { name: 'Command palette' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('textbox', { name: 'Reply text' })).toHaveValue(body);
  await page.getByRole('textbox', { name: 'Reply text' }).focus();
  await page.keyboard.press('Control+Enter');
  const warning = page.getByRole('alert').filter({ hasText: 'Press Send again' });
  await expect(warning).toContainText(`${mailbox.email} is disconnected`);
  await expect(page.getByRole('textbox', { name: 'Reply text' })).toHaveValue(body);
  // The second press sends it, after the undo window.
  await page.keyboard.press('Control+Enter');
  await expect
    .poll(() => triage.sandbox.stats().replies.some((r) => r.bodyHtml.includes(body)), { timeout: 30_000 })
    .toBe(true);
});
