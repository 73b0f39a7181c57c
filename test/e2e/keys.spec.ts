// Keys always work: every view has the keyboard when it opens (by key, the palette, a new account),
// Settings is usable by keys alone, and Esc and the shortcuts work from every field, the reply box
// included.
import type { Page } from '@playwright/test';
import { test, expect, openApp, cursorThreadId, holdCalls, rememberAccount } from './fixtures/triage';

/** Whether the keyboard is inside the main area (a view), not on the page body or the sidebar. */
const focusInMain = (page: Page) =>
  page.evaluate(() => {
    const main = document.querySelector('main');
    const here = document.activeElement;
    return !!main && !!here && here !== main && main.contains(here);
  });

async function go(page: Page, key: string): Promise<void> {
  await page.keyboard.press('g');
  await page.keyboard.press(key);
}

test('from the Outbox, g c then j and F2 act on the campaigns at once', async ({ page, triage }) => {
  await openApp(page, triage);
  await go(page, 'o');
  await expect(page.getByRole('heading', { name: 'Outbox', level: 1 })).toBeVisible();
  await expect.poll(() => focusInMain(page)).toBe(true);
  await go(page, 'c');
  await page.keyboard.press('j');
  const cards = page.locator('[data-campaign-row]');
  await expect(cards.nth(1)).toBeFocused();
  await page.keyboard.press('F2');
  await expect(page.getByRole('textbox', { name: 'Campaign name' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(cards.nth(1)).toBeFocused();
  // Back to the list by key: the list has the keyboard.
  await go(page, 'i');
  await expect(page.getByRole('listbox', { name: /threads/ })).toBeFocused();
});

test('Settings has the keyboard when it opens; j and k move between settings, Theme is three away', async ({
  page,
  triage,
}) => {
  await openApp(page, triage);
  await page.keyboard.press('Control+k');
  await page.keyboard.type('go to settings');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  const notify = page.getByRole('checkbox', { name: /desktop notification/ });
  await expect(notify).toBeFocused();
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await expect(page.getByRole('combobox', { name: /^Full sync/ })).toBeFocused();
  await page.keyboard.press('j');
  const theme = page.getByRole('group', { name: 'Theme' });
  await expect(theme.getByRole('radio', { checked: true })).toBeFocused();
  // The arrows stay the radio group's: they choose a theme.
  await page.keyboard.press('ArrowDown');
  await expect(theme.getByRole('radio', { name: 'Light' })).toBeChecked();
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
  await page.keyboard.press('k');
  const sync = page.getByRole('combobox', { name: /^Full sync/ });
  await expect(sync).toBeFocused();
  // ? from a select shows the shortcuts; Esc gives the keyboard back to the select.
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await expect(help).toContainText('on the Outbox and Settings: the next item');
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);
  await expect(sync).toBeFocused();
  // The palette closed with Esc leaves the keyboard where it was.
  await page.keyboard.press('Control+k');
  await page.keyboard.press('Escape');
  await expect(sync).toBeFocused();
  // j goes on into the last group, Suggested verdicts, as into every other.
  for (let i = 0; i < 4; i++) await page.keyboard.press('j');
  await expect(page.getByRole('checkbox', { name: /Suggest a verdict for each reply/ })).toBeFocused();
  await page.keyboard.press('j');
  await expect(page.getByRole('combobox', { name: /out-of-office without a return day/ })).toBeFocused();
});

test('Ctrl+/ shows the shortcuts from the reply box, and Esc leaves the box for the list', async ({
  page,
  triage,
}) => {
  await openApp(page, triage);
  await page.keyboard.press('Enter');
  await page.keyboard.press('r');
  const box = page.getByRole('textbox', { name: 'Reply text' });
  await expect(box).toBeFocused();
  await page.keyboard.type('Is Tuesday good?');
  await page.keyboard.press('Control+/');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);
  await expect(box).toBeFocused();
  await expect(box).toHaveValue(/^Is Tuesday good\?/);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox', { name: /threads/ })).toBeFocused();
  const id = await cursorThreadId(page);
  await page.keyboard.press('j');
  await expect.poll(() => cursorThreadId(page)).not.toBe(id);
});

test('a newly added account’s list has the keyboard: j moves at once', async ({ page, triage }) => {
  await openApp(page, triage);
  await page.keyboard.press('Control+k');
  await page.keyboard.type('add an account');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Label')).toBeFocused();
  await page.keyboard.type('Second');
  await page.getByLabel('Base URL').fill(triage.sandbox.url);
  await page.getByLabel('Workspace id (optional)').fill(triage.sandbox.teams[1]!.id);
  await page.getByLabel('API key').fill(triage.sandbox.apiKey);
  await page.getByLabel('API key').press('Enter');
  const list = page.getByRole('listbox', { name: /threads/ });
  await expect(list.getByRole('option').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: /^Account Second/ })).toBeVisible();
  await expect(list).toBeFocused();
  const id = await cursorThreadId(page);
  await page.keyboard.press('j');
  await expect.poll(() => cursorThreadId(page)).not.toBe(id);
});

