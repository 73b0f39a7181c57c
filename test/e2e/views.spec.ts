// Every main view in both themes, reached by keyboard only, written to test-results/screenshots/
// for a person to look at; plus the draft that survives reopening and the do-not-contact prompt.
import { test, expect, openApp, shot, cursorThreadId } from './fixtures/triage';

for (const theme of ['light', 'dark'] as const) {
  test(`main views in the ${theme} theme`, async ({ page, triage }) => {
    await openApp(page, triage, theme);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
    await shot(page, `${theme}-inbox`);

    await page.keyboard.press('j');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('article')).toBeVisible();
    await expect(page.locator('iframe[title^="Message from"]:visible').first()).toBeVisible();
    await shot(page, `${theme}-thread`);

    await page.keyboard.press('r');
    await expect(page.getByRole('textbox', { name: 'Reply text' })).toBeFocused();
    await page.keyboard.type('Hi, thanks for getting back to me. Does Thursday at 10:00 work?');
    await shot(page, `${theme}-reply`);
    await page.keyboard.press('Escape');

    await page.keyboard.press('x');
    await page.keyboard.press('Shift+J');
    await shot(page, `${theme}-selection`);
    await page.keyboard.press('Escape');

    await page.keyboard.press('?');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    await shot(page, `${theme}-shortcuts`);
    await page.keyboard.press('Escape');

    await page.keyboard.press('Control+k');
    await page.keyboard.type('go');
    await shot(page, `${theme}-palette`);
    await page.keyboard.press('Escape');

    await page.keyboard.press('g');
    await page.keyboard.press('c');
    await expect(page.getByRole('heading', { name: 'Campaigns', level: 1 })).toBeVisible();
    await shot(page, `${theme}-campaigns`);

    await page.keyboard.press('g');
    await page.keyboard.press('o');
    await expect(page.getByRole('heading', { name: 'Outbox' })).toBeVisible();
    await shot(page, `${theme}-outbox`);

    await page.keyboard.press('Control+k');
    await page.keyboard.type('accounts');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Accounts', level: 1 })).toBeVisible();
    await shot(page, `${theme}-accounts`);
  });
}

test('the sidebar keeps the account in view when Settings, below the campaigns, is clicked', async ({
  page,
  triage,
}) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await openApp(page, triage);
  const sidebar = page.getByRole('navigation', { name: 'Folders' });
  const account = sidebar.getByRole('button', { name: /^Account / });
  const settings = sidebar.getByRole('button', { name: 'Settings' });
  // The folder lists are longer than the window, yet Settings is on screen without scrolling.
  await expect(settings).toBeInViewport();
  await settings.click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(account).toBeInViewport({ ratio: 1 });
  expect(await sidebar.evaluate((el) => el.scrollTop)).toBe(0);
  await shot(page, 'sidebar-settings-1024x700');
});

test('a draft is kept and comes back when the thread is reopened', async ({ page, triage }) => {
  await openApp(page, triage);
  // Threads the theme tests did not write in.
  for (let i = 0; i < 5; i++) await page.keyboard.press('j');
  await page.keyboard.press('Enter');
  const id = await cursorThreadId(page);
  await page.keyboard.press('r');
  const box = page.getByRole('textbox', { name: 'Reply text' });
  await expect(box).toBeFocused();
  await page.keyboard.type('Half-written thought');
  // Esc leaves the box; j moves on (which saves the draft), k comes back.
  await page.keyboard.press('Escape');
  await page.keyboard.press('j');
  await expect.poll(() => cursorThreadId(page)).not.toBe(id);
  await expect(box).toHaveCount(0);
  await page.keyboard.press('k');
  await expect.poll(() => cursorThreadId(page)).toBe(id);
  await expect(box).toHaveValue(/^Half-written thought/);
  // And after a reload of the whole page.
  await page.reload();
  await expect(page.getByRole('option').first()).toBeVisible({ timeout: 30_000 });
  for (let i = 0; i < 5; i++) await page.keyboard.press('j');
  await page.keyboard.press('Enter');
  await expect.poll(() => cursorThreadId(page)).toBe(id);
  await expect(page.getByRole('textbox', { name: 'Reply text' })).toHaveValue(/^Half-written thought/);
  // A restored draft does not take the keyboard: j moves the list instead of typing into the draft.
  await expect(page.getByRole('textbox', { name: 'Reply text' })).not.toBeFocused();
  await page.keyboard.press('j');
  await expect.poll(() => cursorThreadId(page)).not.toBe(id);
  await page.keyboard.press('k');
  await expect.poll(() => cursorThreadId(page)).toBe(id);
  await expect(page.getByRole('textbox', { name: 'Reply text' })).toHaveValue(/^Half-written thought/);
});

test('do-not-contact asks first, then queues the address for the service', async ({ page, triage }) => {
  await openApp(page, triage);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Control+k');
  await page.keyboard.type('do-not-contact');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add to do-not-contact' });
  await expect(dialog).toBeVisible();
  const email = (await dialog.locator('b').first().textContent())!;
  // Arrow to "everyone at the domain", Tab to the confirm button.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Add to do-not-contact' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  const domain = email.split('@')[1]!;
  await expect(
    page.locator('.notices .notice').filter({ hasText: `${domain} is on the do-not-contact list.` }),
  ).toBeVisible();
  await page.keyboard.press('g');
  await page.keyboard.press('o');
  await expect(page.getByRole('heading', { name: 'Outbox' })).toBeVisible();
});

test('the add-account form checks a key before saving and lists its workspaces to pick from', async ({
  page,
  triage,
}) => {
  await openApp(page, triage);
  await page.keyboard.press('Control+k');
  await page.keyboard.type('accounts');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Accounts', level: 1 })).toBeVisible();
  await page.getByLabel('Base URL').fill(triage.sandbox.url);
  await page.getByLabel('API key').fill('wrong-key-0000');
  await page.getByRole('button', { name: 'Check the key' }).click();
  await expect(page.locator('form.form').getByRole('alert')).toBeVisible();
  await page.getByLabel('API key').fill(triage.sandbox.apiKey);
  await page.getByRole('button', { name: 'Check the key' }).click();
  const team = triage.sandbox.teams[1]!;
  await page.getByRole('status').getByRole('button', { name: team.name }).click();
  await expect(page.getByLabel('Workspace id (optional)')).toHaveValue(team.id);
  // Checking saved nothing: still one account.
  expect(await triage.bridge.app.handlers['accounts.list']({})).toHaveLength(1);
});
