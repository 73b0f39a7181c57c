// Reading a reply the way a rep expects, in Chromium through the bridge against the sandbox: each
// thread opens on the prospect's newest message, in view; frames fit their content; folded
// messages open by key; the pane at three window sizes, both themes and compact rows.
import { test, expect, openApp, shot, cursorThreadId, paneShows, inboxRows } from './fixtures/triage';
import type { Page } from '@playwright/test';
import { contrast, parseColor } from '../../src/lib/frameRepair';

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
  const rows = await inboxRows(triage, 5);
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

test('j and k with a thread open: every frame painted shows the new thread with its own text, never a blank body', async ({
  page,
  triage,
}) => {
  await openApp(page, triage);
  await page.keyboard.press('Enter');
  await paneShows(page, await cursorThreadId(page));
  // What each painted frame shows: the thread the pane names and the text of its open messages,
  // sampled just before paint (nothing changes the page between a frame's callbacks and its paint).
  await page.evaluate(() => {
    const w = window as unknown as { samples: { id: string; text: string }[]; sampling: boolean };
    w.samples = [];
    w.sampling = true;
    const sample = () => {
      const article = document.querySelector<HTMLElement>('.reading article.thread');
      const frames = [...document.querySelectorAll<HTMLIFrameElement>('.reading li.message iframe')].filter(
        (f) => f.checkVisibility(),
      );
      const text = frames.map((f) => f.contentDocument?.body?.innerText.trim() ?? '').join('\n');
      if (article) w.samples.push({ id: article.dataset.threadId ?? '', text });
      if (w.sampling) requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
  const shown: string[] = [];
  for (const key of ['j', 'j', 'j', 'j', 'k', 'j', 'j']) {
    await page.keyboard.press(key);
    const id = await cursorThreadId(page);
    await paneShows(page, id);
    await expect(page.locator('.reading li.message[data-expanded="true"] iframe').first()).toBeVisible();
    shown.push(id);
  }
  // A few more frames after the last, so its settled text is sampled too.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const samples = await page.evaluate(() => {
    const w = window as unknown as { samples: { id: string; text: string }[]; sampling: boolean };
    w.sampling = false;
    return w.samples;
  });
  for (const id of new Set(shown)) {
    const of = samples.filter((s) => s.id === id);
    expect(of.length, `frames painted with ${id}`).toBeGreaterThan(0);
    const settled = of.at(-1)!.text;
    expect(settled, `${id}: its text`).not.toBe('');
    const off = of.filter((s) => s.text !== settled);
    expect(
      off.map((s) => s.text.slice(0, 60)),
      `${id}: frames whose body was blank or another's`,
    ).toEqual([]);
  }
});

test('the theme switched with a thread open: its text reads in the new theme', async ({ page, triage }) => {
  await openApp(page, triage, 'light');
  await page.keyboard.press('Enter');
  await paneShows(page, await cursorThreadId(page));
  await expect(page.locator('.reading li.message iframe:visible').first()).toBeVisible();
  /** The lowest contrast of any text in the open messages against its message's box. */
  const lowestContrast = async () => {
    const pairs = await page.evaluate(() => {
      const found: [string, string][] = [];
      for (const frame of document.querySelectorAll<HTMLIFrameElement>('.reading li.message iframe')) {
        if (!frame.checkVisibility()) continue;
        const box = getComputedStyle(frame.closest('li')!).backgroundColor;
        const doc = frame.contentDocument!;
        const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          if (!n.textContent?.trim() || !n.parentElement) continue;
          found.push([doc.defaultView!.getComputedStyle(n.parentElement).color, box]);
        }
      }
      return found;
    });
    return Math.min(...pairs.map(([text, box]) => contrast(parseColor(text)!, parseColor(box)!)));
  };
  expect(await lowestContrast()).toBeGreaterThan(3);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect.poll(lowestContrast).toBeGreaterThan(3);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect.poll(lowestContrast).toBeGreaterThan(3);
});

test('n and p move between messages, v folds and unfolds, Space scrolls the pane', async ({
  page,
  triage,
}) => {
  const rows = await inboxRows(triage, 100);
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
