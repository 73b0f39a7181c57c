// A long list scrolled end to end: the page keeps only the rows near what is on screen, so rows
// scrolled far past are let go; scrolling back brings the same threads again, in their places,
// and the keys go on from there. End and Home reach the last and the first thread.
import type { Page } from '@playwright/test';
import { startSandbox, type Sandbox } from '../../electron/sandbox/index';
import { test, expect, paneShows, rememberAccount, type Triage } from './fixtures/triage';

const THREADS = 3000;

const ROW_H = 68;

/** Scrolls the list to `top` px and waits until the row at the new top is drawn and no row in
 *  view is still a placeholder. The list hears of a scroll on its next frame, so until that row
 *  is there the rows drawn are still the old place's. */
async function scrollTo(page: Page, top: number): Promise<void> {
  const firstInView = await page.evaluate(
    ([y, rowH]) => {
      const list = document.querySelector('.list[role="listbox"]')!;
      list.scrollTop = y;
      return Math.floor(list.scrollTop / rowH) + 1;
    },
    [top, ROW_H] as const,
  );
  await expect(page.locator(`.list [aria-posinset="${firstInView}"]`)).toBeAttached();
  await expect(page.locator('.list .row.placeholder')).toHaveCount(0);
  await expect(page.locator('.list [data-thread-id]').first()).toBeVisible();
}

/** The rows drawn, by position: id and the prospect's name as shown. */
async function drawn(page: Page): Promise<Map<number, { id: string; text: string }>> {
  const rows = await page
    .locator('.list [data-thread-id]')
    .evaluateAll((els) =>
      els.map((el) => [
        Number(el.getAttribute('aria-posinset')),
        el.getAttribute('data-thread-id')!,
        (el as HTMLElement).innerText,
      ]),
    );
  return new Map(rows.map(([pos, id, text]) => [pos as number, { id: id as string, text: text as string }]));
}

/** The long list's account, added and synced once per app (the tests of this file share one). */
const accounts = new WeakMap<Triage, Promise<{ id: string }>>();
function longListAccount(triage: Triage, service: Sandbox): Promise<{ id: string }> {
  let added = accounts.get(triage);
  if (!added) {
    added = (async () => {
      const account = await triage.bridge.app.handlers['accounts.add']({
        label: 'Long list',
        baseUrl: service.url,
        apiKey: service.apiKey,
      });
      await triage.bridge.app.handlers['sync.now']({ accountId: account.id });
      return account;
    })();
    accounts.set(triage, added);
  }
  return added;
}

/** The window opened on the long list's account, its list focused. */
async function openLongList(page: Page, triage: Triage, service: Sandbox) {
  const account = await longListAccount(triage, service);
  await rememberAccount(page, account.id);
  await page.goto(triage.bridge.url);
  const list = page.getByRole('listbox', { name: /threads/ });
  await expect(list).toBeFocused({ timeout: 30_000 });
  return { account, list };
}

