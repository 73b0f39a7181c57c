// The list keeps the rep's place: a thread with a draft says so in its row until the reply goes or
// the draft is dropped, and a reply that moves its thread to the top does not move the rep.
import type { Page } from '@playwright/test';
import { test, expect, openApp, cursorThreadId, holdCalls, sendReply, type Triage } from './fixtures/triage';

test.beforeEach(async ({ page }) => {
  // Replies go at once: no undo window to wait through.
  await page.addInitScript(() => localStorage.setItem('triage.undoSendSeconds', '0'));
});

const list = (page: Page) => page.getByRole('listbox', { name: /threads/ });
const row = (page: Page, id: string) => list(page).locator(`[data-thread-id="${id}"]`);
const repliesTo = (triage: Triage, threadId: string) =>
  triage.sandbox.stats().replies.filter((r) => r.threadId === threadId);

/** The ids of the loaded rows, top to bottom. */
async function rowIds(page: Page): Promise<string[]> {
  return list(page)
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
}

async function down(page: Page, n: number): Promise<void> {
  for (let i = 0; i < n; i++) await page.keyboard.press('j');
}

test('a thread with a draft says so in its row until the draft is discarded or the reply is sent', async ({
  page,
  triage,
}) => {
  await openApp(page, triage);
  await down(page, 2);
  await page.keyboard.press('Enter');
  const first = await cursorThreadId(page);
  await expect(row(page, first)).not.toContainText('Draft');
  await page.keyboard.press('r');
  await page.keyboard.type('Thinking about what to say');
  await page.keyboard.press('Escape');
  await page.keyboard.press('j');
  await expect(row(page, first)).toContainText('Draft');
  // It stays after a reload: the draft is kept by the core, and the row says so.
  await page.reload();
  await expect(row(page, first)).toContainText('Draft', { timeout: 30_000 });
  // Dropping the draft takes the mark away.
  await down(page, 2);
  await page.keyboard.press('Enter');
  await expect.poll(() => cursorThreadId(page)).toBe(first);
  await expect(page.getByRole('textbox', { name: 'Reply text' })).toHaveValue(/^Thinking about/);
  await page.keyboard.press('Control+k');
  await page.keyboard.type('discard the draft');
  await page.keyboard.press('Enter');
  await expect(row(page, first)).not.toContainText('Draft');

  // Another thread: its draft, then the reply sent from it.
  await page.keyboard.press('j');
  const second = await cursorThreadId(page);
  await page.keyboard.press('r');
  await page.keyboard.type('Yes, Thursday works.');
  await expect(row(page, second)).toContainText('Draft');
  await sendReply(page);
  await expect.poll(() => repliesTo(triage, second).length, { timeout: 30_000 }).toBe(1);
  await expect(row(page, second)).not.toContainText('Draft');
});

test('after a reply moves its thread to the top, the cursor keeps the rep’s place: j opens the next thread', async ({
  page,
  triage,
}) => {
  await openApp(page, triage);
  await down(page, 6);
  await page.keyboard.press('Enter');
  const before = await rowIds(page);
  const replied = await cursorThreadId(page);
  const at = before.indexOf(replied);
  expect(at).toBe(6);
  const next = before[at + 1]!;
  await page.keyboard.press('r');
  await page.keyboard.type('Thanks, I will send the details.');
  await sendReply(page);
  await expect.poll(() => repliesTo(triage, replied).length, { timeout: 30_000 }).toBe(1);
  // Newest first: the reply put the thread on top.
  await expect.poll(async () => (await rowIds(page))[0], { timeout: 30_000 }).toBe(replied);
  // The pane still shows the thread the rep replied to.
  await expect(page.locator('.reading')).toHaveAttribute('aria-busy', 'false');
  await expect(row(page, replied)).toHaveClass(/\bopen\b/);
  // The next key goes on in the rep's order: the thread after the one replied to.
  await page.keyboard.press('j');
  await expect.poll(() => cursorThreadId(page)).toBe(next);
  const name = await row(page, next).locator('.name').textContent();
  await expect(page.getByRole('article')).toHaveAttribute('aria-label', `Thread with ${name}`);
});

test('after a reply moves its thread, Done on it opens the thread after the rep’s place', async ({
  page,
  triage,
}) => {
  await openApp(page, triage);
  await down(page, 4);
  await page.keyboard.press('Enter');
  const before = await rowIds(page);
  const replied = await cursorThreadId(page);
  const next = before[before.indexOf(replied) + 1]!;
  await page.keyboard.press('r');
  await page.keyboard.type('Noted, thank you.');
  await sendReply(page);
  await expect.poll(() => repliesTo(triage, replied).length, { timeout: 30_000 }).toBe(1);
  await expect.poll(async () => (await rowIds(page))[0], { timeout: 30_000 }).toBe(replied);
  // e closes the thread the rep is reading (the one replied to) and goes on to the next in order.
  await page.keyboard.press('e');
  await expect(row(page, replied)).toHaveCount(0);
  await expect.poll(() => cursorThreadId(page)).toBe(next);
  const name = await row(page, next).locator('.name').textContent();
  await expect(page.getByRole('article')).toHaveAttribute('aria-label', `Thread with ${name}`);
});

