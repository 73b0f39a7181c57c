// Done on a thread with a half-written reply asks first (send it, keep it, or discard it; Esc
// leaves everything as it was), and a kept draft is found again on the thread.
import {
  test,
  expect,
  openApp,
  paneShows,
  inboxRows,
  expectServiceStatus,
  type ServiceThread,
} from './fixtures/triage';

test('e on a thread with a half-written reply asks; kept, the draft is there when the thread opens again', async ({
  page,
  triage,
}) => {
  const rows = await inboxRows(triage, 4);
  await openApp(page, triage);
  const list = page.getByRole('listbox', { name: /threads/ });
  await page.keyboard.press('Enter');
  await paneShows(page, rows[0]!.id);
  await page.keyboard.press('r');
  await page.keyboard.type('Half a thought about pricing');
  await page.keyboard.press('Escape');
  await expect(list).toBeFocused();

  await page.keyboard.press('e');
  const ask = page.getByRole('dialog', { name: /unsent reply/ });
  await expect(ask).toBeVisible();
  // Esc: nothing happens.
  await page.keyboard.press('Escape');
  await expect(ask).toHaveCount(0);
  await expect(list.locator(`[id="row-${rows[0]!.id}"]`)).toBeVisible();
  expect((await triage.service<ServiceThread>(`/inbox/${rows[0]!.id}`)).status).toBe('open');

  // Keep it (the choice the keyboard starts on): Done, and the draft stays with the thread.
  await page.keyboard.press('e');
  await expect(ask.getByRole('button', { name: /Keep the draft/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(ask).toHaveCount(0);
  await expectServiceStatus(triage, rows[0]!.id, 'closed');
  await expect(page.locator('.notices .notice').filter({ hasText: /draft .* is kept/ })).toHaveCount(1);
  await page.keyboard.press('g');
  await page.keyboard.press('a');
  const row = list.locator(`[id="row-${rows[0]!.id}"]`);
  await expect(row).toContainText('Draft');
  await row.click();
  await paneShows(page, rows[0]!.id);
  await expect(page.getByRole('textbox', { name: 'Reply text' })).toHaveValue(
    /^Half a thought about pricing/,
  );
});

test('Discard in the question drops the draft and marks Done; a thread without a draft is not asked', async ({
  page,
  triage,
}) => {
  const rows = await inboxRows(triage, 4);
  await openApp(page, triage);
  await page.keyboard.press('Enter');
  await paneShows(page, rows[0]!.id);
  await page.keyboard.press('r');
  await page.keyboard.type('Never mind');
  await page.keyboard.press('Escape');
  await page.keyboard.press('e');
  const ask = page.getByRole('dialog', { name: /unsent reply/ });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: /Discard the draft/ }).focus();
  await page.keyboard.press('Enter');
  await expectServiceStatus(triage, rows[0]!.id, 'closed');
  const detail = await triage.bridge.app.handlers['threads.get']({
    accountId: triage.accountId,
    threadId: rows[0]!.id,
  });
  expect(detail?.draft ?? null).toBeNull();
  // The next thread has no draft: e marks it Done at once.
  await paneShows(page, rows[1]!.id);
  await page.keyboard.press('e');
  await expect(ask).toHaveCount(0);
  await expectServiceStatus(triage, rows[1]!.id, 'closed');
});
