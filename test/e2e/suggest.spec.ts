// Suggested verdicts in the window: chips on the rows, the reading pane saying why with the
// deciding words marked, `y` accepting the thread in view (the service gets the status), Shift+Y
// accepting a whole Suggested folder with one undo, a removal queueing its do-not-contact entry,
// and the setting that turns it all off.
import {
  test,
  expect,
  openApp,
  cursorThreadId,
  expectServiceStatus,
  inboxRows,
  shot,
} from './fixtures/triage';
import type { Page } from '@playwright/test';

const list = (page: Page) => page.getByRole('listbox', { name: /threads/ });

/** Opens a Suggested folder from the sidebar; answers how many threads it says it holds. */
async function openGroup(page: Page, name: string): Promise<number> {
  const group = page
    .getByRole('list', { name: 'Suggested' })
    .getByRole('button', { name: new RegExp(`^${name}`) });
  await expect(group).toBeVisible({ timeout: 30_000 });
  const count = Number((await group.locator('.count').textContent())!.replace(/\D/g, ''));
  await group.click();
  await expect(list(page)).toHaveAttribute('aria-label', `Suggested: ${name} threads`);
  // The folder's rows come after its name does (in one window: all of them at once).
  await expect.poll(() => list(page).getByRole('option').count()).toBeGreaterThanOrEqual(Math.min(count, 8));
  await list(page).focus();
  return count;
}

test('rows carry the suggestion, the pane says why, and y accepts it on the service', async ({
  page,
  triage,
}) => {
  await openApp(page, triage);
  // g y opens the first Suggested folder that holds threads.
  await page.keyboard.press('g');
  await page.keyboard.press('y');
  await expect(list(page)).toHaveAttribute('aria-label', /^Suggested: /);
  const n = await openGroup(page, 'Out of office');
  expect(n).toBeGreaterThan(0);
  const row = page.locator(`#row-${await cursorThreadId(page)}`);
  await expect(row.locator('[data-suggested="out_of_office"]')).toBeVisible();

  await page.keyboard.press('Enter');
  const why = page.getByTestId('suggestion-why');
  await expect(why).toContainText('Suggested: Out of office');
  await expect(why.locator('mark').first()).toBeVisible();
  await shot(page, 'suggested-why-light-1400x860');

  const id = await cursorThreadId(page);
  await page.keyboard.press('y');
  await expect(
    // Said with what else it did: until when the thread is away.
    page.locator('.notices .notice').filter({ hasText: /^Accepted: 1 Out of office .*: back in the Inbox / }),
  ).toHaveCount(1);
  await expect(page.locator(`#row-${id}`)).toHaveCount(0);
  await expectServiceStatus(triage, id, 'out_of_office');
  // Snoozed until the prospect is back: it waits in Snoozed, not in the Inbox.
  await page.keyboard.press('g');
  await page.keyboard.press('s');
  await expect(page.locator(`#row-${id}`)).toBeVisible();
});

test('Shift+Y accepts a whole folder as one change; one undo puts every thread back', async ({
  page,
  triage,
}) => {
  await openApp(page, triage);
  const n = await openGroup(page, 'Wrong person');
  expect(n).toBeGreaterThan(1);
  const ids = await page
    .locator('[role="option"][data-thread-id]')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-thread-id')!));
  expect(ids.length).toBe(n);
  await page.keyboard.press('Shift+Y');
  await expect(
    page.locator('.notices .notice').filter({ hasText: `Accepted: ${n} Wrong person` }),
  ).toHaveCount(1);
  await expect(list(page).getByRole('option')).toHaveCount(0);
  // The folder being viewed stays in the sidebar, emptied, so the rep still sees where they are.
  const folder = page.getByRole('list', { name: 'Suggested' }).getByRole('button', { name: /^Wrong person/ });
  await expect(folder).toHaveAttribute('aria-current', 'page');
  await expect(folder).toContainText('0');
  for (const id of ids) await expectServiceStatus(triage, id, 'wrong_person');

  await page.keyboard.press('z');
  await expect(page.locator('.notices .notice').filter({ hasText: /^Undone: Accepted/ })).toHaveCount(1);
  for (const id of ids) await expectServiceStatus(triage, id, 'open');
  await expect(list(page).getByRole('option')).toHaveCount(n);
});

