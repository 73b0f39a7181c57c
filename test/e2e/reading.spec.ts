// Reading a reply the way a rep expects, in Chromium through the bridge against the sandbox: each
// thread opens on the prospect's newest message, in view; frames fit their content; folded
// messages open by key; how long each prospect has waited; a new reply is in the list and
// announced within 30 s; a thread opened during an account's first sync is readable at once, and
// rows scrolled into view then get their messages ahead of the rest.
import { startSandbox, type Sandbox } from '../../electron/sandbox/index';
import { test, expect, openApp, shot, cursorThreadId } from './fixtures/triage';
import type { Page } from '@playwright/test';

/** Whether the pane shows this thread, settled (not the previous one kept while it loads). */
async function paneShows(page: Page, threadId: string): Promise<void> {
  await expect(page.locator('.reading')).toHaveAttribute('aria-busy', 'false');
  await expect(page.locator('article.thread')).toHaveAttribute('data-thread-id', threadId);
}

/** The newest inbound message (else the newest) is expanded and its top is inside the pane. */
function latestInView(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const scroller = document.querySelector<HTMLElement>('.reading article.thread');
    const items = [...document.querySelectorAll<HTMLElement>('.reading li.message')];
    if (!scroller || items.length === 0) return false;
    const target = items.filter((l) => l.dataset.direction === 'inbound').at(-1) ?? items.at(-1)!;
    const s = scroller.getBoundingClientRect();
    const r = target.getBoundingClientRect();
    return target.dataset.expanded === 'true' && r.top >= s.top - 1 && r.top < s.bottom - 40;
  });
}

test('every thread of a 30-thread run opens on its newest inbound message, expanded and in view', async ({
  page,
  triage,
}) => {
  await openApp(page, triage);
  await page.keyboard.press('Enter');
  for (let i = 0; i < 30; i++) {
    const id = await cursorThreadId(page);
    await paneShows(page, id);
    await expect.poll(() => latestInView(page), { message: `thread ${i + 1} (${id})` }).toBe(true);
    // Older messages are one line each.
    const older = await page.locator('.reading li.message.collapsed').count();
    const all = await page.locator('.reading li.message').count();
    const expanded = await page.locator('.reading li.message[data-expanded="true"]').count();
    expect(older + expanded).toBe(all);
    await page.keyboard.press('j');
  }
});

test('frames fit their content: after a tall message the next thread has no blank space', async ({
  page,
  triage,
}) => {
  const sandbox = triage.sandbox;
  const rows = (
    await triage.bridge.app.handlers['threads.list']({
      accountId: triage.accountId,
      view: 'inbox',
      offset: 0,
      limit: 5,
    })
  ).rows;
  const tall = rows[1]!;
  const paragraphs = Array.from({ length: 400 }, (_, i) => `<p>Line ${i} of a very long answer.</p>`).join(
    '',
  );
  sandbox.admin.addMessage(tall.id, { direction: 'inbound', bodyHtml: paragraphs, subject: 'Long answer' });
  await triage.bridge.app.handlers['sync.now']({ accountId: triage.accountId });

  await openApp(page, triage);
  await page.getByRole('option').filter({ hasText: tall.prospectName }).first().click();
  await paneShows(page, tall.id);
  const frameHeights = () =>
    page.evaluate(() =>
      [...document.querySelectorAll<HTMLIFrameElement>('.reading iframe')].map((f) => ({
        frame: f.getBoundingClientRect().height,
        content: f.contentDocument?.body.getBoundingClientRect().height ?? -1,
      })),
    );
  await expect
    .poll(async () => Math.max(...(await frameHeights()).map((h) => h.frame)))
    .toBeGreaterThan(3000);

  // Every other thread: each frame is as tall as its content, give or take a line.
  for (const other of rows.filter((r) => r.id !== tall.id).slice(0, 3)) {
    await page.getByRole('option').filter({ hasText: other.prospectName }).first().click();
    await paneShows(page, other.id);
    await expect
      .poll(async () => (await frameHeights()).every((h) => h.content >= 0 && h.frame <= h.content + 30))
      .toBe(true);
  }
});

