// Forms keep what was typed: the account form keeps every field (the key too) after a failure, says
// each field's format in words, shows one error at a time in sentences a rep can act on (never a
// library's "fetch failed" or ECONNREFUSED, never the key); an over-long campaign name, label or
// signature is refused with the limit and the length typed, never cut; long names are ellipsised
// with the whole text on hover and to screen readers, and never widen the sidebar.
import { createServer } from 'node:net';
import type { Locator, Page } from '@playwright/test';
import { test, expect, openApp, shot, type Triage, SCREEN_SIZES } from './fixtures/triage';

let closedPort: number;

test.beforeAll(async () => {
  // A port that was free a moment ago: nothing answers there.
  closedPort = await new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
});
test.afterEach(({ triage }) => triage.sandbox.setFaults(null));

const KEY = 'typed-key-0123456789';
const RAW = /fetch failed|ECONN|ENOTFOUND|UND_ERR|ERR_SSL|Please match|Invalid input/;

async function openAccounts(page: Page, triage: Triage): Promise<Locator> {
  await openApp(page, triage);
  await page
    .getByRole('navigation', { name: 'Folders' })
    .getByRole('button', { name: 'Accounts', exact: true })
    .click();
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Add account' }) });
  await expect(form).toBeVisible();
  return form;
}

/** The form's one error: exactly one alert, with these words, and none of a library's. */
async function expectOneError(form: Locator, words: RegExp): Promise<void> {
  await expect(form.getByRole('alert')).toHaveCount(1, { timeout: 30_000 });
  await expect(form.getByRole('alert')).toHaveText(words);
  const text = (await form.getByRole('alert').textContent()) ?? '';
  expect(text).not.toMatch(RAW);
  expect(text).not.toContain(KEY);
}

test('the account form keeps every field after a failure, and says one error at a time in words', async ({
  page,
  triage,
}) => {
  const form = await openAccounts(page, triage);
  const label = form.getByLabel('Label');
  const url = form.getByLabel('Base URL');
  const workspace = form.getByLabel('Workspace id (optional)');
  const key = form.getByLabel('API key');
  // The fields with a format say it beside them, before anything goes wrong.
  await expect(url).toHaveAccessibleDescription(/A web address such as https:\/\/api\.example\.com\/v1/);
  await expect(workspace).toHaveAccessibleDescription(/24 characters, digits 0–9 and letters a–f/);

  // Nothing answers at the address.
  const nowhere = `http://127.0.0.1:${closedPort}/v1`;
  await label.fill('Work');
  await url.fill(nowhere);
  await key.fill(KEY);
  await form.getByRole('button', { name: 'Add account' }).click();
  await expectOneError(
    form,
    new RegExp(
      `^Could not reach http://127\\.0\\.0\\.1:${closedPort}: nothing answers at that address\\. Check the address and your connection\\.$`,
    ),
  );
  await expect(url).toHaveAccessibleDescription(/Could not reach/);
  await expect(label).toHaveValue('Work');
  await expect(url).toHaveValue(nowhere);
  await expect(key).toHaveValue(KEY);

  // A workspace id of the wrong form is said in words beside it; the old error is gone.
  await workspace.fill('team-one');
  await form.getByRole('button', { name: 'Add account' }).click();
  await expectOneError(
    form,
    /^This is not a workspace id\. A workspace id is 24 characters, digits 0–9 and letters a–f\./,
  );
  await expect(workspace).toBeFocused();
  await expect(workspace).toHaveAccessibleDescription(/This is not a workspace id/);
  await expect(key).toHaveValue(KEY);

  // https to a service that speaks plain http: no secure connection, said with what to check.
  await workspace.fill('');
  const secure = triage.sandbox.url.replace(/^http:/, 'https:');
  await url.fill(secure);
  await form.getByRole('button', { name: 'Check the key' }).click();
  await expectOneError(
    form,
    /^Could not open a secure connection to https:\/\/127\.0\.0\.1:\d+\. Check that the address starts with the right https:\/\/ or http:\/\//,
  );

  // The service cuts every connection.
  triage.sandbox.setFaults('reset:1');
  await url.fill(triage.sandbox.url);
  await key.fill(triage.sandbox.apiKey);
  await form.getByRole('button', { name: 'Check the key' }).click();
  await expectOneError(
    form,
    /^The connection to http:\/\/127\.0\.0\.1:\d+ was cut before the answer came\. Try again/,
  );
  triage.sandbox.setFaults(null);

  // A key the service refuses: said beside the key, which stays as typed.
  await key.fill(KEY);
  await form.getByRole('button', { name: 'Check the key' }).click();
  await expectOneError(form, /^The service refused this API key\. Check that it was copied whole/);
  await expect(key).toHaveAccessibleDescription(/refused this API key/);
  await expect(key).toHaveValue(KEY);

  // The right key: the answer reads as separate sentences, and no error is left beside it.
  await key.fill(triage.sandbox.apiKey);
  await form.getByRole('button', { name: 'Check the key' }).click();
  const found = form.getByRole('status');
  await expect(found).toBeVisible();
  expect(await found.innerText()).toMatch(/^The key works\.\s+Pick a workspace:\s/);
  await expect(form.getByRole('alert')).toHaveCount(0);
});

