// What leaves with a reply is what the rep wrote, from where they can see why it did not: a box
// holding nothing but the signature is refused; a refusal (a disconnected mailbox) is said at the
// Send button and to screen readers; send-and-Done marks the thread replied to, not the selection.
import {
  test,
  expect,
  openApp,
  cursorThreadId,
  expectServiceStatus,
  inboxRows,
  paneShows,
  type Paged,
  type ServiceThread,
  type Triage,
} from './fixtures/triage';

const repliesTo = (triage: Triage, threadId: string) =>
  triage.sandbox.stats().replies.filter((r) => r.threadId === threadId);

test('a reply with nothing written but the signature is refused, at once and after a send key', async ({
  page,
  triage,
}) => {
  await openApp(page, triage);
  const id = await cursorThreadId(page);
  await page.keyboard.press('Enter');
  await paneShows(page, id);
  await page.keyboard.press('r');
  const box = page.getByRole('textbox', { name: 'Reply text' });
  await expect(box).toBeFocused();
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Write something before sending' })).toBeVisible();
  await expect(page.locator('.notices .notice').filter({ hasText: /goes in|queued/ })).toHaveCount(0);
  // The box stays open with what it held, the keyboard in it.
  await expect(box).toBeFocused();
  await page.keyboard.press('Control+Shift+Enter');
  await expect(page.locator('.notices .notice').filter({ hasText: /goes in|queued|Done/ })).toHaveCount(0);
  expect((await triage.service<ServiceThread>(`/inbox/${id}`)).status).toBe('open');
  // Something written goes.
  await page.keyboard.press('Control+Home');
  await page.keyboard.type('Thanks, talk soon.');
  await page.keyboard.press('Control+Enter');
  await expect(page.locator('.notices .notice').filter({ hasText: /goes in/ })).toHaveCount(1);
  await expect.poll(() => repliesTo(triage, id).length, { timeout: 30_000 }).toBe(1);
  expect(repliesTo(triage, id)[0]!.bodyHtml).toMatch(/^<p>Thanks, talk soon\.<\/p>/);
});

test('a send from a disconnected mailbox says why at the Send button and to screen readers', async ({
  page,
  triage,
}) => {
  await openApp(page, triage);
  const mailboxes =
    await triage.service<Paged<{ _id: string; email: string; status: string }>>('/email-accounts?limit=100');
  const off = mailboxes.data.find((m) => m.status === 'disconnected')!;
  const row = (await inboxRows(triage, 300)).find((r) => r.emailAccountId === off._id)!;
  await page.keyboard.press('/');
  await page.keyboard.type(row.prospectEmail);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listbox', { name: /threads/ })).toHaveAttribute(
    'aria-activedescendant',
    `row-${row.id}`,
  );
  await page.keyboard.press('Enter');
  await paneShows(page, row.id);
  await page.keyboard.press('r');
  await page.keyboard.type('Glad to help.');
  await page.keyboard.press('Control+Enter');
  const send = page.getByRole('button', { name: /^Send Ctrl\+Enter/ });
  // The reason is where the rep looks (described by the Send button, in view) and is heard.
  await expect(send).toHaveAccessibleDescription(new RegExp(`${off.email} is disconnected`));
  const why = page.getByTestId('send-refused');
  await expect(why).toBeInViewport();
  await expect(why).toHaveRole('alert');
  expect(repliesTo(triage, row.id)).toHaveLength(0);
  // A second press sends it anyway.
  await page.keyboard.press('Control+Enter');
  await expect(page.locator('.notices .notice').filter({ hasText: /goes in/ })).toHaveCount(1);
  await expect(why).toHaveCount(0);
});

test('send, Done and next marks the thread replied to Done, not the selected ones', async ({
  page,
  triage,
}) => {
  await openApp(page, triage);
  const rows = await inboxRows(triage, 6);
  // Two threads selected further down, then back to the first one and replying to it.
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await page.keyboard.press('x');
  await page.keyboard.press('j');
  await page.keyboard.press('x');
  await page.keyboard.press('Home');
  await page.keyboard.press('Enter');
  await paneShows(page, rows[0]!.id);
  await page.keyboard.press('r');
  await page.keyboard.type('Thanks for the reply.');
  await page.keyboard.press('Control+Shift+Enter');
  await expect(page.locator('.notices .notice').filter({ hasText: /Done; the reply/ })).toHaveCount(1);
  await expectServiceStatus(triage, rows[0]!.id, 'closed');
  await expect.poll(() => repliesTo(triage, rows[0]!.id).length, { timeout: 30_000 }).toBe(1);
  // The selection was not the rep's target: those threads are still open on the service.
  expect((await triage.service<ServiceThread>(`/inbox/${rows[2]!.id}`)).status).toBe('open');
  expect((await triage.service<ServiceThread>(`/inbox/${rows[3]!.id}`)).status).toBe('open');
});