test('n and p move between messages, v folds and unfolds, Space scrolls the pane', async ({
  page,
  triage,
}) => {
  const rows = (
    await triage.bridge.app.handlers['threads.list']({
      accountId: triage.accountId,
      view: 'inbox',
      offset: 0,
      limit: 100,
    })
  ).rows;
  const index = rows.findIndex((r) => r.messageCount >= 3);
  expect(index).toBeGreaterThanOrEqual(0);
  const target = rows[index]!;
  await openApp(page, triage);
  for (let i = 0; i < index; i++) await page.keyboard.press('j');
  await page.keyboard.press('Enter');
  await paneShows(page, target.id);

  const items = page.locator('.reading li.message');
  const current = () => page.locator('.reading li.message.current').getAttribute('data-message-index');
  const start = Number(await current());
  expect(start).toBeGreaterThan(0);
  await expect(items.nth(start - 1)).toHaveAttribute('data-expanded', 'false');

  await page.keyboard.press('p');
  await expect.poll(current).toBe(String(start - 1));
  await expect(items.nth(start - 1)).toHaveAttribute('data-expanded', 'true');
  await page.keyboard.press('v');
  await expect(items.nth(start - 1)).toHaveAttribute('data-expanded', 'false');
  await page.keyboard.press('v');
  await expect(items.nth(start - 1)).toHaveAttribute('data-expanded', 'true');
  await page.keyboard.press('n');
  await expect.poll(current).toBe(String(start));

  // A click on a folded line opens it.
  await page.keyboard.press('p');
  await page.keyboard.press('v');
  await items
    .nth(start - 1)
    .getByRole('button')
    .first()
    .click();
  await expect(items.nth(start - 1)).toHaveAttribute('data-expanded', 'true');

  // Space scrolls the pane (when there is somewhere to go), Shift+Space back.
  const scroller = page.locator('.reading article.thread');
  await page.getByRole('listbox', { name: /threads/ }).focus();
  const room = await scroller.evaluate((el) => el.scrollHeight - el.clientHeight);
  if (room > 50) {
    await scroller.evaluate((el) => (el.scrollTop = 0));
    await page.keyboard.press('Space');
    await expect.poll(() => scroller.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
    await page.keyboard.press('Shift+Space');
    await expect.poll(() => scroller.evaluate((el) => el.scrollTop)).toBe(0);
  }
});

test('speed-to-lead: rows and the pane say how long a prospect waited; Inbox sorts by waiting longest', async ({
  page,
  triage,
}) => {
  const waiting = (
    await triage.bridge.app.handlers['threads.list']({
      accountId: triage.accountId,
      view: 'inbox',
      sort: 'waiting',
      offset: 0,
      limit: 5,
    })
  ).rows;
  const longest = waiting[0]!;
  expect(longest.waitingSince).not.toBeNull();
  // The test decides what time it is: 3 hours and 5 minutes after that message arrived.
  await page.clock.setFixedTime(Date.parse(longest.waitingSince!) + 3 * 3_600_000 + 5 * 60_000);
  await openApp(page, triage);

  // The sort control says the sort in force, not the one it would switch to.
  const sortButton = page.getByRole('button', { name: /^Sort: / });
  await expect(sortButton).toHaveText(/Newest first$/);
  await sortButton.click();
  await expect(sortButton).toHaveText(/Waiting longest$/);
  const first = page.getByRole('option').first();
  await expect(first).toHaveAttribute('data-thread-id', longest.id);
  await expect(first.locator('.waiting')).toHaveText('3 h');
  // Three hours is under the default alert threshold (a day): the badge stays grey.
  await expect(first.locator('.waiting')).toHaveClass(/warmth-calm/);
  await first.click();
  await paneShows(page, longest.id);
  await expect(page.getByTestId('waiting-words')).toHaveText('Waiting 3 hours for your answer');
  // The order on screen is the service's times, oldest unanswered first.
  const shown = await page
    .getByRole('option')
    .evaluateAll((els) => els.slice(0, 5).map((e) => (e as HTMLElement).dataset.threadId));
  expect(shown).toEqual(waiting.map((r) => r.id));

  await sortButton.click();
  await expect(sortButton).toHaveText(/Newest first$/);
  await expect(page.getByRole('option').first()).not.toHaveAttribute('data-thread-id', longest.id);
});

test('a reply added on the service is in the list within 30 s and raises one notification', async ({
  page,
  context,
  triage,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['notifications'], { origin: new URL(triage.bridge.url).origin });
  await page.addInitScript(() => {
    const seen: { title: string; body: string }[] = [];
    (window as unknown as { __notifications: typeof seen }).__notifications = seen;
    const Real = window.Notification;
    class Recorded extends Real {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        seen.push({ title, body: options?.body ?? '' });
      }
    }
    Object.defineProperty(window, 'Notification', { value: Recorded, configurable: true });
  });
  await openApp(page, triage);
  const rows = (
    await triage.bridge.app.handlers['threads.list']({
      accountId: triage.accountId,
      view: 'inbox',
      offset: 0,
      limit: 40,
    })
  ).rows;
  const quiet = rows[30]!;
  triage.sandbox.admin.addMessage(quiet.id, {
    direction: 'inbound',
    bodyHtml: '<p>Actually, yes: can we talk on Monday?</p>',
  });
  // No sync is asked for: the app notices on its own.
  await expect(page.getByRole('option').first()).toHaveAttribute('data-thread-id', quiet.id, {
    timeout: 30_000,
  });
  await expect(page.getByRole('option').first()).toContainText('Actually, yes');
  const notes = () =>
    page.evaluate(
      () => (window as unknown as { __notifications: { title: string; body: string }[] }).__notifications,
    );
  await expect.poll(async () => (await notes()).length).toBe(1);
  const [note] = await notes();
  expect(note!.title).toBe(`New reply from ${quiet.prospectName}`);
  expect(note!.body).toContain('Actually, yes');
  await expect(page).toHaveTitle(/^\(\d+\) Outreach Triage$/);
});

