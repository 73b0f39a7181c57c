// Accessibility: axe-core over every view of the window, in both themes, finds no serious or
// critical violation (contrast, names, roles). The views are reached by the keys a rep uses.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect, openApp } from './fixtures/triage';

async function serious(page: Page, view: string): Promise<string[]> {
  // The message frames hold the sender's HTML (sandboxed, no script can run there): not ours to
  // check, and axe cannot enter them.
  const r = await new AxeBuilder({ page }).options({ iframes: false }).exclude('iframe').analyze();
  if (process.env.AXE_DEBUG)
    for (const v of r.violations)
      for (const n of v.nodes)
        console.log(
          `AXE ${view} ${v.id} ${n.target.join(' ')} :: ${(n.any[0]?.message ?? n.failureSummary ?? '').slice(0, 160)}`,
        );
  return r.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${view}: ${v.id} (${v.impact}) × ${v.nodes.length}: ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}

const keys = async (page: Page, ...k: string[]) => {
  for (const key of k) await page.keyboard.press(key);
};

for (const theme of ['light', 'dark'] as const) {
  test(`no serious or critical violation in any view (${theme})`, async ({ page, triage }) => {
    test.setTimeout(120_000);
    await openApp(page, triage, theme);
    const found: string[] = [];
    found.push(...(await serious(page, 'inbox')));
    await keys(page, 'Enter');
    await expect(page.locator('article.thread')).toBeVisible();
    found.push(...(await serious(page, 'thread open')));
    await keys(page, 'r');
    await expect(page.getByRole('textbox').first()).toBeVisible();
    found.push(...(await serious(page, 'reply box')));
    await keys(page, 'Escape', 'Escape');
    await keys(page, 'g', 'y');
    found.push(...(await serious(page, 'suggested folder')));
    await keys(page, 'g', 'c');
    found.push(...(await serious(page, 'campaigns')));
    await keys(page, 'g', 'e');
    found.push(...(await serious(page, 'e-mail accounts')));
    await keys(page, 'g', 'o');
    found.push(...(await serious(page, 'outbox')));
    await page.getByRole('button', { name: /^Settings/ }).click();
    found.push(...(await serious(page, 'settings')));
    await page.getByRole('button', { name: /^Accounts/ }).click();
    found.push(...(await serious(page, 'accounts')));
    await keys(page, 'g', 'i', '?');
    found.push(...(await serious(page, 'help')));
    await keys(page, 'Escape', 'Control+k');
    found.push(...(await serious(page, 'palette')));
    await keys(page, 'Escape', '/');
    await page.keyboard.type('acme');
    found.push(...(await serious(page, 'search')));
    expect(found, found.join('\n')).toEqual([]);
  });
}