test('search says what it searches and how many match, marks the words, and Esc returns to the rep’s place', async ({
  page,
  triage,
}) => {
  await openApp(page, triage);
  const head = page.locator('.list-head');
  await expect(head.getByRole('heading', { level: 1 })).toHaveText('Inbox');
  await down(page, 14);
  await page.keyboard.press('Enter');
  const here = await cursorThreadId(page);
  const scrolled = await list(page).evaluate((el) => el.scrollTop);
  expect(scrolled).toBeGreaterThan(0);
  // A word of the open message, to search for.
  const body = page.frameLocator('iframe[title^="Message from"]:visible').first().locator('body');
  await expect(body).not.toBeEmpty();
  const words = ((await body.innerText()).match(/\p{L}{7,}/gu) ?? []).sort((a, b) => b.length - a.length);
  const word = words[0]!;
  expect(word).toBeTruthy();

  await page.keyboard.press('/');
  await page.keyboard.type(word);
  await expect(head.getByRole('heading', { level: 1 })).toHaveText(`Search: “${word}”`);
  await expect(head).toContainText(/\d+ in all folders/);
  await expect(row(page, here)).toBeVisible();
  // The words are marked in the rows and in the message.
  await expect(list(page).locator('mark').first()).toBeVisible();
  await row(page, here).click();
  const marks = page.frameLocator('iframe[title^="Message from"]:visible').first().locator('mark');
  await expect(marks.first()).toBeVisible();
  expect((await marks.first().textContent())?.toLowerCase()).toBe(word.toLowerCase());
  // Only in the Inbox: the header says so.
  await page.getByTestId('search-scope').getByRole('button', { name: 'Only in Inbox' }).click();
  await expect(head).toContainText(/\d+ in Inbox/);
  await row(page, here).click();
  await expect(page.locator('.reading')).toHaveAttribute('aria-busy', 'false');

  // Esc closes the thread, Esc again ends the search: the Inbox, the same thread under the
  // cursor and open again, the list scrolled as it was.
  await list(page).focus();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('article')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(head.getByRole('heading', { level: 1 })).toHaveText('Inbox');
  // (No cursor row for a moment while the Inbox's rows come back.)
  await expect.poll(() => cursorThreadId(page).catch(() => null)).toBe(here);
  await expect(row(page, here)).toHaveClass(/\bopen\b/);
  await expect.poll(() => list(page).evaluate((el) => el.scrollTop)).toBe(scrolled);
  await expect(list(page)).toBeFocused();
  // And j goes on from there.
  await page.keyboard.press('j');
  await expect.poll(() => cursorThreadId(page)).not.toBe(here);
});

test('typing right after r, before the thread has come, is the reply: no key of it runs as a command', async ({
  page,
  triage,
}) => {
  // The next thread's messages are held until the typing is done.
  let next = '';
  const release = await holdCalls(
    page,
    (m) => next !== '' && m.includes('"threads.get"') && m.includes(next),
  );
  await openApp(page, triage);
  const inbox = Number(await page.locator('.list-head .total').textContent());
  next = (await list(page).locator('[aria-posinset="2"]').getAttribute('data-thread-id'))!;
  // A thread is open: j moves on, and the pane follows the cursor to the next one.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('article')).toBeVisible();
  await page.keyboard.press('j');
  const id = await cursorThreadId(page);
  expect(id).toBe(next);
  await page.keyboard.press('r');
  // y accepts, e is Done, s snoozes, Y accepts a folder, u closes: here they are letters.
  await page.keyboard.type('Yes, Thursday suits us.');
  release();
  const box = page.getByRole('textbox', { name: 'Reply text' });
  await expect(box).toBeFocused();
  await expect(box).toHaveValue(/^Yes, Thursday suits us\./);
  // The caret stands after what was typed: the rest goes on from there.
  await page.keyboard.type(' See you');
  await expect(box).toHaveValue(/^Yes, Thursday suits us\. See you/);
  await expect(row(page, id)).toBeVisible();
  await expect(page.locator('.list-head .total')).toHaveText(String(inbox));
  expect((await triage.service<{ status: string }>(`/inbox/${id}`)).status).toBe('open');
});