test.describe('first sync of a new account', () => {
  let service: Sandbox;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    // The service's default rate limit (50 requests/s): messages of 3,000 threads take a minute.
    service = await startSandbox({ port: 0, threads: 3000, leads: 200, campaigns: 6, seed: 31 });
  });
  test.afterAll(async () => {
    await service?.close();
  });

  test('rows appear with a progress line; a thread opened mid-sync shows its messages within 1 s', async ({
    page,
    triage,
  }) => {
    test.setTimeout(150_000);
    const account = await triage.bridge.app.handlers['accounts.add']({
      label: 'Second workspace',
      baseUrl: service.url,
      apiKey: service.apiKey,
    });
    await page.addInitScript((id) => localStorage.setItem('triage.lastAccount', id), account.id);
    await page.goto(triage.bridge.url);
    const list = page.getByRole('listbox', { name: /threads/ });
    await expect(page.getByRole('option').first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('first-sync-progress')).toBeVisible();
    await expect(list).not.toContainText('Nothing here');

    // The oldest thread: its messages come last in the background order.
    await expect
      .poll(
        async () =>
          (
            await triage.bridge.app.handlers['threads.list']({
              accountId: account.id,
              view: 'all',
              offset: 0,
              limit: 1,
            })
          ).total,
      )
      .toBe(3000);
    const oldest = (
      await triage.bridge.app.handlers['threads.list']({
        accountId: account.id,
        view: 'all',
        offset: 2999,
        limit: 1,
      })
    ).rows[0]!;
    expect(oldest.messageCount).toBe(0);
    await page.getByRole('button', { name: 'All threads' }).click();
    await expect(page.locator('.total')).toHaveText('3,000');
    await list.evaluate((el) => (el.scrollTop = el.scrollHeight));
    const row = page.locator(`[data-thread-id="${oldest.id}"]`);
    await expect(row).toBeVisible();
    await expect(row).toContainText('Messages on their way');
    await row.click();
    await expect(page.locator('article.thread li.message').first()).toBeVisible({ timeout: 1_000 });
    await expect(page.getByTestId('first-sync-progress')).toBeVisible();
    await triage.bridge.app.handlers['accounts.remove']({ accountId: account.id });
  });

  test('rows scrolled into view mid-sync get their previews before the rest of the queue', async ({
    page,
    triage,
  }) => {
    test.setTimeout(150_000);
    const account = await triage.bridge.app.handlers['accounts.add']({
      label: 'Third workspace',
      baseUrl: service.url,
      apiKey: service.apiKey,
    });
    const all = (offset: number, limit: number) =>
      triage.bridge.app.handlers['threads.list']({ accountId: account.id, view: 'all', offset, limit });
    await page.addInitScript((id) => localStorage.setItem('triage.lastAccount', id), account.id);
    await page.goto(triage.bridge.url);
    await expect(page.getByRole('option').first()).toBeVisible({ timeout: 30_000 });
    await expect.poll(async () => (await all(0, 1)).total).toBe(3000);
    await page.getByRole('button', { name: 'All threads' }).click();
    await expect(page.locator('.total')).toHaveText('3,000');

    // Four fifths down: rows the newest-first pass would reach after about 2,400 others.
    const list = page.getByRole('listbox', { name: /threads/ });
    await list.evaluate((el) => (el.scrollTop = Math.round(el.scrollHeight * 0.8)));
    const onScreen = () =>
      list.evaluate((el) => {
        const box = el.getBoundingClientRect();
        return [...el.querySelectorAll<HTMLElement>('[role="option"]')]
          .filter((r) => {
            const b = r.getBoundingClientRect();
            return b.bottom > box.top && b.top < box.bottom;
          })
          .map((r) => ({
            position: Number(r.getAttribute('aria-posinset')),
            waiting: (r.textContent ?? '').includes('Messages on their way'),
          }));
      });
    await expect
      .poll(
        async () => {
          const rows = await onScreen();
          return rows.length > 5 && rows.every((r) => r.position > 2000 && !r.waiting);
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    // The pass itself is nowhere near them: the oldest threads still wait for their messages.
    const tail = await all(2990, 10);
    expect(tail.rows.map((r) => r.messageCount)).toEqual(new Array(10).fill(0));
    await expect(page.getByTestId('first-sync-progress')).toBeVisible();
    await triage.bridge.app.handlers['accounts.remove']({ accountId: account.id });
  });
});

