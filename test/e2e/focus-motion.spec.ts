// Visible focus and reduced motion: tabbing through the Inbox, an open thread, a toast, the Outbox,
// Settings and Campaigns, every control the keyboard reaches shows a focus ring (outline or box
// shadow) that stands out 3:1 from what it is drawn on, in both themes; and when the system asks
// for less motion, nothing in the window animates or transitions (the toasts included).
import type { Page } from '@playwright/test';
import { test, expect, openApp } from './fixtures/triage';

/** What the focused element shows: its name and, if it lacks a ring that reads, why. */
async function ringOfFocused(page: Page): Promise<{ name: string; problem: string | null }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { name: 'body', problem: null };
    const name = `${el.tagName.toLowerCase()}${el.className ? '.' + String(el.className).split(' ')[0] : ''} "${(
      el.getAttribute('aria-label') ??
      el.textContent ??
      ''
    )
      .trim()
      .slice(0, 40)}"`;
    // A message frame is the sender's document: its own focus is not ours to draw.
    if (el.tagName === 'IFRAME') return { name, problem: null };
    const rgb = (c: string): [number, number, number, number] | null => {
      const m = c.match(/rgba?\(([^)]+)\)/);
      if (!m) return null;
      const p = m[1]!
        .split(/[ ,/]+/)
        .filter(Boolean)
        .map(Number);
      return [p[0]!, p[1]!, p[2]!, p[3] ?? 1];
    };
    const lum = ([r, g, b]: number[]) =>
      [r!, g!, b!]
        .map((v) => v / 255)
        .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
        .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i]!, 0);
    const contrast = (a: number[], b: number[]) => {
      const [x, y] = [lum(a), lum(b)];
      return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
    };
    /** The first opaque background from `from` outwards. */
    const backdrop = (from: Element | null): number[] => {
      for (let e = from; e; e = e.parentElement) {
        const c = rgb(getComputedStyle(e).backgroundColor);
        if (c && c[3] > 0.5) return c;
      }
      return rgb(getComputedStyle(document.documentElement).backgroundColor) ?? [255, 255, 255];
    };
    const s = getComputedStyle(el);
    let ring: number[] | null = null;
    let inside = false;
    if (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2) {
      ring = rgb(s.outlineColor);
      inside = parseFloat(s.outlineOffset) < 0;
    } else if (s.boxShadow !== 'none') {
      ring = rgb(s.boxShadow);
      inside = s.boxShadow.includes('inset');
    }
    if (!ring) return { name, problem: `no focus ring (outline ${s.outlineStyle} ${s.outlineWidth})` };
    const under = backdrop(inside ? el : el.parentElement);
    const c = contrast(ring, under);
    return {
      name,
      problem: c < 3 ? `ring ${s.outlineColor} on rgb(${under.join(',')}): ${c.toFixed(2)}:1` : null,
    };
  });
}

/** Presses Tab `count` times and answers every focused control without a readable ring. */
async function tabThrough(page: Page, view: string, count: number): Promise<string[]> {
  const problems: string[] = [];
  let reached = 0;
  for (let i = 0; i < count; i++) {
    await page.keyboard.press('Tab');
    const { name, problem } = await ringOfFocused(page);
    if (name !== 'body') reached++;
    if (problem) problems.push(`${view}: ${name}: ${problem}`);
  }
  expect(reached, `${view}: Tab reached no control`).toBeGreaterThan(3);
  return problems;
}

const keys = async (page: Page, ...k: string[]) => {
  for (const key of k) await page.keyboard.press(key);
};

for (const theme of ['light', 'dark'] as const) {
  test(`every control the keyboard reaches shows a focus ring that reads (${theme})`, async ({
    page,
    triage,
  }) => {
    test.setTimeout(120_000);
    await openApp(page, triage, theme);
    const problems: string[] = [];
    problems.push(...(await tabThrough(page, 'inbox', 40)));
    await page.getByRole('listbox', { name: /threads/ }).focus();
    await keys(page, 'Enter');
    await expect(page.locator('article.thread')).toBeVisible();
    problems.push(...(await tabThrough(page, 'thread', 25)));
    await keys(page, 'Escape');
    await page.getByRole('listbox', { name: /threads/ }).focus();
    await keys(page, '1'); // a toast with its Undo button
    await expect(page.locator('.notices .notice-action').first()).toBeVisible();
    await page.locator('.notices .notice-action').first().focus();
    // Reached by keys (from the control before it and back), as a rep reaches it.
    await keys(page, 'Shift+Tab', 'Tab');
    const toast = await ringOfFocused(page);
    if (toast.problem) problems.push(`toast: ${toast.name}: ${toast.problem}`);
    await keys(page, 'g', 'o');
    await expect(page.getByRole('heading', { name: 'Outbox' })).toBeVisible();
    problems.push(...(await tabThrough(page, 'outbox', 12)));
    await page.getByRole('button', { name: /^Settings/ }).click();
    problems.push(...(await tabThrough(page, 'settings', 20)));
    await keys(page, 'Escape', 'g', 'c');
    problems.push(...(await tabThrough(page, 'campaigns', 15)));
    expect(problems, problems.join('\n')).toEqual([]);
  });
}

test('under reduced motion nothing animates: the toast appears in its final place at once', async ({
  page,
  triage,
}) => {
  await openApp(page, triage);
  const motion = () =>
    page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('body *')]
        .map((el) => {
          const s = getComputedStyle(el);
          const longest = (v: string) => Math.max(...v.split(',').map((x) => parseFloat(x) || 0));
          const anim = s.animationName !== 'none' ? longest(s.animationDuration) : 0;
          const trans = longest(s.transitionDuration);
          return anim > 0 || trans > 0 ? `${el.className || el.tagName}: ${anim}s / ${trans}s` : null;
        })
        .filter((x): x is string => x !== null),
    );
  // Without the request a toast rises into place ...
  await page.keyboard.press('1');
  const toast = page.locator('.notices .notice').first();
  await expect(toast).toBeVisible();
  expect(await toast.evaluate((el) => getComputedStyle(el).animationName)).not.toBe('none');
  expect(await motion()).not.toEqual([]);
  // ... and with it, the same toast and everything else stand still.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.keyboard.press('1');
  await expect(toast).toBeVisible();
  expect(await toast.evaluate((el) => parseFloat(getComputedStyle(el).animationDuration))).toBe(0);
  expect(await motion()).toEqual([]);
});
