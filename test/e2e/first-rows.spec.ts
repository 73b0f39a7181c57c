// A window that remembers no account: it asks for the accounts and the first account's rows in
// one call (accounts.start), sent before the window's parts are made, and draws those rows. What
// happens while that answer is on its way (a thread changed, an account added or removed) still
// shows once it has come.
import type { Page } from '@playwright/test';
import { test, expect, inboxRows } from './fixtures/triage';

/** Records every call the page makes (over fetch and over the call socket): its channel, its
 *  offset, whether the window was built and whether a row was drawn when it left. */
async function recordCalls(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const asked: { channel: string; offset?: number; built: boolean; rows: boolean }[] = [];
    const seen: string[] = [];
    Object.assign(window, { asked, seen });
    const note = (text: string): void => {
      const m = /"(accounts\.[a-zA-Z]+|threads\.list|settings\.get)"/.exec(text);
      if (!m) return;
      const offset = /"offset":(\d+)/.exec(text);
      asked.push({
        channel: m[1]!,
        ...(offset ? { offset: Number(offset[1]) } : {}),
        built: (document.getElementById('app')?.childElementCount ?? 0) > 0,
        rows: document.querySelector('[role="option"][data-thread-id]') !== null,
      });
    };
    const send = window.fetch.bind(window);
    window.fetch = (input, init) => {
      if (String(input).endsWith('/rpc') && typeof init?.body === 'string') note(init.body);
      return send(input, init);
    };
    const socketSend = WebSocket.prototype.send;
    WebSocket.prototype.send = function (this: WebSocket, data) {
      if (typeof data === 'string') note(data);
      return socketSend.call(this, data);
    };
    // The events the page hears, by name (data.changed and its scopes).
    const Source = window.EventSource;
    window.EventSource = class extends Source {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        this.addEventListener('message', (e) => seen.push(String((e as MessageEvent<string>).data)));
      }
    };
  });
}

type Asked = { channel: string; offset?: number; built: boolean; rows: boolean }[];
const asked = (page: Page): Promise<Asked> =>
  page.evaluate(() => (window as unknown as { asked: Asked }).asked);
const heard = (page: Page, text: string): Promise<boolean> =>
  page.evaluate((t) => (window as unknown as { seen: string[] }).seen.some((s) => s.includes(t)), text);

/** Lets accounts.start reach the core and be answered, then holds its answer until released;
 *  `read()` says whether the core has answered it. */
async function holdStartAnswer(page: Page): Promise<{ read: () => boolean; release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let read = false;
  await page.route('**/rpc', async (route) => {
    if (!(route.request().postData() ?? '').includes('"accounts.start"')) return route.continue();
    const response = await route.fetch();
    read = true;
    await released;
    await route.fulfill({ response });
  });
  return { read: () => read, release };
}

/** Holds the page's event stream on its way to the bridge until released: the bridge has not
 *  begun to stream to the page when a change is made (a browser opens the stream beside the first
 *  call, and under load it reaches the bridge after the core has answered that call). */
async function holdStream(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/events?*', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Opens the window with its calls recorded, accounts.start's answer held once the core has read
 *  it and the page's event stream held before the bridge: the moment the tests below change
 *  something in. `release` lets the stream through, then (once the page heard `heardText`) the
 *  answer. */
async function openHeld(page: Page, url: string): Promise<{ release: (heardText: string) => Promise<void> }> {
  await recordCalls(page);
  const held = await holdStartAnswer(page);
  const releaseStream = await holdStream(page);
  await page.goto(url);
  await expect.poll(held.read).toBe(true);
  return {
    release: async (heardText) => {
      releaseStream();
      // What changed before the stream reached the bridge is heard all the same.
      await expect.poll(() => heard(page, heardText)).toBe(true);
      held.release();
    },
  };
}

const list = (page: Page) => page.getByRole('listbox', { name: /threads/ });
const rowIds = (page: Page) =>
  list(page)
    .locator('[role="option"][data-thread-id]')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-thread-id')));

test("the accounts and the first account's rows come in one call, asked before the window is built", async ({
  page,
  triage,
}) => {
  await recordCalls(page);
  await page.goto(triage.bridge.url);
  await expect(list(page).getByRole('option').first()).toBeVisible({ timeout: 30_000 });
  const calls = await asked(page);
  expect(calls.find((c) => c.channel === 'accounts.start')).toMatchObject({ built: false, rows: false });
  // Nothing else was needed for the first rows: no list of accounts, no first window asked again.
  const beforeRows = calls.filter((c) => !c.rows);
  expect(beforeRows.filter((c) => c.channel === 'accounts.list')).toEqual([]);
  expect(beforeRows.filter((c) => c.channel === 'threads.list' && c.offset === 0)).toEqual([]);
  const inbox = await inboxRows(triage, 20);
  await expect.poll(async () => (await rowIds(page)).slice(0, 20)).toEqual(inbox.map((r) => r.id));
  await expect(page.getByRole('button', { name: /^Account Demo/ })).toBeVisible();
});

test('a thread changed while the first answer was on its way: the list shows the change', async ({
  page,
  triage,
}) => {
  const [top] = await inboxRows(triage, 1);
  const held = await openHeld(page, triage.bridge.url);
  // The answer holds the thread in the Inbox; then it leaves it (snoozed: a local change, one
  // event and no other after it) before the page's event stream reaches the bridge, and the page
  // hears so first.
  await triage.bridge.app.handlers['threads.snooze']({
    accountId: triage.accountId,
    threadIds: [top!.id],
    until: new Date(Date.now() + 86_400_000).toISOString(),
  });
  await held.release(top!.id);
  await expect(list(page).getByRole('option').first()).toBeVisible({ timeout: 30_000 });
  await expect(list(page).locator(`[data-thread-id="${top!.id}"]`)).toHaveCount(0);
  expect(await inboxRows(triage, 1)).not.toContainEqual(expect.objectContaining({ id: top!.id }));
});

test('an account added while the first answer was on its way shows beside the first', async ({
  page,
  triage,
}) => {
  const held = await openHeld(page, triage.bridge.url);
  const added = await triage.bridge.app.handlers['accounts.add']({
    label: 'Second',
    baseUrl: triage.sandbox.url,
    apiKey: triage.sandbox.apiKey,
    workspaceId: triage.sandbox.teams[1]!.id,
  });
  try {
    await held.release('"accounts"');
    await expect(list(page).getByRole('option').first()).toBeVisible({ timeout: 30_000 });
    const inboxes = page.getByRole('list', { name: 'Inboxes' });
    await expect(inboxes.getByRole('button', { name: /All inboxes/ })).toBeVisible();
    await expect(inboxes.getByRole('button', { name: added.workspaceName! })).toBeVisible();
  } finally {
    await triage.bridge.app.handlers['accounts.remove']({ accountId: added.id });
  }
});

// Last in this file: it removes the file's account.
test('the account removed while the first answer was on its way: the window opens on Accounts', async ({
  page,
  triage,
}) => {
  const held = await openHeld(page, triage.bridge.url);
  await triage.bridge.app.handlers['accounts.remove']({ accountId: triage.accountId });
  await held.release('"accounts"');
  await expect(page.getByRole('heading', { name: 'Accounts', level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('option')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Account Demo/ })).toHaveCount(0);
});
