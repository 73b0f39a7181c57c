// Replying and undoing by keyboard, through the browser bridge against the sandbox: a snippet
// reply, the undo-send window and its one setting, one undo stack for every action, and the
// thread's layout at three window sizes; what the service received is checked where it is involved.
import type { Locator, Page } from '@playwright/test';
import {
  test,
  expect,
  openApp,
  cursorThreadId,
  expectServiceStatus,
  sendReply,
  shot,
  type ServiceThread,
  type Triage,
  SCREEN_SIZES,
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

for (const theme of ['light', 'dark'] as const) {
  test(`layout at 1024×700, 1400×860 and 1920×1080 (${theme}): lead panel folds, toasts stay off the list`, async ({
    page,
    triage,
  }) => {
    for (const [width, height] of SCREEN_SIZES) {
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
      const l = (await list.boundingBox())!;
      // Read until it rests: while a toast rises into place its box can read as none.
      await expect
        .poll(async () => (await toast.boundingBox())?.x ?? -1)
        .toBeGreaterThanOrEqual(l.x + l.width);
      await shot(page, `replying-${width}x${height}-${theme}`);
      if (width < 1280) {
        await page.keyboard.press('l');
        await expect(page.getByRole('complementary', { name: 'Lead' })).toBeVisible();
        await shot(page, `replying-${width}x${height}-${theme}-lead`);
      }
    }
  });
}
