// Finding by keyboard, through the browser bridge against the sandbox: search inside the messages
// of every thread as a visible, clearable filter, and the command palette's sections (threads,
// campaigns, accounts, workspaces, people), which never run a command for words that name none.
import { KEYMAP } from '../../src/lib/keymap';
import {
  test,
  expect,
  openApp,
  cursorThreadId,
  shot,
  type Paged,
  type ServiceThread,
} from './fixtures/triage';

test('search finds words inside messages across every thread, the view a visible, clearable filter', async ({
  page,
  triage,
}) => {
  await openApp(page, triage);
  const list = page.getByRole('listbox', { name: /threads/ });
  await page.keyboard.press('/');
  await page.keyboard.type('integrate CRM');
  await expect(list.getByRole('option').first()).toBeVisible();
  const scope = page.getByTestId('search-scope');
  await expect(scope).toContainText('All threads');
  // The count shows once the search's first window answered (rows seen before it may be the
  // Inbox's); until then it is empty, read as NaN, which no comparison accepts.
  const total = async (): Promise<number> => {
    const text = (await page.locator('.list-head .total').textContent())?.replace(/,/g, '') ?? '';
    return text === '' ? NaN : Number(text);
  };
  await expect.poll(total).toBeGreaterThan(0);
  const all = await total();
  // The Inbox as a filter: fewer or as many, and the filter is shown with a way to clear it.
  await scope.getByRole('button', { name: 'Only in Inbox' }).click();
  await expect(scope).toContainText('In Inbox');
  await expect.poll(total).toBeLessThanOrEqual(all);
  await scope.getByRole('button', { name: /Search all threads/ }).click();
  await expect(scope).toContainText('All threads');
  // Another view starts without the search.
  await list.focus();
  await page.keyboard.press('g');
  await page.keyboard.press('a');
  await expect(page.getByRole('searchbox', { name: 'Search threads' })).toHaveValue('');
  await expect(scope).toHaveCount(0);
});

test('palette: sections for threads, campaigns, accounts and workspaces; GDPR runs no command', async ({
  page,
  triage,
}) => {
  await openApp(page, triage);
  const id = await cursorThreadId(page);
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Command palette' });
  await page.keyboard.type('GDPR');
  await expect(dialog.locator('[data-section="Commands"]')).toHaveCount(0);
  // Threads whose messages speak of GDPR are offered instead; Enter opens the first one.
  await expect(dialog.locator('[data-section="Threads"]').first()).toBeVisible();
  await page.keyboard.press('Escape');
  expect((await triage.service<ServiceThread>(`/inbox/${id}`)).status).toBe('open');

  // Accounts and workspaces: the one in use is marked.
  await page.keyboard.press('Control+k');
  await page.keyboard.type('demo');
  await expect(dialog.locator('[data-section="Accounts"]').first()).toContainText('in use');
  await page.keyboard.press('Control+a');
  await page.keyboard.type('Northwind');
  await expect(dialog.locator('[data-section="Workspaces"]').first()).toContainText('in use');
  // A campaign jumps to its threads.
  const campaign = (await triage.service<{ data: { name: string }[] }>('/campaigns?limit=1')).data[0]!;
  await page.keyboard.press('Control+a');
  await page.keyboard.type(campaign.name);
  await expect(dialog.getByRole('option', { selected: true })).toContainText(campaign.name);
  // The first word of its name alone puts the campaign first too, before threads that mention it.
  await page.keyboard.press('Control+a');
  await page.keyboard.type(campaign.name.split(' ')[0]!);
  await expect(dialog.getByRole('option').first()).toHaveAttribute('data-section', 'Campaigns');
  // End, Home, PgDn and PgUp move in the list (Ctrl with words typed, so the caret keeps them).
  const options = dialog.getByRole('option');
  const count = await options.count();
  await page.keyboard.press('Control+End');
  await expect(options.nth(count - 1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('PageUp');
  await expect(options.nth(Math.max(0, count - 1 - 8))).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Control+Home');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Control+a');
  await page.keyboard.type(campaign.name);
  await expect(dialog.getByRole('option', { selected: true })).toContainText(campaign.name);
  await page.keyboard.press('Enter');
  await expect(page.locator('.list-title')).toHaveText(campaign.name);
  // Adding an account is a command: its form takes the keyboard.
  await page.keyboard.press('Control+k');
  await page.keyboard.type('add account');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Label' })).toBeFocused();
  expect(KEYMAP.some((b) => b.command === 'account.add')).toBe(true);
});

test('palette: a job title and company find the person, Enter opens their newest thread', async ({
  page,
  triage,
}) => {
  type Thread = ServiceThread & { prospectId: string; lastMessageAt: string };
  type Lead = { _id: string; firstName: string; lastName: string; title: string; company: string };
  const threads: Thread[] = [];
  for (let p = 1; p <= 3; p++)
    threads.push(...(await triage.service<Paged<Thread>>(`/inbox?limit=100&page=${p}`)).data);
  // Someone well down the list, whose title no rep signature shares.
  let person: Lead | undefined;
  for (const t of threads.slice(150)) {
    const l = await triage.service<Lead>(`/leads/${t.prospectId}`);
    if (!/found|sales|account|sdr/i.test(l.title)) {
      person = l;
      break;
    }
  }
  if (!person) throw new Error('no lead to look for');
  const newest = threads
    .filter((t) => t.prospectId === person._id)
    .sort((a, b) => b.lastMessageAt.localeCompare(a.lastMessageAt))[0]!;

  await openApp(page, triage);
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Command palette' });
  await page.keyboard.type(`${person.title} ${person.company}`);
  const row = dialog
    .locator('[data-section="People"]')
    .filter({ hasText: `${person.firstName} ${person.lastName}` });
  await expect(row).toContainText(`${person.title} · ${person.company}`);
  // Thread search does not know titles: the person is only under People.
  await expect(dialog.locator(`[id="thread-${newest._id}"]`)).toHaveCount(0);
  const rowId = await row.getAttribute('id');
  for (let i = 0; i < 20 && (await row.getAttribute('aria-selected')) !== 'true'; i++)
    await page.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('combobox')).toHaveAttribute('aria-activedescendant', rowId!);
  await shot(page, 'palette-people');
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('article.thread')).toHaveAttribute('data-thread-id', newest._id);
});