test('an over-long label is refused with the limit and the length typed, and kept as typed', async ({
  page,
  triage,
}) => {
  const form = await openAccounts(page, triage);
  const long = 'Northwind'.repeat(14).slice(0, 120);
  await form.getByLabel('Label').fill(long);
  await form.getByLabel('Base URL').fill(triage.sandbox.url);
  await form.getByLabel('API key').fill(triage.sandbox.apiKey);
  await form.getByRole('button', { name: 'Add account' }).click();
  await expectOneError(form, /^A label has at most 100 characters; this one has 120\.$/);
  await expect(form.getByLabel('Label')).toHaveValue(long);
  await expect(form.getByLabel('Label')).toBeFocused();
  expect(await triage.bridge.app.handlers['accounts.list']({})).toHaveLength(1);
});

test('a campaign name over the service limit is refused in words, never cut, and stays typed', async ({
  page,
  triage,
}) => {
  await openApp(page, triage);
  await page.keyboard.press('g');
  await page.keyboard.press('c');
  const card = page.locator('[data-campaign-row]').first();
  await expect(card).toBeFocused();
  const id = (await card.getAttribute('data-campaign-id'))!;
  const before = (await triage.service<{ name: string }>(`/campaigns/${id}`)).name;
  await page.keyboard.press('F2');
  const field = page.getByRole('textbox', { name: 'Campaign name' });
  await expect(field).toBeFocused();
  const long = `${'Spring webinar follow-up for returning customers '.repeat(6)}`.slice(0, 283);
  await field.fill(long);
  await field.press('Enter');
  const alert = page.getByRole('alert').filter({ hasText: 'campaign name' });
  await expect(alert).toHaveText('A campaign name has at most 200 characters; this one has 283.');
  await expect(field).toHaveValue(long);
  await expect(field).toBeFocused();
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await shot(page, `forms-campaign-name-too-long-1400x860-${theme}`);
  }
  expect((await triage.service<{ name: string }>(`/campaigns/${id}`)).name).toBe(before);
});

test('a signature over the limit is refused with the limit and the length, and stays typed', async ({
  page,
  triage,
}) => {
  await openApp(page, triage);
  await page.keyboard.press('g');
  await page.keyboard.press('e');
  const mailboxes = page.getByRole('listbox', { name: 'E-mail accounts' });
  await expect(mailboxes).toBeFocused();
  // The rep acts on a mailbox once the list shows it (the view is focused before its rows come).
  await expect(mailboxes.getByRole('option').first()).toBeVisible();
  await page.keyboard.press('Enter');
  const editor = page.getByRole('form', { name: 'Set signature and tags' });
  const box = editor.getByRole('textbox', { name: 'Signature' });
  await expect(box).toBeFocused();
  // First nothing to set, then too much: the second error replaces the first.
  await editor.getByRole('checkbox', { name: 'Set the signature' }).uncheck();
  await editor.getByRole('button', { name: /^Set for/ }).click();
  await expect(editor.getByRole('alert')).toHaveText('Choose what to set: the signature, the tags or both.');
  await editor.getByRole('checkbox', { name: 'Set the signature' }).check();
  const long = 'x'.repeat(100_001);
  await box.fill(long);
  await editor.getByRole('button', { name: /^Set for/ }).click();
  await expect(editor.getByRole('alert')).toHaveCount(1);
  await expect(editor.getByRole('alert')).toHaveText(
    'A signature has at most 100,000 characters; this one has 100,001.',
  );
  expect(await box.inputValue()).toHaveLength(100_001);
});

/** Whether an element's text is cut (ellipsised) rather than widening what holds it. */
const isCut = (l: Locator) =>
  l.evaluate((el) => el.scrollWidth > el.clientWidth && getComputedStyle(el).textOverflow === 'ellipsis');
const overflowsSideways = (l: Locator) => l.evaluate((el) => el.scrollWidth > el.clientWidth);

