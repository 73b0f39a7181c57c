// All inboxes where it meets the rest: a bulk verdict or accept across workspaces where one
// workspace's part fails keeps, says and undoes the part that went through, and says the failed
// part with its workspace and reason (a real refusal of the core: the call for that workspace is
// sent, in flight, for an account the core does not hold); the Outbox lists every workspace's
// waiting and sent changes, each named.
import type { Page } from '@playwright/test';
import type { Account } from '../../electron/shared/contract';
import { expect, testWith, type Triage } from './fixtures/triage';

const clients = new WeakMap<Triage, Account>();

const test = testWith(async (triage) => {
  const h = triage.bridge.app.handlers;
  const client = await h['accounts.addWorkspace']({
    accountId: triage.accountId,
    workspaceId: triage.sandbox.teams[1]!.id,
  });
  await h['sync.now']({ accountId: client.id });
  clients.set(triage, client);
});

/** The calls of `channel` for this account are sent, in flight, for an account the core lacks. */
async function failCallsOf(page: Page, channel: string, accountId: string): Promise<void> {
  await page.routeWebSocket(/\/socket/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((m) => {
      const text = String(m);
      server.send(
        text.includes(`"${channel}"`)
          ? text.replaceAll(`"accountId":"${accountId}"`, '"accountId":"gone-account"')
          : text,
      );
    });
  });
}

async function serviceStatus(triage: Triage, id: string, team: string): Promise<string> {
  const res = await fetch(`${triage.sandbox.url}/inbox/${id}`, {
    headers: { 'x-api-key': triage.sandbox.apiKey, 'x-workspace': team },
  });
  return ((await res.json()) as { status: string }).status;
}

/** Moves the cursor down until it is on a row of this account; answers that row's thread id. */
async function downTo(page: Page, accountId: string): Promise<string> {
  const list = page.getByRole('listbox', { name: /threads/ });
  for (let i = 0; i < 60; i++) {
    const at = (await list.getAttribute('aria-activedescendant')) ?? '';
    if (at.startsWith(`row-${accountId}:`)) return at.slice(`row-${accountId}:`.length);
    await page.keyboard.press('j');
  }
  throw new Error(`no row of ${accountId} in the first 60`);
}

test('a bulk verdict that fails in one workspace keeps, says and undoes the other’s part', async ({
  page,
  triage,
}) => {
  const client = clients.get(triage)!;
  const [ownTeam, clientTeam] = [triage.sandbox.teams[0]!.id, triage.sandbox.teams[1]!.id];
  await failCallsOf(page, 'threads.setStatusMany', client.id);
  await failCallsOf(page, 'threads.setStatus', client.id);
  await page.goto(triage.bridge.url);
  await expect(page.getByRole('option').first()).toBeVisible({ timeout: 30_000 });
  await page.keyboard.press('g');
  await page.keyboard.press('u');
  const list = page.getByRole('listbox', { name: /All inboxes threads/ });
  await expect(list).toBeFocused();

  // Two threads of the rep's own workspace and one of the client's, selected by keys.
  const own1 = await downTo(page, triage.accountId);
  await page.keyboard.press('x');
  await page.keyboard.press('j');
  const own2 = await downTo(page, triage.accountId);
  await page.keyboard.press('x');
  await page.keyboard.press('Home');
  const theirs = await downTo(page, client.id);
  await page.keyboard.press('x');

  await page.keyboard.press('3');
  const toasts = page.locator('.notices .notice');
  // The failed part, with its workspace and the reason; its thread is back in the list.
  await expect(toasts.filter({ hasText: /could not be set/ })).toContainText(
    client.workspaceName ?? client.label,
  );
  await expect(page.locator(`[id="row-${client.id}:${theirs}"]`)).toBeVisible();
  // The part that went through stands on the service.
  await expect.poll(() => serviceStatus(triage, own1, ownTeam), { timeout: 30_000 }).toBe('not_interested');
  await expect.poll(() => serviceStatus(triage, own2, ownTeam), { timeout: 30_000 }).toBe('not_interested');
  expect(await serviceStatus(triage, theirs, clientTeam)).toBe('open');

  // z undoes that part, and says how many.
  await page.keyboard.press('z');
  await expect(toasts.filter({ hasText: /^Undone: Not interested for 2 threads/ })).toHaveCount(1);
  await expect.poll(() => serviceStatus(triage, own1, ownTeam), { timeout: 30_000 }).toBe('open');
  await expect.poll(() => serviceStatus(triage, own2, ownTeam), { timeout: 30_000 }).toBe('open');
});

