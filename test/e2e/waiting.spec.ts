// What has waited and what is new, in Chromium through the bridge against the sandbox: rows and the
// pane say how long each prospect has waited, the Inbox sorts by waiting longest, and a reply
// added on the service is in the list and announced within 30 s.
import { test, expect, openApp, paneShows, inboxRows } from './fixtures/triage';

test('speed-to-lead: rows and the pane say how long a prospect waited; Inbox sorts by waiting longest', async ({
  page,
  triage,
}) => {
  const waiting = await inboxRows(triage, 5, 'waiting');
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
  await expect(first.locator('.waiting')).toHaveText(/^⏳ 3 h waiting for your answer$/);
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
  const rows = await inboxRows(triage, 40);
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
