// Undo is exact: a toast's Undo acts on its own action and goes once that action was undone or
// superseded; `z` undoes the newest action done in the view shown, and leaves the rep there.
import {
  test,
  expect,
  openApp,
  cursorThreadId,
  expectServiceStatus,
  type ServiceThread,
} from './fixtures/triage';

test('a toast undoes its own verdict, and its button goes once z undid it', async ({ page, triage }) => {
  await openApp(page, triage);
  const toasts = page.locator('.notices .notice');
  const first = await cursorThreadId(page);
  const firstWas = (await triage.service<ServiceThread>(`/inbox/${first}`)).status;
  await page.keyboard.press('1');
  await expect(toasts.filter({ hasText: 'Interested.' })).toHaveCount(1);
  const second = await cursorThreadId(page);
  expect(second).not.toBe(first);
  await page.keyboard.press('3');
  const secondToast = toasts.filter({ hasText: 'Not interested.' });
  await expect(secondToast.getByRole('button', { name: 'Undo' })).toBeVisible();

  // z undoes the newest (the second verdict); that toast's button goes with it.
  await page.keyboard.press('z');
  await expect(toasts.filter({ hasText: /^Undone: Not interested for/ })).toHaveCount(1);
  await expect(secondToast.getByRole('button', { name: 'Undo' })).toHaveCount(0);

  // The first toast's Undo undoes the first verdict, not another one.
  await toasts.filter({ hasText: 'Interested.' }).getByRole('button', { name: 'Undo' }).click();
  await expect(toasts.filter({ hasText: /^Undone: Interested for/ })).toHaveCount(1);
  await expectServiceStatus(triage, first, firstWas);
  await expectServiceStatus(triage, second, 'open');
});

test('a newer verdict on the same thread takes the older toast’s Undo away', async ({ page, triage }) => {
  await openApp(page, triage);
  const toasts = page.locator('.notices .notice');
  // All threads: a thread given a verdict stays in the list, so the rep can come back to it.
  await page.keyboard.press('g');
  await page.keyboard.press('a');
  const list = page.getByRole('listbox', { name: /threads/ });
  await expect(list).toHaveAttribute('aria-label', /All threads/i);
  await expect(list).toHaveAttribute('aria-activedescendant', /^row-/);
  const id = await cursorThreadId(page);
  const was = (await triage.service<ServiceThread>(`/inbox/${id}`)).status;
  const [firstKey, firstText] = was === 'meeting_booked' ? ['1', 'Interested.'] : ['2', 'Meeting booked.'];
  await page.keyboard.press(firstKey);
  const older = toasts.filter({ hasText: firstText });
  await expect(older.getByRole('button', { name: 'Undo' })).toBeVisible();
  await page.keyboard.press('k');
  expect(await cursorThreadId(page)).toBe(id);
  await page.keyboard.press('4');
  const newer = toasts.filter({ hasText: 'Out of office.' });
  await expect(newer.getByRole('button', { name: 'Undo' })).toBeVisible();
  await expect(older.getByRole('button', { name: 'Undo' })).toHaveCount(0);
  await expectServiceStatus(triage, id, 'out_of_office');
  await newer.getByRole('button', { name: 'Undo' }).click();
  await expect(toasts.filter({ hasText: /^Undone: Out of office for/ })).toHaveCount(1);
});

test('z undoes what was done where the rep is: a pause in Campaigns, never an older verdict of the Inbox', async ({
  page,
  triage,
}) => {
  await openApp(page, triage);
  const toasts = page.locator('.notices .notice');
  const id = await cursorThreadId(page);
  const was = (await triage.service<ServiceThread>(`/inbox/${id}`)).status;
  await page.keyboard.press('5');
  await expect(toasts.filter({ hasText: 'Wrong person.' })).toHaveCount(1);
  await page.keyboard.press('g');
  await page.keyboard.press('c');
  await expect(page.getByRole('listbox', { name: /threads/ })).toHaveCount(0);
  // To the first active campaign, and pause it.
  const cards = page.locator('[data-campaign-row]');
  await expect(cards.first()).toBeFocused();
  const statuses = await cards.getByTestId('campaign-status').allTextContents();
  const at = statuses.indexOf('Active');
  expect(at).toBeGreaterThanOrEqual(0);
  for (let i = 0; i < at; i++) await page.keyboard.press('j');
  const card = cards.nth(at);
  await expect(card).toBeFocused();
  const campaignId = (await card.getAttribute('data-campaign-id'))!;
  const serviceStatus = async () =>
    (await triage.service<{ status: string }>(`/campaigns/${campaignId}`)).status;
  await page.keyboard.press('Shift+P');
  await expect(card.getByTestId('campaign-status')).toHaveText('Paused');
  await expect.poll(serviceStatus, { timeout: 30_000 }).toBe('Paused');

  // z here undoes the pause.
  await page.keyboard.press('z');
  await expect(toasts.filter({ hasText: /^Undone: Pause of/ })).toHaveCount(1);
  await expect(card.getByTestId('campaign-status')).toHaveText('Active');
  await expect.poll(serviceStatus, { timeout: 30_000 }).toBe('Active');

  // Again: nothing else was done here; the Inbox's verdict is named, not undone.
  await page.keyboard.press('z');
  await expect(
    toasts.filter({ hasText: /^Nothing to undo in Campaigns\. Wrong person for .* thread list/ }),
  ).toHaveCount(1);
  await expect(page.getByRole('listbox', { name: /threads/ })).toHaveCount(0);
  await expectServiceStatus(triage, id, 'wrong_person');

  // Back in the list, z undoes it there.
  await page.keyboard.press('g');
  await page.keyboard.press('i');
  await page.keyboard.press('z');
  await expect(toasts.filter({ hasText: /^Undone: Wrong person for/ })).toHaveCount(1);
  await expectServiceStatus(triage, id, was);
});
