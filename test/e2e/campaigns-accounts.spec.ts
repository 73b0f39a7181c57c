// Campaigns and e-mail accounts by keyboard, through the browser bridge against the sandbox:
// Shift+P pauses and resumes a campaign at the service, with its replies per day and daily
// statistics; one signature for several e-mail accounts in one request; both views at 1024×700.
import { test, expect, openApp, shot } from './fixtures/triage';

test('e-mail accounts: three selected by keyboard get one signature in one request', async ({
  page,
  triage,
}) => {
  const sandbox = triage.sandbox;
  await openApp(page, triage);
  await page.keyboard.press('g');
  await page.keyboard.press('e');
  const list = page.getByRole('listbox', { name: 'E-mail accounts' });
  await expect(list).toBeFocused();
  await page.keyboard.press('x');
  await page.keyboard.press('Shift+J');
  await page.keyboard.press('Shift+J');
  const ids = await list
    .locator('[role="option"][aria-selected="true"]')
    .evaluateAll((rows) => rows.map((r) => r.id.replace(/^ea-/, '')));
  expect(ids).toHaveLength(3);
  await page.keyboard.press('Enter');
  const signature = page.getByRole('textbox', { name: 'Signature' });
  await expect(signature).toBeFocused();
  // Three accounts with their own signatures: the box starts empty and says so, never one's copy.
  await expect(signature).toHaveValue('');
  await expect(signature).toHaveAttribute('placeholder', /Several signatures/);
  await page.keyboard.press('Control+a');
  await page.keyboard.type('Ama Levi\nNorthwind Sales');
  const puts = () => sandbox.stats().byRoute['PUT /email-accounts'] ?? 0;
  const before = puts();
  await page.keyboard.press('Control+Enter');
  await expect(
    page.locator('.notices .notice').filter({ hasText: 'Signature set on 3 accounts.' }),
  ).toBeVisible();
  await expect.poll(puts, { timeout: 30_000 }).toBe(before + 1);
  const service = await triage.service<{ data: { _id: string; signature: string }[] }>(
    '/email-accounts?limit=100',
  );
  for (const id of ids)
    expect(service.data.find((a) => a._id === id)?.signature).toBe('<p>Ama Levi<br>Northwind Sales</p>');
  await expect(list.locator('[aria-selected="true"]')).toHaveCount(0);
});

test('campaigns: Shift+P pauses the campaign at the service; replies per day and daily statistics show', async ({
  page,
  triage,
}) => {
  await openApp(page, triage);
  await page.keyboard.press('g');
  await page.keyboard.press('c');
  const cards = page.locator('[data-campaign-row]');
  await expect(cards.first()).toBeFocused();
  const statuses = await cards.locator('[data-testid="campaign-status"]').allTextContents();
  const i = statuses.indexOf('Active');
  expect(i).toBeGreaterThanOrEqual(0);
  for (let n = 0; n < i; n++) await page.keyboard.press('j');
  const card = cards.nth(i);
  await expect(card).toBeFocused();
  const id = (await card.getAttribute('data-campaign-id'))!;
  await page.keyboard.press('Shift+P');
  await expect(card.getByTestId('campaign-status')).toHaveText('Paused');
  await expect
    .poll(async () => (await triage.service<{ status: string }>(`/campaigns/${id}`)).status, {
      timeout: 30_000,
    })
    .toBe('Paused');
  await expect(card.getByTestId('activity-chart')).toBeVisible();
  await expect(card.getByTestId('card-period')).toContainText('Last 30 days');
  await expect(card.getByTestId('daily-stats')).toContainText('Sent');
  // And resumed.
  await page.keyboard.press('Shift+P');
  await expect
    .poll(async () => (await triage.service<{ status: string }>(`/campaigns/${id}`)).status, {
      timeout: 30_000,
    })
    .toBe('Active');
});

test('campaigns and e-mail accounts at 1024×700 (screenshots in both themes)', async ({ page, triage }) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  for (const theme of ['light', 'dark'] as const) {
    await openApp(page, triage, theme);
    await page.keyboard.press('g');
    await page.keyboard.press('c');
    await expect(page.getByTestId('activity-chart').first()).toBeVisible();
    await shot(page, `campaigns-1024x700-${theme}`);
    await page.keyboard.press('g');
    await page.keyboard.press('e');
    const mailboxes = page.getByRole('listbox', { name: 'E-mail accounts' });
    await expect(mailboxes).toBeFocused();
    // The rep acts on a mailbox once the list shows it (the view is focused before its rows come).
    await expect(mailboxes.getByRole('option').first()).toBeVisible();
    await page.keyboard.press('x');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('textbox', { name: 'Signature' })).toBeFocused();
    await shot(page, `email-accounts-1024x700-${theme}`);
    // Back to the Inbox: the next openApp is the same page (its token is in the fragment).
    await page.keyboard.press('Escape');
    await page.keyboard.press('g');
    await page.keyboard.press('i');
  }
});
