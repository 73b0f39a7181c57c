// Triage by keyboard only, through the browser bridge, checked against the sandbox service's own
// data: verdicts with auto-advance and undo, a bulk verdict, snooze, search, the command palette
// and the shortcut overlay.
import {
  test,
  expect,
  openApp,
  cursorThreadId,
  expectServiceStatus,
  type ServiceThread,
} from './fixtures/triage';
import { KEYMAP } from '../../src/lib/keymap';

test('a triage session of 20 threads: verdicts, auto-advance, undo', async ({ page, triage }) => {
  await openApp(page, triage);
  const list = page.getByRole('listbox', { name: /threads/ });
  const inboxCount = page
    .getByRole('navigation', { name: 'Folders' })
    .getByRole('button', { name: /^Inbox/ });
  const before = Number((await inboxCount.textContent())!.replace(/\D/g, ''));
  // Virtualized: only the rows on screen (and a few around) are in the page.
  expect(before).toBeGreaterThan(100);
  expect(await list.getByRole('option').count()).toBeLessThan(40);

  await page.keyboard.press('Enter');
  const reading = page.getByRole('article');
  const keys = ['1', '2', '3', '4', '5', 'e'] as const;
  const status: Record<string, string> = {
    '1': 'interested',
    '2': 'meeting_booked',
    '3': 'not_interested',
    '4': 'out_of_office',
    '5': 'wrong_person',
    e: 'closed',
  };
  const done: { id: string; status: string }[] = [];
  for (let i = 0; i < 20; i++) {
    const id = await cursorThreadId(page);
    // The open thread is the one under the cursor.
    await expect(reading).toHaveAttribute('aria-label', /^Thread with /);
    const key = keys[i % keys.length]!;
    await page.keyboard.press(key);
    // Gone from the Inbox at once, and the next thread is open.
    await expect(list.locator(`[data-thread-id="${id}"]`)).toHaveCount(0);
    await expect.poll(() => cursorThreadId(page)).not.toBe(id);
    await expect(page.locator('[data-testid="open-status"]')).toHaveText('Open');
    done.push({ id, status: status[key]! });
  }
  await expect(inboxCount).toContainText(String(before - 20));

  // z puts the last verdict back: the thread returns to the Inbox, open, and is opened again.
  const last = done.pop()!;
  await page.keyboard.press('z');
  await expect(list.locator(`[data-thread-id="${last.id}"]`)).toHaveCount(1);
  await expect.poll(() => cursorThreadId(page)).toBe(last.id);
  await expect(inboxCount).toContainText(String(before - 19));

  // The service got every verdict, and the undo.
  for (const d of done) await expectServiceStatus(triage, d.id, d.status);
  await expectServiceStatus(triage, last.id, 'open');
  await expect(page.getByRole('status', { name: 'Sync status' })).toContainText('0 pending');
});

test('bulk verdict: x and Shift+j select three threads, 3 marks them all not interested', async ({
  page,
  triage,
}) => {
  await openApp(page, triage);
  const list = page.getByRole('listbox', { name: /threads/ });
  await page.keyboard.press('x');
  await page.keyboard.press('Shift+J');
  await page.keyboard.press('Shift+J');
  const selected = await list
    .locator('.row.checked')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-thread-id')!));
  expect(selected).toHaveLength(3);
  await expect(page.getByText('3 selected')).toBeVisible();
  await page.keyboard.press('3');
  for (const id of selected) await expect(list.locator(`[data-thread-id="${id}"]`)).toHaveCount(0);
  for (const id of selected) await expectServiceStatus(triage, id, 'not_interested');

  // One z undoes the whole bulk verdict.
  await page.keyboard.press('z');
  for (const id of selected) await expect(list.locator(`[data-thread-id="${id}"]`)).toHaveCount(1);
  for (const id of selected) await expectServiceStatus(triage, id, 'open');
});

