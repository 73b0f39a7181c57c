// A small window is a first-class size: at 1024×700, and at 200% zoom of it (a 512×350 CSS
// viewport, which is what the browser build lays out at that zoom), the verdict bar takes at most
// two rows, folded messages show their sender and first words, the subject stays in view while
// the messages scroll, and each pane has one scrollbar, never one inside another. Measured on the
// real layout: bounding boxes, and scrollHeight against clientHeight of every element.
import type { Page } from '@playwright/test';
import { testWith, expect, openApp, shot, inboxRows, SCREEN_SIZES } from './fixtures/triage';

let threadId = '';

// The file's app with a thread ready to read.
const test = testWith(async (triage) => {
  // A thread with several older messages (folded) and a long newest reply (the pane scrolls):
  // the reply makes it the newest thread, so it opens with Enter on the first row.
  const rows = await inboxRows(triage, 100);
  const target = rows.find((r) => r.messageCount >= 3)!;
  threadId = target.id;
  const lines = Array.from({ length: 60 }, (_, i) => `<p>Point ${i + 1} of our answer, in a few words.</p>`);
  triage.sandbox.admin.addMessage(threadId, { direction: 'inbound', bodyHtml: lines.join('') });
  await triage.bridge.app.handlers['sync.now']({ accountId: triage.accountId });
});

interface Facts {
  verdictRows: number;
  /** Buttons of the bar that stick out of it (cut or overlapping the pane's edge). */
  barOverflow: string[];
  folded: { who: string; whoCut: boolean; wordsShown: number; wordsWanted: number }[];
  subjectShown: boolean;
  /** Scroll containers that scroll, inside another one that scrolls. */
  nested: string[];
  /** Panes scrolling sideways, and the page itself scrolling. */
  sideways: string[];
  articleWidth: number;
}

/** Scrolls the open thread to its end, then measures. */
function measure(page: Page): Promise<Facts> {
  return page.evaluate(() => {
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? '.' + el.className.split(' ')[0] : ''}`;
    const article = document.querySelector<HTMLElement>('.reading article.thread')!;
    article.scrollTop = article.scrollHeight;

    const bar = document.querySelector<HTMLElement>('[role="toolbar"][aria-label="Thread actions"]')!;
    const barBox = bar.getBoundingClientRect();
    const buttons = [...bar.querySelectorAll('button')].map((b) => ({ b, r: b.getBoundingClientRect() }));
    buttons.sort((x, y) => x.r.top - y.r.top);
    let verdictRows = 0;
    let rowBottom = -Infinity;
    for (const { r } of buttons) {
      if (r.top >= rowBottom - 2) {
        verdictRows++;
        rowBottom = r.bottom;
      } else rowBottom = Math.max(rowBottom, r.bottom);
    }
    const barOverflow = buttons
      .filter(({ r }) => r.left < barBox.left - 1 || r.right > barBox.right + 1)
      .map(({ b }) => b.textContent!.trim());

    const folded = [...document.querySelectorAll<HTMLElement>('.reading li.message.collapsed')].map((li) => {
      const who = li.querySelector<HTMLElement>('.who')!;
      const words = li.querySelector<HTMLElement>('.first-words')!;
      return {
        who: who.textContent!,
        whoCut: who.scrollWidth > who.clientWidth + 1,
        wordsShown: words.getBoundingClientRect().width,
        wordsWanted: Math.min(words.scrollWidth, 120),
      };
    });

    const h1 = article.querySelector('h1')!;
    const h = h1.getBoundingClientRect();
    const a = article.getBoundingClientRect();
    const hit = document.elementFromPoint(h.left + Math.min(20, h.width / 2), h.top + h.height / 2);
    const subjectShown =
      h.height > 0 && h.top >= a.top - 1 && h.bottom <= a.bottom + 1 && !!hit && h1.contains(hit);

    const scrolls = (el: Element) => {
      const cs = getComputedStyle(el);
      const y = /(auto|scroll)/.test(cs.overflowY) && el.scrollHeight > el.clientHeight + 1;
      const x = /(auto|scroll)/.test(cs.overflowX) && el.scrollWidth > el.clientWidth + 1;
      return { y, x };
    };
    const scrollers = [...document.querySelectorAll('body *')].filter((el) => {
      const s = scrolls(el);
      return (s.x || s.y) && getComputedStyle(el).display !== 'none';
    });
    const nested = scrollers
      .filter((el) => scrollers.some((o) => o !== el && o.contains(el)))
      .map((el) => `${name(el)} in ${name(scrollers.find((o) => o !== el && o.contains(el))!)}`);
    const sideways = scrollers.filter((el) => scrolls(el).x).map(name);
    const root = document.scrollingElement!;
    if (root.scrollHeight > root.clientHeight + 1 || root.scrollWidth > root.clientWidth + 1)
      sideways.push(
        `the page (${root.scrollWidth}x${root.scrollHeight}): ` +
          [...document.querySelectorAll('body *')]
            .filter((el) => {
              const r = el.getBoundingClientRect();
              return r.bottom > innerHeight + 1 || r.right > innerWidth + 1;
            })
            .slice(0, 5)
            .map(name)
            .join(', '),
      );
    return {
      verdictRows,
      barOverflow,
      folded,
      subjectShown,
      nested,
      sideways,
      articleWidth: a.width,
    };
  });
}

function expectGood(f: Facts, where: string): void {
  expect(f.verdictRows, `${where}: rows of the verdict bar`).toBeGreaterThanOrEqual(1);
  expect(f.verdictRows, `${where}: rows of the verdict bar`).toBeLessThanOrEqual(2);
  expect(f.barOverflow, `${where}: buttons out of the verdict bar`).toEqual([]);
  expect(f.folded.length, `${where}: folded messages`).toBeGreaterThanOrEqual(2);
  for (const m of f.folded) {
    expect(m.whoCut, `${where}: ${m.who}'s name is cut`).toBe(false);
    expect(m.wordsShown, `${where}: first words of ${m.who}'s message`).toBeGreaterThanOrEqual(m.wordsWanted);
  }
  expect(f.subjectShown, `${where}: subject in view at the end of the thread`).toBe(true);
  expect(f.nested, `${where}: scrollbars inside scrollbars`).toEqual([]);
  expect(f.sideways, `${where}: sideways scrolling`).toEqual([]);
}

