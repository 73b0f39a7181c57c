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

test('a refusal toast stays when a look at the Outbox asked before the refusal answers after it', async ({
  page,
  triage,
}) => {
  // The Outbox's answers are held while `holding`: a list the page asked for before the service
  // refused the change (still pending in it) arrives after the refusal was said.
  let holding = false;
  const heldIds = new Set<string>();
  const heldAnswers: (() => void)[] = [];
  await page.routeWebSocket(/\/socket/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((m) => {
      const text = String(m);
      const id = /"i":"([^"]+)"/.exec(text)?.[1];
      if (holding && id && text.includes('"outbox.list"')) heldIds.add(id);
      server.send(m);
    });
    server.onMessage((m) => {
      const id = /"i":"([^"]+)"/.exec(String(m))?.[1];
      if (id && heldIds.has(id)) heldAnswers.push(() => ws.send(m));
      else ws.send(m);
    });
  });
  await openApp(page, triage);
  triage.sandbox.setFaults('400:1');
  holding = true;
  await page.keyboard.press('3');
  await expect(page.getByTestId('live-region')).toContainText('Not done:', { timeout: 30_000 });
  expect(heldAnswers.length).toBeGreaterThan(0);
  holding = false;
  for (const send of heldAnswers.splice(0)) send();
  const toast = page.locator('.notices .notice.error').filter({ hasText: /^Not done:/ });
  await expect(toast).toBeVisible();
  // It is still there once the page has looked again, the change still failed.
  await expect(page.getByRole('status').filter({ hasText: /failed/ })).toContainText('1 failed');
  await page.waitForTimeout(1_000);
  await expect(toast).toBeVisible();
  triage.sandbox.setFaults(null);
});
