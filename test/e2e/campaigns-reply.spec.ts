// Renaming a campaign in place, and replying online and offline, keyboard only, through the
// browser bridge; the sandbox service says what really happened.
import type { Page } from '@playwright/test';
import { test, expect, openApp, cursorThreadId, sendReply } from './fixtures/triage';

interface ServiceCampaign {
  _id: string;
  name: string;
}

test('rename a campaign with F2: empty is refused, Enter saves, Esc cancels', async ({ page, triage }) => {
  await openApp(page, triage);
  await page.keyboard.press('g');
  await page.keyboard.press('c');
  await expect(page.getByRole('heading', { name: 'Campaigns', level: 1 })).toBeVisible();
  const first = page.locator('[data-campaign-row]').first();
  await expect(first).toBeFocused();
  const id = (await first.getAttribute('data-campaign-id'))!;
  await page.keyboard.press('j');
  await page.keyboard.press('k');
  await expect(first).toBeFocused();

  await page.keyboard.press('F2');
  const field = page.getByRole('textbox', { name: 'Campaign name' });
  await expect(field).toBeFocused();
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'A campaign needs a name.' })).toBeVisible();
  await expect(field).toBeFocused();

  await page.keyboard.type('Q3 Enterprise Push');
  await page.keyboard.press('Enter');
  await expect(field).toHaveCount(0);
  await expect(first.getByRole('heading')).toHaveText('Q3 Enterprise Push');
  await expect
    .poll(async () => (await triage.service<ServiceCampaign>(`/campaigns/${id}`)).name, { timeout: 30_000 })
    .toBe('Q3 Enterprise Push');

  // Esc leaves the name as it was.
  await expect(first).toBeFocused();
  await page.keyboard.press('F2');
  await page.keyboard.type('Not this one');
  await page.keyboard.press('Escape');
  await expect(field).toHaveCount(0);
  await expect(first.getByRole('heading')).toHaveText('Q3 Enterprise Push');
  // The sidebar shows the new name too.
  await expect(page.getByRole('navigation', { name: 'Folders' })).toContainText('Q3 Enterprise Push');
});

// These replies go to the outbox at once (no undo-send window: replying.spec.ts tests that).
const noUndoWindow = (page: Page) =>
  page.addInitScript(() => localStorage.setItem('triage.undoSendSeconds', '0'));

test('reply online: r, type, Ctrl+Enter sends once through the outbox', async ({ page, triage }) => {
  const sandbox = triage.sandbox;
  await noUndoWindow(page);
  await openApp(page, triage);
  await page.keyboard.press('Enter');
  const threadId = await cursorThreadId(page);
  // The pane has the thread (its keys act on the open thread, not on the list's cursor).
  await expect(page.getByRole('article')).toHaveAttribute('aria-label', /^Thread with /);

  // a: the AI suggestion lands in the reply box.
  await page.keyboard.press('a');
  const box = page.getByRole('textbox', { name: 'Reply text' });
  await expect(box).toBeFocused();
  await expect.poll(async () => (await box.inputValue()).trim().length).toBeGreaterThan(20);
  // The answer is in (the button says "Asking…" until then), so it cannot land on what is typed next.
  await expect(page.getByRole('button', { name: 'AI suggestion' })).toBeEnabled();

  await page.keyboard.press('Control+a');
  await page.keyboard.type('Thanks <b>Ana</b> & team!\n\nTuesday works for me.');
  await sendReply(page);
  await expect(box).toHaveCount(0);
  const mine = page.locator('li[data-direction="outbound"]').last();
  await expect(mine).toContainText('Sent by you');
  await expect(mine.frameLocator('iframe').locator('body')).toContainText('Thanks <b>Ana</b> & team!');
  await expect
    .poll(() => sandbox.stats().replies.filter((r) => r.threadId === threadId).length, { timeout: 30_000 })
    .toBe(1);
  const sent = sandbox.stats().replies.find((r) => r.threadId === threadId)!;
  // Sent as escaped HTML: the text's tags are text, paragraphs are paragraphs.
  expect(sent.bodyHtml).toBe('<p>Thanks &lt;b&gt;Ana&lt;/b&gt; &amp; team!</p><p>Tuesday works for me.</p>');
  await expect(mine).not.toHaveAttribute('data-delivery', /queued|sending/, { timeout: 30_000 });
});

test('reply offline: queued while the service is down, sent exactly once when it is back', async ({
  page,
  triage,
}) => {
  const sandbox = triage.sandbox;
  await noUndoWindow(page);
  await openApp(page, triage);
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await page.keyboard.press('Enter');
  const threadId = await cursorThreadId(page);
  await expect(page.getByRole('article')).toHaveAttribute('aria-label', /^Thread with /);
  const status = page.getByRole('status', { name: 'Sync status' });

  await sandbox.suspend();
  try {
    // The AI suggestion needs the service: a clear message, nothing breaks.
    await page.keyboard.press('a');
    await expect(page.getByRole('alert').filter({ hasText: /AI suggestion/ })).toBeVisible({
      timeout: 30_000,
    });

    await page.keyboard.press('Control+a');
    await page.keyboard.type('Sent while offline.');
    await sendReply(page);
    const mine = page.locator('li[data-direction="outbound"]').last();
    await expect(mine.frameLocator('iframe').locator('body')).toContainText('Sent while offline.');
    await expect(mine).toHaveAttribute('data-delivery', /queued|sending|failed/);
    await expect(status).toContainText('Offline', { timeout: 30_000 });
    await expect(status).toContainText('1 pending');
    // Reading and triage still work offline.
    await page.keyboard.press('u');
    await page.keyboard.press('k');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('article')).toBeVisible();
  } finally {
    await sandbox.resume();
  }
  await triage.bridge.app.handlers['sync.now']({ accountId: triage.accountId });
  await expect
    .poll(() => sandbox.stats().replies.filter((r) => r.threadId === threadId).length, { timeout: 30_000 })
    .toBe(1);
  await expect(status).toContainText('Online', { timeout: 30_000 });
  await expect(status).toContainText('0 pending', { timeout: 30_000 });
  // Another sync does not send it again.
  await triage.bridge.app.handlers['sync.now']({ accountId: triage.accountId });
  expect(sandbox.stats().replies.filter((r) => r.threadId === threadId)).toHaveLength(1);
  expect(sandbox.stats().replies.find((r) => r.threadId === threadId)!.bodyHtml).toBe(
    '<p>Sent while offline.</p>',
  );
});
