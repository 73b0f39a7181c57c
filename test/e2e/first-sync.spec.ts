// An account's first sync, in Chromium through the bridge: a thread opened while the sync runs is
// readable at once, and rows scrolled into view then get their messages ahead of the rest.
import { startSandbox, type Sandbox } from '../../electron/sandbox/index';
import { test, expect, rememberAccount } from './fixtures/triage';

// The file's app takes the new accounts; the large service they sync from is this file's own.
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
    await rememberAccount(page, account.id);
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
    await rememberAccount(page, account.id);
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
