// All inboxes against two services (two keys) and three workspaces: the merged list holds every
// open thread of each workspace (its count equals the services'), each row marked with its
// workspace; a verdict, its undo, a snooze and a reply given there reach only the thread's own
// service and workspace; `w` narrows the list to one workspace and says so; a refusal in one
// workspace is said while another is shown; with one service offline the others keep pushing,
// and the offline one's change waits and then goes once.
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { Account } from '../../electron/shared/contract';
import { startSandbox, type Sandbox } from '../../electron/sandbox/index';
import { expect, shot, testWith, type Triage, SCREEN_SIZES } from './fixtures/triage';

interface Extra {
  two: Sandbox;
  client: Account;
  own: Account;
}
const extras = new WeakMap<Triage, Extra>();

const test = testWith(async (triage) => {
  const two = await startSandbox({
    threads: 120,
    leads: 200,
    campaigns: 4,
    seed: 9,
    port: 0,
    apiKey: `live_${randomBytes(20).toString('hex')}`,
  });
  const h = triage.bridge.app.handlers;
  const client = await h['accounts.addWorkspace']({
    accountId: triage.accountId,
    workspaceId: triage.sandbox.teams[1]!.id,
  });
  const own = await h['accounts.add']({ label: 'Own', baseUrl: two.url, apiKey: two.apiKey });
  await Promise.all([h['sync.now']({ accountId: client.id }), h['sync.now']({ accountId: own.id })]);
  extras.set(triage, { two, client, own });
  const close = triage.close.bind(triage);
  triage.close = async () => {
    await close();
    await two.close();
  };
});

const extra = (t: Triage): Extra => extras.get(t)!;

/** A workspace's open threads as its service counts them. */
async function serviceOpen(sb: Sandbox, team?: string): Promise<number> {
  const res = await fetch(`${sb.url}/inbox?status=open&limit=1`, {
    headers: { 'x-api-key': sb.apiKey, ...(team ? { 'x-workspace': team } : {}) },
  });
  return ((await res.json()) as { pagination: { total: number } }).pagination.total;
}

async function serviceThread(sb: Sandbox, id: string, team?: string) {
  const res = await fetch(`${sb.url}/inbox/${id}`, {
    headers: { 'x-api-key': sb.apiKey, ...(team ? { 'x-workspace': team } : {}) },
  });
  return res.ok ? ((await res.json()) as { status: string }) : null;
}

async function openAllInboxes(page: Page, triage: Triage, theme: 'light' | 'dark' = 'light') {
  await page.emulateMedia({ colorScheme: theme });
  await page.goto(triage.bridge.url);
  await expect(page.getByRole('option').first()).toBeVisible({ timeout: 30_000 });
  await page.keyboard.press('g');
  await page.keyboard.press('u');
  await expect(page.getByRole('heading', { name: 'All inboxes', level: 1 })).toBeVisible();
  await expect(page.getByRole('listbox', { name: /All inboxes threads/ })).toBeFocused();
}

/** Puts the cursor on the first row of this account (by the core's own order) and answers its id. */
async function cursorOnto(page: Page, triage: Triage, accountId: string): Promise<string> {
  const w = await triage.bridge.app.handlers['unified.list']({ view: 'inbox', offset: 0, limit: 60 });
  const at = w.rows.findIndex((r) => r.accountId === accountId);
  expect(at).toBeGreaterThanOrEqual(0);
  const id = w.rows[at]!.id;
  await page.locator(`[id="row-${accountId}:${id}"]`).click();
  await expect(page.getByRole('listbox', { name: /threads/ })).toHaveAttribute(
    'aria-activedescendant',
    `row-${accountId}:${id}`,
  );
  return id;
}

const total = (page: Page) => page.locator('.list-head .total');

