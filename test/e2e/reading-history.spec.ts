// Threads with long histories, opened the way a rep moves: the newest message is readable as soon as
// the thread shows (never drawn folded first), right under the subject, the older ones unfold with their own words, and j
// pressed twice while a thread is still being prepared lands on the right thread with only its
// own messages, nothing left over from the threads passed.
import type { Page } from '@playwright/test';
import {
  expect,
  inboxRows,
  openApp,
  paneShows,
  shot,
  SCREEN_SIZES,
  testWith,
  type Triage,
} from './fixtures/triage';

const HISTORY = 12;
const TAGS = ['Aster', 'Birch', 'Cedar'];

/** A reply of some weight (a table, as forwarded figures are), so preparing a thread takes a while. */
function body(tag: string, k: number, newest: boolean): string {
  const rows = Array.from({ length: 40 }, (_, r) => `<tr><td>${tag} row ${r}</td><td>${r * k}</td></tr>`);
  const lead = newest ? `Newest answer from ${tag}` : `Note ${k} in the history of ${tag}`;
  return `<p>${lead}.</p><table>${rows.join('')}</table>`;
}

/** The threads given a history, by tag. */
const given = new Map<string, string>();

const test = testWith(async (triage) => {
  const rows = await inboxRows(triage, 3);
  TAGS.forEach((tag, t) => {
    const id = rows[t]!.id;
    given.set(id, tag);
    for (let k = 0; k < HISTORY; k++) {
      const direction = k % 3 === 2 ? 'outbound' : 'inbound';
      triage.sandbox.admin.addMessage(id, { direction, bodyHtml: body(tag, k, false) });
    }
    triage.sandbox.admin.addMessage(id, { direction: 'inbound', bodyHtml: body(tag, HISTORY, true) });
  });
  await triage.bridge.app.handlers['sync.now']({ accountId: triage.accountId });
});

/** The threads given a history, as the Inbox lists them now (top first), each with its tag. */
async function histories(triage: Triage) {
  const rows = await inboxRows(triage, 10);
  return rows.filter((r) => given.has(r.id)).map((row) => ({ row, tag: given.get(row.id)! }));
}

/** Every text the pane shows for its messages: the folded lines and the bodies in the frames. */
function paneTexts(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.reading li.message')].map((li) => {
      const frame = li.querySelector('iframe');
      return `${li.innerText} ${frame?.contentDocument?.body?.innerText ?? ''}`;
    }),
  );
}

/** Records, from now on, whether the thread's newest message was ever drawn folded while the pane
 *  showed that thread (a blank or a jump the rep would see). */
async function watchNewest(page: Page, threadId: string, newestIndex: number): Promise<void> {
  await page.evaluate(
    ([id, index]) => {
      const w = window as unknown as { foldedNewest: number };
      w.foldedNewest = 0;
      const check = () => {
        const article = document.querySelector<HTMLElement>('.reading article.thread');
        if (article?.dataset.threadId !== id) return;
        const li = article.querySelector<HTMLElement>(`li[data-message-index="${index}"]`);
        if (!li || li.dataset.expanded !== 'true') w.foldedNewest++;
      };
      new MutationObserver(check).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
      });
    },
    [threadId, newestIndex] as const,
  );
}

