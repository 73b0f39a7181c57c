// Commands given to the open thread while its messages are still on their way from the core (Enter,
// then a key or the palette at once; j, then a key): each happens once, on the thread the cursor
// was on when it was given, once that thread is shown; if the pane goes elsewhere first, nothing
// happens and a word says so. The core's answer for the thread is held on the socket meanwhile.
import type { Page } from '@playwright/test';
import {
  test,
  expect,
  openApp,
  cursorThreadId,
  expectServiceStatus,
  inboxRows,
  paneShows,
  type ServiceThread,
} from './fixtures/triage';
import { holdThreadDetails, type HeldDetails } from './fixtures/held-details';

/** Opens the app with thread details held on demand; the cursor on the Inbox's first row. */
async function start(page: Page, triage: Parameters<typeof openApp>[1]): Promise<HeldDetails> {
  const held = await holdThreadDetails(page);
  await openApp(page, triage);
  return held;
}

/** Presses Enter on the cursor's thread with its detail held: answers its id once asked for. */
async function openHeld(page: Page, held: HeldDetails): Promise<string> {
  const id = await cursorThreadId(page);
  held.hold(id);
  await page.keyboard.press('Enter');
  await held.asked(id);
  // Still on its way: the pane shows no thread yet.
  await expect(page.locator(`article.thread[data-thread-id="${id}"]`)).toHaveCount(0);
  return id;
}

/** The message the pane opened on (the current one) is folded or not. */
const currentMessage = (page: Page, threadId: string) =>
  page.locator(`article.thread[data-thread-id="${threadId}"] li.message.current`);

const palette = async (page: Page, words: string) => {
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Command palette' });
  await expect(dialog).toBeVisible();
  await page.keyboard.type(words);
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
};

test('r and typing at once: the reply box opens on the thread opened, once, with every key typed', async ({
  page,
  triage,
}) => {
  const held = await start(page, triage);
  const id = await openHeld(page, held);
  await page.keyboard.press('r');
  await page.keyboard.type('Thanks, Thursday');
  held.release(id);
  await paneShows(page, id);
  const box = page.getByRole('textbox', { name: 'Reply text' });
  await expect(box).toHaveCount(1);
  await expect(box).toBeFocused();
  await expect(box).toHaveValue(/^Thanks, Thursday/);
});

test('the palette’s Reply at once: the reply box opens on the thread opened', async ({ page, triage }) => {
  const held = await start(page, triage);
  const id = await openHeld(page, held);
  await palette(page, 'reply');
  held.release(id);
  await paneShows(page, id);
  await expect(page.getByRole('textbox', { name: 'Reply text' })).toHaveCount(1);
  await expect(page.getByRole('textbox', { name: 'Reply text' })).toBeFocused();
});

test('v at once: the message the thread opens on is folded once it is shown, not left as it was', async ({
  page,
  triage,
}) => {
  const held = await start(page, triage);
  const id = await openHeld(page, held);
  await page.keyboard.press('v');
  held.release(id);
  await paneShows(page, id);
  await expect(currentMessage(page, id)).toHaveAttribute('data-expanded', 'false');
});

test('the palette’s do-not-contact at once: its dialog opens once, for the prospect of the thread opened', async ({
  page,
  triage,
}) => {
  const held = await start(page, triage);
  const id = await openHeld(page, held);
  const { prospect } = await triage.service<ServiceThread>(`/inbox/${id}`);
  await palette(page, 'do-not-contact');
  held.release(id);
  const dialog = page.getByRole('dialog', { name: 'Add to do-not-contact' });
  await expect(dialog).toHaveCount(1);
  await expect(dialog.locator('b').first()).toHaveText(prospect.email);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});

test('a verdict key at once: the thread opened gets it, the next one does not, and its late answer does not come back', async ({
  page,
  triage,
}) => {
  const held = await start(page, triage);
  const [, second] = await inboxRows(triage, 2);
  const id = await openHeld(page, held);
  await page.keyboard.press('3');
  const list = page.getByRole('listbox', { name: /threads/ });
  await expect(list.locator(`[data-thread-id="${id}"]`)).toHaveCount(0);
  held.release(id);
  await expectServiceStatus(triage, id, 'not_interested');
  // The pane moved on to the next thread and stays there.
  await paneShows(page, second!.id);
  expect((await triage.service<ServiceThread>(`/inbox/${second!.id}`)).status).toBe('open');
});

test('s at once: the snooze picker snoozes the thread opened, named in the word', async ({
  page,
  triage,
}) => {
  const held = await start(page, triage);
  const [first] = await inboxRows(triage, 1);
  const id = await openHeld(page, held);
  expect(id).toBe(first!.id);
  await page.keyboard.press('s');
  const dialog = page.getByRole('dialog', { name: 'Snooze' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('2');
  await expect(dialog).toHaveCount(0);
  held.release(id);
  const list = page.getByRole('listbox', { name: /threads/ });
  await expect(list.locator(`[data-thread-id="${id}"]`)).toHaveCount(0);
  await expect(
    page
      .locator('.notices .notice')
      .filter({ hasText: `Snoozed until` })
      .filter({ hasText: first!.prospectName }),
  ).toHaveCount(1);
});

test('a verdict then z at once: the thread opened is back, open in the pane, its status as it was', async ({
  page,
  triage,
}) => {
  const held = await start(page, triage);
  const id = await openHeld(page, held);
  await page.keyboard.press('5');
  await page.keyboard.press('z');
  await expect(page.locator('.notices .notice').filter({ hasText: /^Undone:/ })).toHaveCount(1);
  held.release(id);
  await paneShows(page, id);
  expect(await cursorThreadId(page)).toBe(id);
  await expectServiceStatus(triage, id, 'open');
});

test('j then v: the command is for the thread the cursor went to, done once it is shown', async ({
  page,
  triage,
}) => {
  const held = await start(page, triage);
  const [first, second] = await inboxRows(triage, 2);
  // The next thread is held from the start, so it is not read ahead either.
  held.hold(second!.id);
  await page.keyboard.press('Enter');
  await paneShows(page, first!.id);
  await expect(currentMessage(page, first!.id)).toHaveAttribute('data-expanded', 'true');
  await page.keyboard.press('j');
  await held.asked(second!.id);
  await page.keyboard.press('v');
  held.release(second!.id);
  await paneShows(page, second!.id);
  await expect(currentMessage(page, second!.id)).toHaveAttribute('data-expanded', 'false');
});

test('j, v, then j again before that thread came: nothing is done, and a word says what was not', async ({
  page,
  triage,
}) => {
  const held = await start(page, triage);
  const [first, second, third] = await inboxRows(triage, 3);
  held.hold(second!.id);
  await page.keyboard.press('Enter');
  await paneShows(page, first!.id);
  await page.keyboard.press('j');
  await held.asked(second!.id);
  await page.keyboard.press('v');
  await page.keyboard.press('j');
  await paneShows(page, third!.id);
  await expect(
    page.locator('.notices .notice').filter({ hasText: /^Not done: Expand or collapse the message\./ }),
  ).toHaveCount(1);
  held.release(second!.id);
  // Neither the thread shown now nor the one left got the command.
  await expect(currentMessage(page, third!.id)).toHaveAttribute('data-expanded', 'true');
  await page.keyboard.press('k');
  await paneShows(page, second!.id);
  await expect(currentMessage(page, second!.id)).toHaveAttribute('data-expanded', 'true');
});