test("the remembered account's rows and the accounts are asked for before the window is built", async ({
  page,
  triage,
}) => {
  // The core answers the first calls while the window's parts are made, not after them: on every
  // launch the rows come that much sooner. Each call notes whether the window was built yet.
  await rememberAccount(page, triage.accountId);
  await page.addInitScript(() => {
    const asked: { channel: string; built: boolean }[] = [];
    Object.assign(window, { asked });
    const send = window.fetch.bind(window);
    window.fetch = (input, init) => {
      if (String(input).endsWith('/rpc') && typeof init?.body === 'string') {
        const { channel } = JSON.parse(init.body) as { channel: string };
        asked.push({ channel, built: (document.getElementById('app')?.childElementCount ?? 0) > 0 });
      }
      return send(input, init);
    };
  });
  await openApp(page, triage);
  const asked = await page.evaluate(
    () => (window as unknown as { asked: { channel: string; built: boolean }[] }).asked,
  );
  for (const channel of ['threads.list', 'accounts.list', 'settings.get'])
    expect(asked.find((a) => a.channel === channel)).toEqual({ channel, built: false });
});

test('the palette opened while the app is still starting keeps the keyboard: every typed letter lands in it', async ({
  page,
  triage,
}) => {
  // The remembered account's rows come first; the settings come late, as from a busy core, and
  // the app finishes starting after the rep has already opened the palette and typed.
  await rememberAccount(page, triage.accountId);
  const release = await holdCalls(page, (m) => m.includes('"settings.get"'));
  await openApp(page, triage);
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Command palette' });
  const box = dialog.getByRole('combobox');
  await expect(box).toBeFocused();
  await page.keyboard.type('out');
  release();
  // Starting has finished once the account's campaigns, asked for after the settings, are listed.
  await expect(page.locator('h3:has-text("Campaigns") + ul li').first()).toBeVisible();
  await page.keyboard.type('box');
  await expect(box).toBeFocused();
  await expect(box).toHaveValue('outbox');
  await expect(dialog.getByRole('option', { selected: true })).toHaveText(/Go to the outbox/);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Outbox', level: 1 })).toBeVisible();
});

test('Campaigns opened before its campaigns came gives the keyboard to the first card once they come', async ({
  page,
  triage,
}) => {
  // The account's campaigns come late, as from a busy core: the rep is already on the view.
  const release = await holdCalls(page, (m) => m.includes('"campaigns.list"'));
  await openApp(page, triage);
  await go(page, 'c');
  await expect(page.getByRole('heading', { name: 'Campaigns', level: 1 })).toBeVisible();
  release();
  const card = page.locator('[data-campaign-row]').first();
  await expect(card).toBeFocused();
  await page.keyboard.press('j');
  await expect(page.locator('[data-campaign-row]').nth(1)).toBeFocused();
  await page.keyboard.press('F2');
  await expect(page.getByRole('textbox', { name: 'Campaign name' })).toBeFocused();
});