test('a thread with a long history opens on its newest message, readable, and the older ones follow', async ({
  page,
  triage,
}) => {
  const [first] = await histories(triage);
  expect(first).toBeTruthy();
  const { row, tag } = first!;
  await openApp(page, triage);
  await watchNewest(page, row.id, row.messageCount - 1);
  await page.getByRole('option').filter({ hasText: row.prospectName }).first().click();
  await paneShows(page, row.id);

  const newest = page.locator(`.reading li.message[data-message-index="${row.messageCount - 1}"]`);
  await expect(newest).toHaveAttribute('data-expanded', 'true');
  await expect(newest.frameLocator('iframe').locator('body')).toContainText(`Newest answer from ${tag}`);
  expect(await page.evaluate(() => (window as unknown as { foldedNewest: number }).foldedNewest)).toBe(0);
  // It starts right under the subject, its history above it (the frames below it took their
  // height only once drawn).
  const gap = () =>
    newest.evaluate((li) => {
      const title = document.querySelector('[data-testid="thread-title"]')!;
      return Math.round(li.getBoundingClientRect().top - title.getBoundingClientRect().bottom);
    });
  await expect.poll(gap).toBeGreaterThanOrEqual(0);
  await expect.poll(gap).toBeLessThan(24);

  // The history is folded to a line each, every line its own message's first words.
  const folded = page.locator('.reading li.message.collapsed');
  await expect(folded).toHaveCount(row.messageCount - 1);
  await expect(folded.filter({ hasText: `Note 3 in the history of ${tag}` })).toHaveCount(1);

  // p unfolds the messages before it, one by one, each showing its own body.
  for (let k = HISTORY - 1; k >= HISTORY - 4; k--) {
    await page.keyboard.press('p');
    const item = page.locator(
      `.reading li.message[data-message-index="${row.messageCount - 1 - (HISTORY - k)}"]`,
    );
    await expect(item).toHaveAttribute('data-expanded', 'true');
    await expect(item.frameLocator('iframe').locator('body')).toContainText(
      `Note ${k} in the history of ${tag}`,
    );
  }
});

test('j pressed twice while a thread is prepared lands on the thread two down, with only its messages', async ({
  page,
  triage,
}) => {
  const list = await histories(triage);
  expect(list.length).toBe(3);
  const rows = await inboxRows(triage, 10);
  const at = rows.findIndex((r) => r.id === list[0]!.row.id);
  // The three threads are next to each other in the Inbox (their replies are the newest).
  expect(rows.slice(at, at + 3).map((r) => r.id)).toEqual(list.map((x) => x.row.id));
  const [from, , to] = list as [(typeof list)[0], (typeof list)[0], (typeof list)[0]];

  await openApp(page, triage);
  await page.getByRole('option').filter({ hasText: from.row.prospectName }).first().click();
  await paneShows(page, from.row.id);
  await page.getByRole('listbox', { name: /threads/ }).focus();
  await page.keyboard.press('j');
  await page.keyboard.press('j');

  await paneShows(page, to.row.id);
  await expect(page.locator('.reading li.message')).toHaveCount(to.row.messageCount);
  const newest = page.locator(`.reading li.message[data-message-index="${to.row.messageCount - 1}"]`);
  await expect(newest.frameLocator('iframe').locator('body')).toContainText(`Newest answer from ${to.tag}`);
  // Nothing of the threads passed: not in a folded line, not in a frame, even once all is drawn.
  await page.waitForTimeout(500);
  await expect(page.locator('.reading article.thread')).toHaveAttribute('data-thread-id', to.row.id);
  const texts = (await paneTexts(page)).join('\n');
  for (const other of TAGS.filter((t) => t !== to.tag)) expect(texts).not.toContain(other);
  expect(texts).toContain(`Note 5 in the history of ${to.tag}`);
});

test('screenshots of a long history in the reading pane, three sizes, light and dark', async ({
  page,
  triage,
}) => {
  const [first] = await histories(triage);
  const { row } = first!;
  await openApp(page, triage);
  await page.getByRole('option').filter({ hasText: row.prospectName }).first().click();
  await paneShows(page, row.id);
  const newest = page.locator(`.reading li.message[data-message-index="${row.messageCount - 1}"]`);
  for (const theme of ['light', 'dark'] as const) {
    // The app follows the system's theme, the message frames with it.
    await page.emulateMedia({ colorScheme: theme });
    for (const [width, height] of SCREEN_SIZES) {
      await page.setViewportSize({ width, height });
      // Opened afresh at this size: to the next thread and back.
      await page.getByRole('listbox', { name: /threads/ }).focus();
      await page.keyboard.press('j');
      await expect(page.locator('.reading article.thread')).not.toHaveAttribute('data-thread-id', row.id);
      await page.keyboard.press('k');
      await paneShows(page, row.id);
      await expect(newest.frameLocator('iframe').locator('body')).toContainText('Newest answer');
      await shot(page, `reading-history-${theme}-${width}x${height}`);
    }
  }
});
