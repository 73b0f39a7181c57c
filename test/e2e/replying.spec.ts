// Replying, undoing, searching and commanding by keyboard, through the browser bridge against the
// sandbox; what the service received is checked where it is involved.
import type { Locator, Page } from '@playwright/test';
import { KEYMAP } from '../../src/lib/keymap';
import {
  test,
  expect,
  openApp,
  cursorThreadId,
  expectServiceStatus,
  sendReply,
  shot,
  type Paged,
  type ServiceThread,
  type Triage,
} from './fixtures/triage';

const repliesTo = (triage: Triage, threadId: string) =>
  triage.sandbox.stats().replies.filter((r) => r.threadId === threadId);

test('a snippet reply goes out with every placeholder filled and no markup as text', async ({
  page,
  triage,
}) => {
  await openApp(page, triage);
  await page.keyboard.press('j');
  await page.keyboard.press('Enter');
  const threadId = await cursorThreadId(page);
  const thread = await triage.service<ServiceThread>(`/inbox/${threadId}`);
  await page.keyboard.press('r');
  const box = page.getByRole('textbox', { name: 'Reply text' });
  await expect(box).toBeFocused();
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Backspace');
  // Ctrl+; opens the snippet picker: browse with the arrows, narrow by typing, Enter inserts.
  await page.keyboard.press('Control+;');
  const picker = page.getByRole('combobox', { name: 'Find a snippet' });
  await expect(picker).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(
    page.getByRole('listbox', { name: 'Snippets' }).getByRole('option', { selected: true }),
  ).toHaveText('Book a meeting');
  await page.keyboard.type('meet');
  await page.keyboard.press('Enter');
  await expect(box).toHaveValue(new RegExp(`^Hi ${thread.prospect.firstName},\\n\\nGreat to hear`));
  // {{calendarLink}} has no value: it is marked, and sending is held until it is filled.
  await expect(page.getByTestId('unfilled')).toContainText('{{calendarLink}}');
  await page.keyboard.press('Control+Enter');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Fill in or remove {{calendarLink}}' }),
  ).toBeVisible();
  // The placeholder is selected: typing replaces it.
  await page.keyboard.type('https://cal.example.test/ama');
  await expect(page.getByTestId('unfilled')).toHaveCount(0);
  await sendReply(page);
  await expect.poll(() => repliesTo(triage, threadId).length, { timeout: 30_000 }).toBe(1);
  const html = repliesTo(triage, threadId)[0]!.bodyHtml;
  expect(html).toBe(
    `<p>Hi ${thread.prospect.firstName},</p><p>Great to hear. Would a 20-minute call this week suit you? Here is my calendar: https://cal.example.test/ama</p>`,
  );
  expect(html).not.toContain('{{');
  expect(html).not.toContain('&lt;');
});

/** Types `text` over the reply box and sends it; the toast names the undo window, and `z` in it
 *  takes the reply back into the box as it was. */
async function sendThenUndo(page: Page, box: Locator, text: string, seconds: number): Promise<void> {
  await page.keyboard.press('Control+a');
  await page.keyboard.type(text);
  await sendReply(page);
  await expect(
    page.locator('.notices .notice').filter({ hasText: new RegExp(`The reply to .* goes in ${seconds} s`) }),
  ).toBeVisible();
  await page.keyboard.press('z');
  await expect(page.locator('.notices .notice').filter({ hasText: /Undone: Reply to/ })).toBeVisible();
  await expect(box).toHaveValue(text);
}

test('undo-send: z in the window means never sent; send-and-Done marks Done and opens the next', async ({
  page,
  triage,
}) => {
  await openApp(page, triage);
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await page.keyboard.press('Enter');
  const threadId = await cursorThreadId(page);
  const box = page.getByRole('textbox', { name: 'Reply text' });
  await page.keyboard.press('r');
  await expect(box).toBeFocused();
  // Back in the box as it was.
  await sendThenUndo(page, box, 'Not this one.', 5);

  // Send-and-Done: the reply that goes out after its window, the thread Done, the next one open.
  await page.keyboard.press('Control+a');
  await page.keyboard.type('This one, thanks.');
  await sendReply(page, 'Control+Shift+Enter');
  await expect.poll(() => cursorThreadId(page)).not.toBe(threadId);
  await expect(page.getByRole('article')).toBeVisible();
  await expect.poll(() => repliesTo(triage, threadId).length, { timeout: 30_000 }).toBe(1);
  // Both replies had the same window: the undone one, held first, would have gone first.
  expect(repliesTo(triage, threadId).map((r) => r.bodyHtml)).toEqual(['<p>This one, thanks.</p>']);
  await expectServiceStatus(triage, threadId, 'closed');
});

