// Failures are said where the rep is: a verdict the service refuses raises a toast naming the
// change and the service's reason, with Retry, and Retry sends it once the service takes it.
import {
  test,
  expect,
  openApp,
  cursorThreadId,
  expectServiceStatus,
  type ServiceThread,
} from './fixtures/triage';

test('a refused verdict is said at once with the reason, and Retry sends it', async ({ page, triage }) => {
  await openApp(page, triage);
  const id = await cursorThreadId(page);
  const was = (await triage.service<ServiceThread>(`/inbox/${id}`)).status;
  triage.sandbox.setFaults('400:1');
  await page.keyboard.press('2');
  const toast = page.locator('.notices .notice.error').filter({ hasText: /^Not done:/ });
  await expect(toast).toBeVisible({ timeout: 30_000 });
  await expect(toast).toContainText('Meeting booked');
  await expect(toast).toContainText(/refused|400|invalid/i);
  await expect(toast).toContainText('It waits in the Outbox.');
  triage.sandbox.setFaults(null);
  // Refused, it did not reach the service.
  expect((await triage.service<ServiceThread>(`/inbox/${id}`)).status).toBe(was);
  await toast.getByRole('button', { name: 'Retry' }).click();
  await expectServiceStatus(triage, id, 'meeting_booked');
});

test('a refusal toast goes once its change is undone: no Retry is left for a change that is gone', async ({
  page,
  triage,
}) => {
  await openApp(page, triage);
  triage.sandbox.setFaults('400:1');
  await page.keyboard.press('3');
  const toast = page.locator('.notices .notice.error').filter({ hasText: /^Not done:/ });
  await expect(toast).toBeVisible({ timeout: 30_000 });
  triage.sandbox.setFaults(null);
  await page.keyboard.press('z');
  await expect(page.locator('.notices .notice').filter({ hasText: /^Undone:/ })).toBeVisible();
  await expect(toast).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: /failed/ })).toContainText('0 failed');
});
