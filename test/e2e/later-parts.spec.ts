// The window's parts that come after the first rows (the reading pane and its sanitizer, the other
// pages) are loaded once the page is idle; a rep who asks for one before it came (a key in the
// first moments, or a slow disk) gets it as soon as it has, with the keyboard on it.
import type { Page, Route } from '@playwright/test';
import { test, expect, openApp, cursorThreadId, paneShows } from './fixtures/triage';

/** Holds the page's requests for the later parts and the sanitizer until released; answers the
 *  release and a count of the requests held. */
async function holdLaterParts(page: Page): Promise<{ release: () => void; asked: () => number }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked = 0;
  const hold = async (route: Route): Promise<void> => {
    asked++;
    await released;
    await route.continue();
  };
  await page.route(/\/assets\/(later|messageHtml)-[^/]*\.js$/, hold);
  return { release, asked: () => asked };
}

test('a thread opened before the reading pane came shows, sanitized, once it comes', async ({
  page,
  triage,
}) => {
  const held = await holdLaterParts(page);
  await openApp(page, triage);
  const id = await cursorThreadId(page);
  await page.keyboard.press('Enter');
  await expect.poll(held.asked).toBeGreaterThan(0);
  await expect(page.getByRole('article')).toHaveCount(0);
  held.release();
  await paneShows(page, id);
  await expect(page.locator('iframe[title^="Message from"]:visible').first()).toBeVisible();
});

test('the palette takes typing while the later parts are on their way; the page it opens comes with them', async ({
  page,
  triage,
}) => {
  const held = await holdLaterParts(page);
  await openApp(page, triage);
  // No wait between the keys: a rep who knows where to go types on.
  await page.keyboard.press('Control+k');
  await page.keyboard.type('go to settings');
  await page.keyboard.press('Enter');
  await expect.poll(held.asked).toBeGreaterThan(0);
  held.release();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /desktop notification/ })).toBeFocused();
});

test('a page asked for before it came opens and takes the keyboard', async ({ page, triage }) => {
  const held = await holdLaterParts(page);
  await openApp(page, triage);
  await page.keyboard.press('g');
  await page.keyboard.press('o');
  await expect.poll(held.asked).toBeGreaterThan(0);
  held.release();
  await expect(page.getByRole('heading', { name: 'Outbox' })).toBeVisible();
  // Its items answer j and k: the keyboard is on the page, not left on the body.
  await expect
    .poll(() => page.evaluate(() => !!document.querySelector('main')?.contains(document.activeElement)))
    .toBe(true);
});
