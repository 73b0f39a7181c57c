// The first rows are drawn before the app's script has come (src/boot.ts, lib/firstPaint.ts):
// the rep reads the Inbox's rows, in the app's own markup and place, while the rest loads, and the
// keys typed then act on those rows once the app has taken them over.
import type { Page } from '@playwright/test';
import { test, expect, inboxRows, shot } from './fixtures/triage';

/** Holds the app's own script (the chunk the first script loads after the first rows) until
 *  released: the window stays on the rows drawn before it. */
async function holdAppScript(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/main-*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

interface Shape {
  tag: string;
  attrs: string[];
  children: (Shape | string)[];
}

/** Rows as the rep and a screen reader meet them: every element, its attributes (classes as a
 *  set), its text, and where each row sits on screen. */
function rowsOf(page: Page, where: string): Promise<{ shapes: Shape[]; boxes: string[] }> {
  return page.evaluate((sel) => {
    const shape = (el: Element): Shape => ({
      tag: el.tagName,
      attrs: [...el.attributes]
        .map((a) =>
          a.name === 'class' ? `class=${[...el.classList].sort().join(' ')}` : `${a.name}=${a.value}`,
        )
        .sort(),
      children: [...el.childNodes].flatMap((n): (Shape | string)[] =>
        n.nodeType === Node.ELEMENT_NODE
          ? [shape(n as Element)]
          : n.nodeType === Node.TEXT_NODE && n.textContent!.trim()
            ? [n.textContent!]
            : [],
      ),
    });
    const rows = [...document.querySelectorAll(`${sel} .list [role="option"][data-thread-id]`)].slice(0, 8);
    return {
      shapes: rows.map(shape),
      boxes: rows.map((r) => JSON.stringify(r.getBoundingClientRect())),
    };
  }, where);
}

const list = (page: Page) => page.getByRole('listbox', { name: 'Inbox threads' });

for (const theme of ['light', 'dark'] as const) {
  test(`the first rows (${theme}) are drawn before the app's script, as and where the app draws them`, async ({
    page,
    triage,
  }) => {
    await page.emulateMedia({ colorScheme: theme });
    const release = await holdAppScript(page);
    await page.goto(triage.bridge.url);
    const inbox = await inboxRows(triage, 8);
    // Shown and named for a screen reader, the cursor on the first row, with no app built yet.
    await expect(list(page).getByRole('option').first()).toBeVisible({ timeout: 30_000 });
    await expect(list(page).getByRole('option', { selected: true })).toHaveAttribute(
      'data-thread-id',
      inbox[0]!.id,
    );
    expect(await page.locator('#app').evaluate((el) => el.childElementCount)).toBe(0);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
    const first = await rowsOf(page, '#first-paint');
    expect(first.shapes.map((s) => s.attrs.find((a) => a.startsWith('data-thread-id=')))).toEqual(
      inbox.map((r) => `data-thread-id=${r.id}`),
    );
    await shot(page, `first-paint-${theme}-before-app`);
    release();
    await expect(page.locator('#first-paint')).toHaveCount(0, { timeout: 30_000 });
    const app = await rowsOf(page, '#app');
    expect(app.shapes).toEqual(first.shapes);
    expect(app.boxes).toEqual(first.boxes);
    await expect(list(page)).toBeFocused();
    await shot(page, `first-paint-${theme}-app`);
  });
}

test('keys typed on the first rows while the app loads land once it has: j, j and a verdict', async ({
  page,
  triage,
}) => {
  const release = await holdAppScript(page);
  await page.goto(triage.bridge.url);
  const inbox = await inboxRows(triage, 4);
  await expect(list(page).getByRole('option').first()).toBeVisible({ timeout: 30_000 });
  // Typed at once, the app's script still held: nothing answers them yet.
  expect(await page.locator('#app').evaluate((el) => el.childElementCount)).toBe(0);
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await page.keyboard.press('3');
  await page.keyboard.press('k');
  release();
  await expect(page.locator('#first-paint')).toHaveCount(0, { timeout: 30_000 });
  // The third row got the verdict (Not interested) and left the Inbox; `k` then went up a row.
  await expect(list(page).locator(`[data-thread-id="${inbox[2]!.id}"]`)).toHaveCount(0);
  await expect(list(page).getByRole('option', { selected: true })).toHaveAttribute(
    'data-thread-id',
    inbox[1]!.id,
  );
  await expect
    .poll(async () => (await inboxRows(triage, 4)).map((r) => r.id))
    .toEqual([inbox[0]!.id, inbox[1]!.id, inbox[3]!.id, expect.any(String)]);
  await expect(list(page)).toBeFocused();
});