test('Shift+Y that fails in one workspace keeps, says and undoes the other’s accepts', async ({
  page,
  triage,
}) => {
  const client = clients.get(triage)!;
  const ownTeam = triage.sandbox.teams[0]!.id;
  await failCallsOf(page, 'threads.acceptSuggestedGroup', client.id);
  await page.goto(triage.bridge.url);
  await expect(page.getByRole('option').first()).toBeVisible({ timeout: 30_000 });
  await page.keyboard.press('g');
  await page.keyboard.press('u');
  const list = page.getByRole('listbox', { name: /All inboxes threads/ });
  await expect(list).toBeFocused();
  await page.keyboard.press('g');
  await page.keyboard.press('y');
  await expect(list).toHaveAttribute('aria-label', /^Suggested: /);
  // The folder's rows as drawn, once both workspaces' are in.
  const drawn = async () =>
    (await list.getByRole('option').evaluateAll((els) => els.map((e) => e.id))).map((id) =>
      id.replace(/^row-/, ''),
    );
  const mine = (ids: string[], accountId: string) => ids.filter((id) => id.startsWith(`${accountId}:`));
  await expect
    .poll(async () => {
      const ids = await drawn();
      return mine(ids, triage.accountId).length > 0 && mine(ids, client.id).length > 0;
    })
    .toBe(true);
  const rowIds = await drawn();
  const own = mine(rowIds, triage.accountId).map((id) => id.split(':')[1]!);
  const theirs = mine(rowIds, client.id);
  const before = await Promise.all(own.map((id) => serviceStatus(triage, id, ownTeam)));

  await page.keyboard.press('Shift+Y');
  const toasts = page.locator('.notices .notice');
  await expect(toasts.filter({ hasText: /suggestions could not be accepted/ })).toContainText(
    client.workspaceName ?? client.label,
  );
  await expect(toasts.filter({ hasText: /^Accepted .* in the other workspaces/ })).toHaveCount(1);
  // The client's threads are back in the folder; the rep's own were accepted on the service.
  await expect(page.locator(`[id="row-${theirs[0]}"]`)).toBeVisible();
  await expect
    .poll(async () => (await serviceStatus(triage, own[0]!, ownTeam)) !== before[0], { timeout: 30_000 })
    .toBe(true);

  await page.keyboard.press('z');
  await expect(toasts.filter({ hasText: /^Undone: Accepted/ })).toHaveCount(1);
  await expect.poll(() => serviceStatus(triage, own[0]!, ownTeam), { timeout: 30_000 }).toBe(before[0]);
});

test('the Outbox in All inboxes lists every workspace’s waiting and sent changes, each named', async ({
  page,
  triage,
}) => {
  const client = clients.get(triage)!;
  const clientTeam = triage.sandbox.teams[1]!.id;
  await page.goto(triage.bridge.url);
  await expect(page.getByRole('option').first()).toBeVisible({ timeout: 30_000 });
  await page.keyboard.press('g');
  await page.keyboard.press('u');
  await expect(page.getByRole('listbox', { name: /All inboxes threads/ })).toBeFocused();
  // What the tests before changed has gone (their undos too): the Outbox starts empty.
  await expect(page.getByRole('status').filter({ hasText: /pending/ })).toContainText('0 pending', {
    timeout: 30_000,
  });
  await expect
    .poll(async () => {
      const h = triage.bridge.app.handlers;
      const lists = await Promise.all(
        [triage.accountId, client.id].map((accountId) => h['outbox.list']({ accountId })),
      );
      return lists.flat().length;
    })
    .toBe(0);
  // The service away: a verdict on a thread of the client's workspace waits.
  await triage.sandbox.suspend();
  try {
    const theirs = await downTo(page, client.id);
    await page.keyboard.press('2');
    await expect(page.locator('.notices .notice').filter({ hasText: 'Meeting booked.' })).toHaveCount(1);
    await page.keyboard.press('g');
    await page.keyboard.press('o');
    const outboxPage = page.getByRole('region', { name: 'Outbox' });
    const name = `Demo · ${client.workspaceName}`;
    await expect(outboxPage.getByRole('heading', { name: `In ${name}` })).toBeVisible();
    await expect(outboxPage.getByRole('row', { name: /Meeting booked/ })).toHaveCount(1);
    await expect(outboxPage.getByText(/has been sent|Nothing waits/)).toHaveCount(0);
    await triage.sandbox.resume();
    await expect
      .poll(() => serviceStatus(triage, theirs, clientTeam), { timeout: 60_000 })
      .toBe('meeting_booked');
    // Sent now: in the history, with its workspace.
    const sent = page.getByRole('region', { name: /Sent/ });
    await expect(sent.getByRole('row', { name: new RegExp(`^${name}: .*Meeting booked`) })).toHaveCount(1, {
      timeout: 30_000,
    });
    await expect(outboxPage.getByText('Nothing waits to be sent, in any workspace.')).toBeVisible();
  } finally {
    await triage.sandbox.resume().catch(() => undefined);
  }
});