test('accepting the Out of office folder marks each absent on the service and snoozes each until they are back', async ({
  page,
  triage,
}) => {
  await openApp(page, triage);
  const snoozedBefore = Number(
    (await page
      .getByRole('button', { name: /^Snoozed/ })
      .locator('.count')
      .textContent())!.replace(/\D/g, ''),
  );
  const n = await openGroup(page, 'Out of office');
  const ids = await page
    .locator('[role="option"][data-thread-id]')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-thread-id')!));
  await page.keyboard.press('Shift+Y');
  await expect(
    page.locator('.notices .notice').filter({ hasText: `Accepted: ${n} Out of office` }),
  ).toHaveCount(1);
  for (const id of ids) await expectServiceStatus(triage, id, 'out_of_office');
  await page.keyboard.press('g');
  await page.keyboard.press('s');
  await expect(list(page)).toHaveAttribute('aria-label', 'Snoozed threads');
  // The list draws only the rows in view: its header says how many it holds.
  await expect(page.locator('.list-head .total')).toHaveText((snoozedBefore + n).toLocaleString('en-US'));
  for (const id of ids.slice(0, 5)) await expect(page.locator(`#row-${id} .snoozed`)).toBeVisible();
});

test('accepting a removal also queues the prospect for do-not-contact', async ({ page, triage }) => {
  await openApp(page, triage);
  await openGroup(page, 'Not interested');
  const removal = page
    .locator('[role="option"]:has([data-suggested="not_interested"]:text("remove"))')
    .first();
  await expect(removal).toBeVisible();
  await removal.click();
  await list(page).focus();
  const id = (await removal.getAttribute('data-thread-id'))!;
  await page.keyboard.press('y');
  await expectServiceStatus(triage, id, 'not_interested');
  await page.keyboard.press('g');
  await page.keyboard.press('o');
  await expect(page.getByText('Add 1 do-not-contact entry')).toBeVisible();
});

test('the setting turns suggestions off: no chips, no folders, y says so', async ({ page, triage }) => {
  await openApp(page, triage);
  await expect(page.getByRole('list', { name: 'Suggested' })).toBeVisible({ timeout: 30_000 });
  await triage.bridge.app.handlers['settings.set']({ suggestions: false });
  await page.reload();
  await expect(list(page)).toBeVisible();
  await expect(page.getByRole('option').first()).toBeVisible();
  await expect(page.getByRole('list', { name: 'Suggested' })).toHaveCount(0);
  await expect(page.locator('[data-suggested]')).toHaveCount(0);
  await list(page).focus();
  await page.keyboard.press('y');
  await expect(page.locator('.notices .notice').filter({ hasText: 'Suggestions are off' })).toHaveCount(1);
  await triage.bridge.app.handlers['settings.set']({ suggestions: true });
});

test('a departed contact’s auto-reply shows Wrong person with the referral, and accepting it does not snooze', async ({
  page,
  triage,
}) => {
  await openApp(page, triage);
  const [target] = await inboxRows(triage, 1);
  triage.sandbox.admin.addMessage(target!.id, {
    direction: 'inbound',
    subject: 'Automatic reply: Idea for Crestline Foods',
    bodyHtml:
      '<p>Tom no longer works at Crestline Foods. Please send your message to info@crestlinefoods.example.</p>',
  });
  await triage.bridge.app.handlers['sync.now']({ accountId: triage.accountId });
  const row = page.locator(`#row-${target!.id}`);
  await expect(row.locator('[data-suggested="wrong_person"]')).toHaveText(
    /Wrong person → info@crestlinefoods\.example/,
    { timeout: 30_000 },
  );
  await row.click();
  await list(page).focus();
  await expect.poll(() => cursorThreadId(page)).toBe(target!.id);
  await page.keyboard.press('y');
  await expect(page.locator('.notices .notice').filter({ hasText: /^Accepted: 1 Wrong person/ })).toHaveCount(
    1,
  );
  await expectServiceStatus(triage, target!.id, 'wrong_person');
  // Gone for good: nothing waits for them in Snoozed.
  await page.keyboard.press('g');
  await page.keyboard.press('s');
  await expect(list(page)).toHaveAttribute('aria-label', 'Snoozed threads');
  await expect(page.locator(`#row-${target!.id}`)).toHaveCount(0);
  const stored = await triage.bridge.app.handlers['threads.get']({
    accountId: triage.accountId,
    threadId: target!.id,
  });
  expect(stored!.thread.snoozedUntil).toBeNull();
});