test.describe('a long list', () => {
  let service: Sandbox;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    service = await startSandbox({
      port: 0,
      threads: THREADS,
      leads: 200,
      campaigns: 6,
      seed: 43,
      rateLimit: false,
    });
  });
  test.afterAll(async () => {
    await service?.close();
  });

  test('scrolled to the end and back, the top rows are the same threads again and j goes on from there', async ({
    page,
    triage,
  }) => {
    test.setTimeout(150_000);
    const { account, list } = await openLongList(page, triage, service);
    await page.keyboard.press('g');
    await page.keyboard.press('a');
    await expect(list).toHaveAttribute('aria-label', /All/);
    await expect(page.locator('.list-head .total')).toHaveText(/^3.?000$/);

    await scrollTo(page, 0);
    await expect(list.locator('[aria-posinset="1"]')).toBeVisible();
    const top = await drawn(page);
    expect(top.get(1)).toBeDefined();
    const core = await triage.bridge.app.handlers['threads.list']({
      accountId: account.id,
      view: 'all',
      offset: 0,
      limit: 20,
    });
    for (const [pos, row] of top) if (pos <= 20) expect(row.id).toBe(core.rows[pos - 1]!.id);

    // Down to the last thread, a window at a time, as a rep scrolling would.
    const height = await list.evaluate((el) => el.scrollHeight);
    for (let y = 0; y < height; y += 100 * ROW_H) await scrollTo(page, y);
    await scrollTo(page, height);
    const bottom = await drawn(page);
    expect(bottom.get(THREADS)).toBeDefined();
    const last = await triage.bridge.app.handlers['threads.list']({
      accountId: account.id,
      view: 'all',
      offset: THREADS - 1,
      limit: 1,
    });
    expect(bottom.get(THREADS)!.id).toBe(last.rows[0]!.id);

    // Back to the top: the same threads in view, drawn as they were.
    await scrollTo(page, 0);
    const inView = await list.evaluate((el, rowH) => Math.floor(el.clientHeight / rowH), ROW_H);
    expect(inView).toBeGreaterThan(5);
    await expect.poll(async () => (await drawn(page)).size).toBeGreaterThanOrEqual(inView);
    const again = await drawn(page);
    for (let pos = 1; pos <= inView; pos++) expect(again.get(pos)).toEqual(top.get(pos));

    // The keys go on from the top: j moves the cursor to the second thread.
    await page.keyboard.press('j');
    await expect(list).toHaveAttribute('aria-activedescendant', `row-${top.get(2)!.id}`);

    // With a thread open, End goes to the last thread, three thousand rows down, and opens it;
    // Home comes back to the first.
    await page.keyboard.press('Enter');
    await paneShows(page, top.get(2)!.id);
    await list.focus();
    await page.keyboard.press('End');
    await expect(list).toHaveAttribute('aria-activedescendant', `row-${last.rows[0]!.id}`);
    await paneShows(page, last.rows[0]!.id);
    await expect(list.locator(`[data-thread-id="${last.rows[0]!.id}"]`)).toBeInViewport();
    await page.keyboard.press('Home');
    await expect(list).toHaveAttribute('aria-activedescendant', `row-${top.get(1)!.id}`);
    await paneShows(page, top.get(1)!.id);
  });

  test('verdicts pressed in a row, then scrolling down: every thread still in the Inbox is at its place, none left out or shown twice', async ({
    page,
    triage,
  }) => {
    test.setTimeout(150_000);
    const { account, list } = await openLongList(page, triage, service);
    const inbox = () =>
      triage.bridge.app.handlers['threads.list']({
        accountId: account.id,
        view: 'inbox',
        offset: 0,
        limit: 400,
      });
    const before = await inbox();
    expect(before.total).toBeGreaterThan(300);

    // Ten verdicts as fast as the keys go, the first ones' calls still on their way; the first
    // ten threads leave the Inbox.
    for (let i = 0; i < 10; i++) await page.keyboard.press('e');
    await expect(list).toHaveAttribute('aria-activedescendant', `row-${before.rows[10]!.id}`);
    const total = page.locator('.list-head .total');
    await expect
      .poll(async () => (await total.innerText()).replace(/\D/g, ''))
      .toBe(String(before.total - 10));

    // Down through the first windows of rows, over the places the verdicts emptied at their ends.
    const after = await inbox();
    const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
    expect(ids(after.rows.slice(0, 390))).toEqual(ids(before.rows.slice(10)));
    for (const y of [0, 80, 180, 280].map((p) => p * ROW_H)) {
      await scrollTo(page, y);
      const rows = await drawn(page);
      const shown = [...rows.values()].map((r) => r.id);
      expect(new Set(shown).size).toBe(shown.length);
      for (const [pos, row] of rows) expect(row.id, `row ${pos}`).toBe(after.rows[pos - 1]!.id);
    }
  });
});