test('screenshots at 1400x860 in both themes, compact density, 1024x700 and 1920x1080', async ({
  page,
  triage,
}) => {
  for (const theme of ['light', 'dark'] as const) {
    await page.setViewportSize({ width: 1400, height: 860 });
    await openApp(page, triage, theme);
    await page.keyboard.press('Enter');
    await paneShows(page, await cursorThreadId(page));
    await expect.poll(() => latestInView(page)).toBe(true);
    await shot(page, `reading-${theme}-1400x860`);
  }
  await page.setViewportSize({ width: 1024, height: 700 });
  await shot(page, 'reading-dark-1024x700');
  await page.setViewportSize({ width: 1920, height: 1080 });
  await shot(page, 'reading-dark-1920x1080');

  // Compact rows: at least 18 threads on screen at 1400x860.
  await page.setViewportSize({ width: 1400, height: 860 });
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('radio', { name: /Compact/ }).check();
  await shot(page, 'settings-dark');
  await page.getByRole('button', { name: 'Inbox' }).click();
  const list = page.getByRole('listbox', { name: /threads/ });
  await expect(page.getByRole('option').first()).toBeVisible();
  const visible = await list.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return [...el.querySelectorAll<HTMLElement>('[role="option"]')].filter((r) => {
      const b = r.getBoundingClientRect();
      return b.top >= box.top - 1 && b.bottom <= box.bottom + 1;
    }).length;
  });
  expect(visible).toBeGreaterThanOrEqual(18);
  await shot(page, 'reading-dark-compact-1400x860');
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('radio', { name: /Comfortable/ }).check();
});