test('snooze: s then "tomorrow 9:00" takes the thread out of the Inbox into Snoozed', async ({
  page,
  triage,
}) => {
  await openApp(page, triage);
  const list = page.getByRole('listbox', { name: /threads/ });
  await page.keyboard.press('j');
  const id = await cursorThreadId(page);
  await page.keyboard.press('s');
  const dialog = page.getByRole('dialog', { name: 'Snooze' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  await page.keyboard.press('2');
  await expect(dialog).toHaveCount(0);
  await expect(list.locator(`[data-thread-id="${id}"]`)).toHaveCount(0);
  await expect(page.locator('.notices .notice').filter({ hasText: /Snoozed until/ })).toBeVisible();

  await page.keyboard.press('g');
  await page.keyboard.press('s');
  await expect(page.getByRole('heading', { name: 'Snoozed' })).toBeVisible();
  const row = list.locator(`[data-thread-id="${id}"]`);
  await expect(row).toHaveCount(1);
  // The row says until when, without a hover.
  await expect(row).toContainText(/⏰ until .*9:00/);
  // Snooze is local: the service still has the thread open.
  expect((await triage.service<ServiceThread>(`/inbox/${id}`)).status).toBe('open');
});

test('search: / focuses the box and typing filters the list; Enter keeps it, / selects it, Esc clears it', async ({
  page,
  triage,
}) => {
  await openApp(page, triage);
  const list = page.getByRole('listbox', { name: /threads/ });
  // An open thread: the search runs in the Inbox.
  const target = (await triage.service<{ data: ServiceThread[] }>('/inbox?status=open&limit=40')).data[33]!;
  await page.keyboard.press('/');
  const box = page.getByRole('searchbox', { name: 'Search threads' });
  await expect(box).toBeFocused();
  // Letters typed here are text, not shortcuts.
  const name = `${target.prospect.firstName} ${target.prospect.lastName}`;
  const shown = () => list.getByRole('option').count();
  const before = await list.getAttribute('aria-label');
  await page.keyboard.type(name);
  await expect(box).toHaveValue(name);
  // The list narrows to the matches, the thread searched for among them.
  await expect(list.locator(`[data-thread-id="${target._id}"]`)).toHaveCount(1);
  await expect.poll(shown).toBeLessThan(10);
  expect(await list.getAttribute('aria-label')).toBe(before);
  // Enter goes back to the list with the search kept.
  await page.keyboard.press('Enter');
  await expect(list).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('article')).toHaveAttribute('aria-label', new RegExp(target.prospect.lastName));
  // / selects what is typed: the next letters replace it.
  await page.keyboard.press('/');
  await expect(box).toBeFocused();
  expect(await box.evaluate((el: HTMLInputElement) => [el.selectionStart, el.selectionEnd])).toEqual([
    0,
    name.length,
  ]);
  // Esc clears the search and brings every thread back.
  await page.keyboard.press('Escape');
  await expect(box).toHaveValue('');
  await expect(list).toBeFocused();
  await expect.poll(shown).toBeGreaterThan(10);
});

test('command palette: Ctrl+K, "outbox", Enter opens the outbox; no command for unrelated words', async ({
  page,
  triage,
}) => {
  await openApp(page, triage);
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Command palette' });
  await expect(dialog).toBeVisible();
  await page.keyboard.type('outbox');
  await expect(dialog.getByRole('option', { selected: true })).toHaveText(/Go to the outbox/);
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Outbox' })).toBeVisible();
  // Every action of the keymap is in the palette's commands.
  await page.keyboard.press('Control+k');
  await expect(dialog.locator('[role="option"][data-section="Commands"]')).toHaveCount(KEYMAP.length);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});

test('? shows the shortcuts in a modal dialog that keeps focus and closes with Esc', async ({
  page,
  triage,
}) => {
  await openApp(page, triage);
  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  await expect(dialog).toContainText('Undo the last action done in this view');
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  // Keys do not reach the list behind the dialog.
  const id = await cursorThreadId(page);
  await page.keyboard.press('j');
  expect(await cursorThreadId(page)).toBe(id);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('listbox', { name: /threads/ })).toBeFocused();
});