test('long names are ellipsised, whole on hover and to screen readers, and never widen the sidebar', async ({
  page,
  triage,
}) => {
  const h = triage.bridge.app.handlers;
  // The longest label an account may have, with nowhere to break, and a 200-character campaign name.
  const label = 'NorthwindTradersEnterpriseOutboundEMEA'.repeat(3).slice(0, 100);
  const name = `${'Spring webinar follow-up for returning enterprise customers in EMEA '.repeat(3)}`.slice(
    0,
    200,
  );
  // The key's other workspace (the same one twice is refused as a twin).
  const added = await h['accounts.add']({
    label,
    baseUrl: triage.sandbox.url,
    apiKey: triage.sandbox.apiKey,
    workspaceId: triage.sandbox.teams[1]!.id,
  });
  await h['sync.now']({ accountId: added.id });
  const campaign = (await h['campaigns.list']({ accountId: added.id }))[0]!;
  triage.sandbox.admin.renameCampaign(campaign.id, name, triage.sandbox.teams[1]!.id);
  await h['sync.now']({ accountId: added.id });

  const form = await openAccounts(page, triage);
  const sidebar = page.getByRole('navigation', { name: 'Folders' });
  // Switch to the account with the long label.
  await page.getByRole('button', { name: `Switch to ${label}` }).click();
  const account = sidebar.getByRole('button', { name: new RegExp(`^Account ${label}`) });
  await expect(account).toBeVisible();
  const accountLabel = account.locator('.acc-label');
  await expect(accountLabel).toHaveAttribute('title', label);
  await expect(accountLabel).toHaveText(label);
  expect(await isCut(accountLabel)).toBe(true);
  expect(await overflowsSideways(sidebar)).toBe(false);

  // The campaign in the sidebar: cut, whole in its title and its accessible name.
  const item = sidebar.getByRole('button', { name: new RegExp(`^${name}`) });
  await expect(item).toBeVisible();
  await expect(item.locator('.label')).toHaveAttribute('title', name);
  expect(await isCut(item.locator('.label'))).toBe(true);
  expect(await overflowsSideways(sidebar.locator('.folders'))).toBe(false);

  // The accounts list: the label is cut in its row, whole on hover.
  await sidebar.getByRole('button', { name: 'Accounts', exact: true }).click();
  const row = page.getByRole('listitem').filter({ has: page.getByTitle(label, { exact: true }) });
  await expect(row.getByTitle(label, { exact: true })).toBeVisible();
  expect(await isCut(row.getByTitle(label, { exact: true }))).toBe(true);
  expect(await overflowsSideways(page.getByRole('region', { name: 'Accounts' }))).toBe(false);

  // An error in the form with the long label in view, at each size and in both themes.
  await form.getByLabel('Label').fill('Work');
  await form.getByLabel('Base URL').fill(`http://127.0.0.1:${closedPort}/v1`);
  await form.getByLabel('API key').fill(KEY);
  await form.getByRole('button', { name: 'Add account' }).click();
  await expectOneError(form, /^Could not reach /);
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    for (const [width, height] of SCREEN_SIZES) {
      await page.setViewportSize({ width, height });
      await form.getByRole('alert').scrollIntoViewIfNeeded();
      expect(await overflowsSideways(sidebar)).toBe(false);
      await shot(page, `forms-account-error-${width}x${height}-${theme}`);
    }
  }

  // The campaign card: the name cut on one line, whole on hover and in the card's name.
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.keyboard.press('Escape');
  await sidebar.getByRole('button', { name: 'Campaigns', exact: true }).click();
  const card = page.locator(`[data-campaign-id="${campaign.id}"]`);
  await expect(card).toHaveAccessibleName(`Campaign ${name}`);
  await expect(card.getByRole('heading', { level: 2 })).toHaveAttribute('title', name);
  expect(await isCut(card.getByRole('heading', { level: 2 }))).toBe(true);
  expect(await overflowsSideways(card)).toBe(false);
  await shot(page, 'forms-campaign-long-name-1024x700-dark');

  // Mailbox addresses carry their whole text on hover.
  await sidebar.getByRole('button', { name: 'E-mail accounts', exact: true }).click();
  const first = page.getByRole('listbox', { name: 'E-mail accounts' }).getByRole('option').first();
  const email = (await h['emailAccounts.list']({ accountId: added.id }))[0]!.email;
  await expect(first.getByTitle(email, { exact: true })).toHaveText(email);
  await h['accounts.remove']({ accountId: added.id });
});