test('the undo-send window is one setting: chosen in Settings, shown and used under the reply box', async ({
  page,
  triage,
}) => {
  await openApp(page, triage);
  await page.getByRole('button', { name: 'Settings' }).click();
  const settingsView = page.getByRole('region', { name: 'Settings' });
  const inSettings = settingsView.getByRole('combobox', { name: 'Undo-send window' });
  await expect(inSettings).toHaveValue('5');
  await inSettings.selectOption('10');

  await page.getByRole('button', { name: 'Inbox' }).click();
  const list = page.getByRole('listbox', { name: /threads/ });
  await expect(list.getByRole('option').first()).toBeVisible();
  await list.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('r');
  const reply = page.getByRole('region', { name: 'Reply' });
  const box = reply.getByRole('textbox', { name: 'Reply text' });
  await expect(box).toBeFocused();
  // The reply box is the page's own colour, with no tinted layer over or under the text.
  const layers = await box.evaluate((el) =>
    [el, ...el.parentElement!.children].map((e) => getComputedStyle(e).backgroundColor),
  );
  expect(new Set(layers)).toEqual(new Set(['rgba(0, 0, 0, 0)']));
  await expect(reply.getByRole('combobox', { name: 'Undo-send window' })).toHaveValue('10');
  await sendThenUndo(page, box, 'Held for ten seconds.', 10);

  // The other way round, and kept across a reload: the choice under the reply box is the setting.
  await reply.getByRole('combobox', { name: 'Undo-send window' }).selectOption('20');
  await reply.getByRole('button', { name: 'Discard' }).click();
  await page.reload();
  await expect(list.getByRole('option').first()).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(inSettings).toHaveValue('20');
});

test('one undo stack: z undoes exactly the last action (snooze, then verdict, then a discarded draft)', async ({
  page,
  triage,
}) => {
  await openApp(page, triage);
  const list = page.getByRole('listbox', { name: /threads/ });
  const first = await cursorThreadId(page);
  await page.keyboard.press('1');
  await expect(list.locator(`[data-thread-id="${first}"]`)).toHaveCount(0);
  const second = await cursorThreadId(page);
  await page.keyboard.press('s');
  await page.keyboard.press('2');
  await expect(list.locator(`[data-thread-id="${second}"]`)).toHaveCount(0);
  // The last action was the snooze: z brings that thread back and leaves the verdict alone.
  await page.keyboard.press('z');
  await expect(page.locator('.notices .notice').filter({ hasText: /Undone: Snooze of/ })).toBeVisible();
  await expect(list.locator(`[data-thread-id="${second}"]`)).toHaveCount(1);
  await expect(list.locator(`[data-thread-id="${first}"]`)).toHaveCount(0);
  await expectServiceStatus(triage, first, 'interested');
  await page.keyboard.press('z');
  await expect(page.locator('.notices .notice').filter({ hasText: /Undone: Interested for/ })).toBeVisible();
  await expect(list.locator(`[data-thread-id="${first}"]`)).toHaveCount(1);
  await expectServiceStatus(triage, first, 'open');

  // A discarded draft comes back with z.
  await page.keyboard.press('Enter');
  await page.keyboard.press('r');
  const box = page.getByRole('textbox', { name: 'Reply text' });
  await page.keyboard.press('Control+a');
  await page.keyboard.type('Keep me.');
  await page.getByRole('button', { name: 'Discard' }).click();
  await expect(box).toHaveCount(0);
  await page.keyboard.press('z');
  await expect(box).toHaveValue('Keep me.');
  await page.keyboard.press('Escape');
  // Nothing left: one notice, not a pile.
  await page.keyboard.press('z');
  await page.keyboard.press('z');
  await expect(page.locator('.notices .notice').filter({ hasText: 'Nothing to undo.' })).toHaveCount(1);
});

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
  await expect(card.getByTestId('daily-stats')).toContainText('Last 30 days');
  // And resumed.
  await page.keyboard.press('Shift+P');
  await expect
    .poll(async () => (await triage.service<{ status: string }>(`/campaigns/${id}`)).status, {
      timeout: 30_000,
    })
    .toBe('Active');
});

for (const theme of ['light', 'dark'] as const) {
  test(`layout at 1024×700, 1400×860 and 1920×1080 (${theme}): lead panel folds, toasts stay off the list`, async ({
    page,
    triage,
  }) => {
    for (const [width, height] of [
      [1024, 700],
      [1400, 860],
      [1920, 1080],
    ] as const) {
      await page.setViewportSize({ width, height });
      await openApp(page, triage, theme);
      const list = page.getByRole('listbox', { name: /threads/ });
      await page.keyboard.press('Enter');
      await expect(page.getByRole('article')).toBeVisible();
      // Narrow windows fold the lead panel into a toggle; wide ones show it.
      await expect(page.getByRole('complementary', { name: 'Lead' })).toHaveCount(width < 1280 ? 0 : 1);
      const article = (await page.getByRole('article').boundingBox())!;
      expect(article.width).toBeGreaterThan(400);
      // A toast sits in the corner, clear of the list where the cursor row is.
      await page.keyboard.press('z');
      const toast = page.locator('.notice').last();
      await expect(toast).toBeVisible();
      const t = (await toast.boundingBox())!;
      const l = (await list.boundingBox())!;
      expect(t.x).toBeGreaterThanOrEqual(l.x + l.width);
      await shot(page, `replying-${width}x${height}-${theme}`);
      if (width < 1280) {
        await page.keyboard.press('l');
        await expect(page.getByRole('complementary', { name: 'Lead' })).toBeVisible();
        await shot(page, `replying-${width}x${height}-${theme}-lead`);
      }
    }
  });
}

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
    await expect(page.getByRole('listbox', { name: 'E-mail accounts' })).toBeFocused();
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
