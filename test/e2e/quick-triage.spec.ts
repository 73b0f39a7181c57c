// Verdicts faster than the reading pane: the list changes at once and the pane follows a frame
// later, so keys pressed back to back must each take the thread under the cursor, never the one
// the pane still shows, and the pane must end on the thread the cursor is on.
import {
  test,
  expect,
  openApp,
  cursorThreadId,
  expectServiceStatus,
  type ServiceThread,
} from './fixtures/triage';

/** The ids of the first `n` rows of the list, top to bottom. */
async function firstRows(page: import('@playwright/test').Page, n: number): Promise<string[]> {
  const ids = await page
    .getByRole('listbox', { name: /threads/ })
    .locator('[data-thread-id]')
    .evaluateAll((els) =>
      els
        .map((el) => ({
          id: el.getAttribute('data-thread-id')!,
          pos: Number(el.getAttribute('aria-posinset')),
        }))
        .sort((a, b) => a.pos - b.pos)
        .map((r) => r.id),
    );
  return ids.slice(0, n);
}

test('three e back to back in the Inbox close three different threads; the pane ends on the fourth', async ({
  page,
  triage,
}) => {
  await openApp(page, triage);
  const list = page.getByRole('listbox', { name: /threads/ });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('article')).toHaveAttribute('aria-label', /^Thread with /);
  const [a, b, c, d] = await firstRows(page, 4);
  expect(await cursorThreadId(page)).toBe(a);

  await page.keyboard.press('e');
  await page.keyboard.press('e');
  await page.keyboard.press('e');

  for (const id of [a!, b!, c!]) await expect(list.locator(`[data-thread-id="${id}"]`)).toHaveCount(0);
  await expect.poll(() => cursorThreadId(page)).toBe(d);
  const name = await list.locator(`[data-thread-id="${d}"] .name`).textContent();
  await expect(page.getByRole('article')).toHaveAttribute('aria-label', `Thread with ${name}`);
  await expect(page.locator('.reading')).toHaveAttribute('aria-busy', 'false');
  for (const id of [a!, b!, c!]) await expectServiceStatus(triage, id, 'closed');
  await expectServiceStatus(triage, d!, 'open');
});

test('two verdicts back to back in All threads mark two different threads, which stay listed', async ({
  page,
  triage,
}) => {
  await openApp(page, triage);
  await page.keyboard.press('g');
  await page.keyboard.press('a');
  const list = page.getByRole('listbox', { name: /All threads/ });
  await expect(list).toHaveAttribute('aria-busy', 'false');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('article')).toHaveAttribute('aria-label', /^Thread with /);
  const start = await cursorThreadId(page);
  const rows = await firstRows(page, 30);
  const at = rows.indexOf(start);
  const [first, second, third] = rows.slice(at, at + 3);
  const before = await Promise.all(
    [first!, second!].map(async (id) => (await triage.service<ServiceThread>(`/inbox/${id}`)).status),
  );
  // A status neither thread has yet, so both verdicts change something.
  const verdict = ['3', '4', '5'].find(
    (k) => !before.includes({ '3': 'not_interested', '4': 'out_of_office', '5': 'wrong_person' }[k]!),
  )!;
  const status = { '3': 'not_interested', '4': 'out_of_office', '5': 'wrong_person' }[verdict]!;

  await page.keyboard.press(verdict);
  await page.keyboard.press(verdict);

  for (const id of [first!, second!]) {
    await expect(list.locator(`[data-thread-id="${id}"]`)).toHaveAttribute('data-status', status);
  }
  await expect.poll(() => cursorThreadId(page)).toBe(third);
  await expect(page.locator('.reading')).toHaveAttribute('aria-busy', 'false');
  const name = await list.locator(`[data-thread-id="${third}"] .name`).textContent();
  await expect(page.getByRole('article')).toHaveAttribute('aria-label', `Thread with ${name}`);
  for (const id of [first!, second!]) await expectServiceStatus(triage, id, status);
});