async function openThread(page: Page): Promise<void> {
  await page.keyboard.press('Enter');
  await expect(page.locator('.reading')).toHaveAttribute('aria-busy', 'false');
  await expect(page.locator('article.thread')).toHaveAttribute('data-thread-id', threadId);
  await expect(page.locator('.reading li.message.collapsed').first()).toBeVisible();
}

const SIZES = [
  { name: '1024x700', width: 1024, height: 700 },
  // 200% zoom of 1024×700 in the browser build: the page lays out in half the CSS pixels.
  { name: '200% zoom (512x350)', width: 512, height: 350 },
];

for (const size of SIZES) {
  test(`${size.name}: verdict bar on two rows at most, folded messages say who and what, subject stays, one scrollbar per pane`, async ({
    page,
    triage,
  }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await openApp(page, triage);
    await openThread(page);
    // The thread gets the room to be read.
    const lead = await measure(page);
    expect(lead.articleWidth).toBeGreaterThanOrEqual(size.width / 2);
    expectGood(lead, 'lead folded');

    await page.keyboard.press('l');
    await expect(page.getByRole('complementary', { name: 'Lead' })).toBeVisible();
    expectGood(await measure(page), 'lead open');

    // A long reply: the box grows and the pane's one scrollbar moves through it.
    await page.keyboard.press('r');
    const box = page.getByRole('textbox', { name: 'Reply text' });
    await expect(box).toBeFocused();
    await box.fill(Array.from({ length: 40 }, (_, i) => `Line ${i + 1} of my answer.`).join('\n'));
    expectGood(await measure(page), 'writing a reply');
    await shot(page, `layout-${size.width}x${size.height}-reply`);
    // The lead folds again from the keys, and from the mouse where it lies over the thread.
    if (size.width < 760) {
      await page.getByRole('complementary', { name: 'Lead' }).getByRole('button', { name: /^Hide/ }).click();
      await expect(page.getByRole('complementary', { name: 'Lead' })).toBeHidden();
    } else {
      await page.keyboard.press('Escape');
      await page.keyboard.press('l');
    }
    await page.getByRole('button', { name: /^Discard/ }).click();
  });
}

test('200% zoom: the folders open from the left edge with one scrollbar, and choosing one folds them', async ({
  page,
  triage,
}) => {
  await page.setViewportSize({ width: 512, height: 350 });
  await openApp(page, triage);
  const folders = page.getByRole('navigation', { name: 'Folders' });
  await expect(folders).toBeHidden();
  // The list takes the width while no thread is open.
  const listBox = (await page.getByRole('listbox', { name: /threads/ }).boundingBox())!;
  expect(listBox.width).toBeGreaterThanOrEqual(400);
  await page.getByRole('button', { name: 'Folders' }).click();
  await expect(folders).toBeVisible();
  const nested = await page.evaluate(() => {
    const scrolling = [...document.querySelectorAll('nav *')].filter((el) => {
      const cs = getComputedStyle(el);
      return /(auto|scroll)/.test(cs.overflowY) && el.scrollHeight > el.clientHeight + 1;
    });
    return scrolling.map((el) => el.className);
  });
  expect(nested).toEqual([]);
  await shot(page, 'layout-512x350-folders');
  await folders.getByRole('button', { name: /^Snoozed/ }).click();
  await expect(folders).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Snoozed', level: 1 })).toBeVisible();
});

test('screenshots of an open thread at three sizes and at 200% zoom, in both themes', async ({
  page,
  triage,
}) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await openApp(page, triage);
  await openThread(page);
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    for (const [w, h] of [...SCREEN_SIZES, [512, 350] as const]) {
      await page.setViewportSize({ width: w, height: h });
      await page.evaluate(() => document.querySelector('.reading article.thread')!.scrollTo(0, 0));
      await shot(page, `layout-inbox-${w}x${h}-${theme}`);
    }
  }
});
