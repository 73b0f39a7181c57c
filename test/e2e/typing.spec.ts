// Every key typed into a text field stays in the field, in every view: letters that are shortcuts
// elsewhere (j, k, e, y, z, digits, ?) are text there, and nothing else moves while the rep types.
import type { Page } from '@playwright/test';
import { test, expect, openApp, type ServiceThread, type Paged } from './fixtures/triage';

/** Letters that are shortcuts outside a field (j/k move, e is Done, y accepts, z undoes, 1 is a verdict). */
const TYPED = 'kick jam Jokes e y z 1?';

async function typeInto(page: Page, field: ReturnType<Page['getByRole']>): Promise<void> {
  await expect(field).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(TYPED);
  await expect(field).toHaveValue(TYPED);
}

async function paletteRun(page: Page, words: string): Promise<void> {
  await page.keyboard.press('Control+k');
  await page.keyboard.type(words);
  await page.keyboard.press('Enter');
}

test('a campaign rename keeps every key typed and saves exactly that name', async ({ page, triage }) => {
  await openApp(page, triage);
  await page.keyboard.press('g');
  await page.keyboard.press('c');
  const cards = page.locator('[data-campaign-row]');
  await expect(cards.first()).toBeFocused();
  await page.keyboard.press('j');
  const card = cards.nth(1);
  await expect(card).toBeFocused();
  const id = (await card.getAttribute('data-campaign-id'))!;
  await page.keyboard.press('F2');
  const field = page.getByRole('textbox', { name: 'Campaign name' });
  await typeInto(page, field);
  // The cursor stayed on the campaign being renamed.
  await expect(cards.nth(1)).toHaveClass(/cursor/);
  await expect(cards.nth(0)).not.toHaveClass(/cursor/);
  await expect(cards.nth(2)).not.toHaveClass(/cursor/);
  await page.keyboard.press('Enter');
  await expect(card.getByRole('heading', { name: TYPED })).toBeVisible();
  await expect(page.locator('.notices .notice').filter({ hasText: `renamed to “${TYPED}”` })).toHaveCount(1);
  await expect
    .poll(async () => {
      const all = await triage.service<Paged<{ _id: string; name: string }>>('/campaigns?limit=100');
      return all.data.find((c) => c._id === id)?.name;
    })
    .toBe(TYPED);
});

test('the search box, the palette, the reply box and the snippet finder keep every key', async ({
  page,
  triage,
}) => {
  await openApp(page, triage);
  const list = page.getByRole('listbox', { name: /threads/ });
  const cursor = await list.getAttribute('aria-activedescendant');

  await page.keyboard.press('/');
  await typeInto(page, page.getByRole('searchbox'));
  await page.keyboard.press('Escape');

  await page.keyboard.press('Control+k');
  await typeInto(page, page.getByRole('combobox', { name: /Type a command/ }));
  await page.keyboard.press('Escape');
  await expect(list).toBeFocused();
  expect(await list.getAttribute('aria-activedescendant')).toBe(cursor);

  await page.keyboard.press('Enter');
  await page.keyboard.press('r');
  const box = page.getByRole('textbox', { name: /Reply/ });
  await expect(box).toBeFocused();
  await page.keyboard.type(TYPED);
  await expect(box).toHaveValue(new RegExp(`^${TYPED.replace('?', '\\?')}`));
  await page.keyboard.press('Control+;');
  await typeInto(page, page.getByRole('combobox', { name: 'Find a snippet' }));
  await page.keyboard.press('Escape');
  // Nothing was triaged or moved while typing.
  expect(await list.getAttribute('aria-activedescendant')).toBe(cursor);
  const id = cursor!.replace(/^row-/, '');
  expect((await triage.service<ServiceThread>(`/inbox/${id}`)).status).toBe('open');
});

test('the signature and the account fields keep every key', async ({ page, triage }) => {
  await openApp(page, triage);
  await page.keyboard.press('g');
  await page.keyboard.press('e');
  await expect(page.getByRole('listbox', { name: 'E-mail accounts' })).toBeFocused();
  await page.keyboard.press('Enter');
  await typeInto(page, page.getByRole('textbox', { name: 'Signature' }));
  await page.keyboard.press('Escape');

  await paletteRun(page, 'Add an account');
  for (const name of ['Label', 'Base URL', 'API key']) {
    const field = page.getByLabel(name, { exact: true });
    await field.focus();
    await typeInto(page, field);
  }
});

test('the Accounts view opens with the keyboard off its fields: g i goes to the Inbox, Esc never lands on Remove', async ({
  page,
  triage,
}) => {
  await openApp(page, triage);
  await page.keyboard.press('Control+k');
  await page.keyboard.type('Go to accounts');
  await page.keyboard.press('Enter');
  const label = page.getByLabel('Label', { exact: true });
  await expect(page.getByRole('heading', { name: 'Accounts', level: 1 })).toBeFocused();
  await page.keyboard.press('g');
  await page.keyboard.press('i');
  await expect(page.getByRole('listbox', { name: /Inbox threads/ })).toBeFocused();

  // Into the form by "Add an account…", then out of it with Esc.
  await paletteRun(page, 'Add an account');
  await expect(label).toBeFocused();
  await page.keyboard.type('Work');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: 'Accounts', level: 1 })).toBeFocused();
  await expect(label).toHaveValue('Work');
  await page.keyboard.press('g');
  await page.keyboard.press('i');
  await expect(page.getByRole('listbox', { name: /Inbox threads/ })).toBeFocused();
});