test('All inboxes holds every open thread of each workspace, each row marked with its workspace', async ({
  page,
  triage,
}) => {
  const { two } = extra(triage);
  const [a, b, c] = await Promise.all([
    serviceOpen(triage.sandbox, triage.sandbox.teams[0]!.id),
    serviceOpen(triage.sandbox, triage.sandbox.teams[1]!.id),
    serviceOpen(two),
  ]);
  for (const theme of ['light', 'dark'] as const) {
    for (const [width, height] of SCREEN_SIZES) {
      await page.setViewportSize({ width, height });
      await openAllInboxes(page, triage, theme);
      await expect(total(page)).toHaveText((a + b + c).toLocaleString('en-US'));
      await shot(page, `unibox-${width}x${height}-${theme}`);
    }
  }
  const names = await page.locator('[role="option"] .ws-name').allTextContents();
  expect(new Set(names).size).toBe(3);
  // The title (the dock badge) counts the unread threads of every account: new replies arrive in
  // a workspace that is not the one the app shows alone.
  const { client } = extra(triage);
  triage.sandbox.admin.arriveReplies(2, triage.sandbox.teams[1]!.id);
  await triage.bridge.app.handlers['sync.now']({ accountId: client.id });
  const unread = (await triage.bridge.app.handlers['unified.counts']({})).unread;
  expect(unread).toBeGreaterThan(0);
  await expect(page).toHaveTitle(`(${unread.toLocaleString('en-US')}) Outreach Triage`);
  const sidebar = page.getByRole('navigation', { name: 'Folders' });
  await expect(sidebar.getByRole('button', { name: /^All inboxes \d/ })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(sidebar.getByRole('button', { name: new RegExp(`^Own ${c}$`) })).toBeVisible();
});

test('w narrows All inboxes to one workspace and says so; × shows every one again', async ({
  page,
  triage,
}) => {
  const first = triage.sandbox.teams[0]!;
  await openAllInboxes(page, triage);
  // Read once the first window has come (the count is empty until then).
  await expect(total(page)).toHaveText(/^[\d,]+$/);
  const all = await total(page).textContent();
  await page.keyboard.press('w');
  const chip = page.locator('.list-head .only');
  await expect(chip).toHaveText(/1 of 3/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.name);
  await expect(total(page)).toHaveText((await serviceOpen(triage.sandbox, first.id)).toLocaleString('en-US'));
  // Every row is of that workspace; the heading names it, so the rows no longer repeat it.
  const ids = await page.locator('[role="option"]').evaluateAll((els) => els.map((e) => e.id));
  expect(ids.length).toBeGreaterThan(0);
  expect(ids.every((id) => id.startsWith(`row-${triage.accountId}:`))).toBe(true);
  await expect(page.locator('[role="option"] .ws-name')).toHaveCount(0);
  await shot(page, 'unibox-narrowed-1400x860-light');
  await chip.getByRole('button', { name: 'Show every workspace again' }).click();
  await expect(chip).toHaveCount(0);
  await expect(total(page)).toHaveText(all!);
});

test('a verdict and its undo from All inboxes reach only the thread’s own service and workspace', async ({
  page,
  triage,
}) => {
  const { two, own } = extra(triage);
  await openAllInboxes(page, triage);
  const id = await cursorOnto(page, triage, own.id);
  await page.keyboard.press('1');
  await expect
    .poll(async () => (await serviceThread(two, id))?.status, { timeout: 30_000 })
    .toBe('interested');
  // Not in either workspace of the other service.
  for (const team of triage.sandbox.teams)
    expect(await serviceThread(triage.sandbox, id, team.id)).toBeNull();
  await page.keyboard.press('z');
  await expect.poll(async () => (await serviceThread(two, id))?.status, { timeout: 30_000 }).toBe('open');
});

test('a reply and a snooze from All inboxes go by the thread’s own account', async ({ page, triage }) => {
  const { client } = extra(triage);
  const team = triage.sandbox.teams[1]!.id;
  await openAllInboxes(page, triage);
  const id = await cursorOnto(page, triage, client.id);
  await page.keyboard.press('Enter');
  await expect(page.locator('article.thread')).toHaveAttribute('data-thread-id', `${client.id}:${id}`);
  await page.keyboard.press('r');
  // The reply goes out from that workspace's own mailbox, and says so.
  const h = triage.bridge.app.handlers;
  const thread = (await h['threads.get']({ accountId: client.id, threadId: id }))!.thread;
  const mailbox = (await h['emailAccounts.list']({ accountId: client.id })).find(
    (e) => e.id === thread.emailAccountId,
  )!;
  await expect(page.getByTestId('reply-from')).toContainText(mailbox.email);
  await shot(page, 'unibox-reply-1400x860-light');
  const words = `Thursday at ten suits us ${randomBytes(3).toString('hex')}`;
  await page.keyboard.type(words);
  await page.keyboard.press('Control+Enter');
  await expect
    .poll(
      async () => {
        const res = await fetch(`${triage.sandbox.url}/inbox/${id}/messages?limit=100`, {
          headers: { 'x-api-key': triage.sandbox.apiKey, 'x-workspace': team },
        });
        const body = (await res.json()) as { data: { bodyHtml: string }[] };
        return body.data.filter((m) => m.bodyHtml.includes(words)).length;
      },
      { timeout: 60_000 },
    )
    .toBe(1);
  // Snoozed from All inboxes: it leaves the list, kept by its own account.
  await page.keyboard.press('Escape');
  const before = Number((await total(page).textContent())!.replace(/\D/g, ''));
  const snoozed = await cursorOnto(page, triage, client.id);
  await page.keyboard.press('s');
  await page.getByRole('dialog').getByRole('button').first().click();
  await expect(total(page)).toHaveText((before - 1).toLocaleString('en-US'));
  const kept = await triage.bridge.app.handlers['threads.list']({
    accountId: client.id,
    view: 'snoozed',
    offset: 0,
    limit: 50,
  });
  expect(kept.rows.map((r) => r.id)).toContain(snoozed);
});

test('a refusal in one workspace is said while another is shown, naming its workspace', async ({
  page,
  triage,
}) => {
  const { two, own } = extra(triage);
  await openAllInboxes(page, triage);
  await cursorOnto(page, triage, own.id);
  two.setFaults('400:1');
  try {
    await page.keyboard.press('3');
    const toast = page.locator('.notices .notice.error').filter({ hasText: /^Own: Not done:/ });
    await expect(toast).toBeVisible({ timeout: 30_000 });
    // Narrowed to another workspace, the failure is still counted and named.
    await page.keyboard.press('w');
    await expect(page.locator('.list-head .only')).toHaveText(/1 of 3/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(triage.sandbox.teams[0]!.name);
    const status = page.getByRole('status', { name: 'Sync status' });
    await expect(status).toContainText('1 failed');
    await expect(status).toContainText('Own');
  } finally {
    two.setFaults(null);
  }
  // The Outbox lists it under its workspace; Shift+R sends it again, to its own service.
  await page.keyboard.press('g');
  await page.keyboard.press('o');
  await expect(page.locator('main')).toContainText('Own');
  await page.keyboard.press('Shift+R');
  await expect(page.getByRole('status', { name: 'Sync status' })).toContainText('0 failed', {
    timeout: 30_000,
  });
});

test('with one service offline the others keep pushing; its change waits, then goes once', async ({
  page,
  triage,
}) => {
  const { two, own, client } = extra(triage);
  const statusPuts = () => two.stats().byRoute['PUT /inbox/:chatThreadId/status'] ?? 0;
  await openAllInboxes(page, triage);
  const putsBefore = statusPuts();
  await two.suspend();
  try {
    const away = await cursorOnto(page, triage, own.id);
    await page.keyboard.press('2');
    const here = await cursorOnto(page, triage, client.id);
    await page.keyboard.press('2');
    await expect
      .poll(async () => (await serviceThread(triage.sandbox, here, triage.sandbox.teams[1]!.id))?.status, {
        timeout: 30_000,
      })
      .toBe('meeting_booked');
    const state = await triage.bridge.app.handlers['sync.state']({ accountId: own.id });
    expect(state.pendingChanges).toBeGreaterThan(0);
    // The window says which workspace cannot be reached, while the others say nothing is wrong.
    const status = page.getByRole('status', { name: 'Sync status' });
    await expect(status).toContainText('Unreachable: Own');
    await two.resume();
    await expect
      .poll(async () => (await serviceThread(two, away))?.status, { timeout: 60_000 })
      .toBe('meeting_booked');
    // Sent once, when the service came back.
    expect(statusPuts() - putsBefore).toBe(1);
    await expect(status).not.toContainText('Unreachable');
  } finally {
    await two.resume().catch(() => undefined);
  }
});
