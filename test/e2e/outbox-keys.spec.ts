// Failed changes by keys and across accounts: the Outbox takes the keyboard, j/k move between
// changes, Shift+R retries every failed one and Shift+D discards them after asking; and a change
// refused in one account is still counted, named and retried after switching to another.
import type { Page } from '@playwright/test';
import {
  testWith,
  expect,
  openApp,
  cursorThreadId,
  expectServiceStatus,
  holdCalls,
  type ServiceThread,
  type Triage,
} from './fixtures/triage';

// The file's app with a second account, on the service's second workspace.
const test = testWith(async (triage) => {
  const second = await triage.bridge.app.handlers['accounts.add']({
    label: 'Second',
    baseUrl: triage.sandbox.url,
    apiKey: triage.sandbox.apiKey,
    workspaceId: triage.sandbox.teams[1]!.id,
  });
  await triage.bridge.app.handlers['sync.now']({ accountId: second.id });
});

const statusBar = (page: Page) => page.getByRole('status', { name: 'Sync status' });

/** Gives verdict `key` on the cursor thread while the service refuses everything, until the
 *  status bar counts `failed` failed changes; answers the thread's id. */
async function refusedVerdict(page: Page, triage: Triage, key: string, failed = 1): Promise<string> {
  const id = await cursorThreadId(page);
  triage.sandbox.setFaults('400:1');
  await page.keyboard.press(key);
  await expect(
    page
      .locator('.notices .notice.error')
      .filter({ hasText: /^Not done:/ })
      .last(),
  ).toBeVisible({
    timeout: 30_000,
  });
  await expect(statusBar(page)).toContainText(`${failed} failed`, { timeout: 30_000 });
  triage.sandbox.setFaults(null);
  return id;
}

async function go(page: Page, key: string): Promise<void> {
  await page.keyboard.press('g');
  await page.keyboard.press(key);
}

test('the Outbox by keys: j moves between changes, Shift+R retries every failed one', async ({
  page,
  triage,
}) => {
  await openApp(page, triage);
  const first = await refusedVerdict(page, triage, '2', 1);
  const second = await refusedVerdict(page, triage, '2', 2);
  await go(page, 'o');
  const rows = page.locator('tr[data-state="failed"]');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toBeFocused();
  await page.keyboard.press('j');
  await expect(rows.nth(1)).toBeFocused();
  // Tab reaches the change's own buttons.
  await page.keyboard.press('Tab');
  await expect(rows.nth(1).getByRole('button', { name: /^Retry:/ })).toBeFocused();
  await page.keyboard.press('Shift+R');
  await expectServiceStatus(triage, first, 'meeting_booked');
  await expectServiceStatus(triage, second, 'meeting_booked');
  await expect(statusBar(page)).toContainText('0 failed');
});

test('Shift+D asks, then discards every failed change; the service never gets them', async ({
  page,
  triage,
}) => {
  await openApp(page, triage);
  const id = await refusedVerdict(page, triage, '3');
  const was = (await triage.service<ServiceThread>(`/inbox/${id}`)).status;
  await go(page, 'o');
  await expect(page.locator('tr[data-state="failed"]')).toHaveCount(1);
  await page.keyboard.press('Shift+D');
  const ask = page.getByRole('alertdialog', { name: 'Discard all failed changes' });
  await expect(ask).toContainText('Discard 1 failed change?');
  // Esc keeps them.
  await page.keyboard.press('Escape');
  await expect(ask).toHaveCount(0);
  await expect(page.locator('tr[data-state="failed"]')).toHaveCount(1);
  await page.keyboard.press('Shift+D');
  await expect(ask.getByRole('button', { name: 'Discard 1' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('tr[data-state="failed"]')).toHaveCount(0);
  await expect(statusBar(page)).toContainText('0 failed');
  expect((await triage.service<ServiceThread>(`/inbox/${id}`)).status).toBe(was);
});

test('the Outbox opened before its changes came gives the keyboard to the first one once they come', async ({
  page,
  triage,
}) => {
  // The Outbox's lists are held until the view is open.
  const release = await holdCalls(page, (m) => m.includes('"outbox.list"'));
  await openApp(page, triage);
  await refusedVerdict(page, triage, '2');
  await go(page, 'o');
  await expect(page.getByRole('heading', { name: 'Outbox', level: 1 })).toBeVisible();
  await expect(page.getByText(/waits to be sent/)).toBeVisible();
  release();
  const row = page.locator('tr[data-state="failed"]');
  await expect(row).toHaveCount(1);
  await expect(row).toBeFocused();
  await page.keyboard.press('Shift+R');
  await expect(statusBar(page)).toContainText('0 failed');
});

test('a change refused in one account is counted and named after switching to another, and retried from there', async ({
  page,
  triage,
}) => {
  await openApp(page, triage);
  await expect(page.getByRole('button', { name: /^Account Demo/ })).toBeVisible();
  const id = await refusedVerdict(page, triage, '1');
  await page.getByRole('button', { name: /^Account Demo/ }).click();
  await page.getByRole('button', { name: 'Switch to Second' }).click();
  await expect(page.getByRole('button', { name: /^Account Second/ })).toBeVisible();
  await expect(page.getByRole('option').first()).toBeVisible({ timeout: 30_000 });
  // Not "0 failed": the change waits in Demo, and the status bar says so.
  await expect(statusBar(page)).toContainText('1 failed');
  // Named by its workspace: the account's label and the workspace's name.
  const workspace = `Demo · ${triage.sandbox.teams[0]!.name}`;
  const where = statusBar(page).getByRole('button', { name: `in ${workspace}: 1 failed` });
  await expect(where).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Folders' }).locator('.count.alert')).toBeVisible();
  // The Outbox lists it under its account, with Retry.
  await where.click();
  await expect(page.getByRole('heading', { name: `In ${workspace}` })).toBeVisible();
  await page.getByRole('button', { name: /^Retry: .*Interested/ }).click();
  await expectServiceStatus(triage, id, 'interested');
  await expect(statusBar(page)).toContainText('0 failed');
  await expect(page.getByRole('heading', { name: `In ${workspace}` })).toHaveCount(0);
});
