// Campaign cards a rep can read at a glance: every row of figures says what it counts, the card
// speaks of one period (named on it) for its counts by verdict, its chart and the service's
// figures, and each status has its own colour in the chart and its legend, in both themes, each
// standing out from the card.
import type { Page } from '@playwright/test';
import { test, expect, openApp, shot, type Triage, SCREEN_SIZES } from './fixtures/triage';

async function openCampaigns(page: Page, triage: Triage, theme: 'light' | 'dark'): Promise<void> {
  await openApp(page, triage, theme);
  await page.keyboard.press('g');
  await page.keyboard.press('c');
  await expect(page.getByRole('heading', { name: 'Campaigns', level: 1 })).toBeVisible();
  await expect(page.getByTestId('activity-chart').first()).toBeVisible();
  await expect(page.getByTestId('daily-stats').first()).toContainText('Sent');
}

test('every row of figures on a campaign card says what it counts', async ({ page, triage }) => {
  await openCampaigns(page, triage, 'light');
  const unlabelled = await page.locator('[data-campaign-row]').evaluateAll((cards) =>
    cards.flatMap((card) => {
      const out: string[] = [];
      const walker = document.createTreeWalker(card, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const text = n.textContent!.trim();
        const el = n.parentElement!;
        if (!/\d/.test(text) || el.closest('h2, button, svg, input, [data-testid="campaign-status"]'))
          continue;
        // A figure sits in a description whose term names it, or in the line naming the period.
        const dd = el.closest('dd');
        const dt = dd?.parentElement?.querySelector('dt');
        const labelled = !!dt?.textContent?.trim() && dt.parentElement === dd!.parentElement;
        if (!labelled && !el.closest('[data-testid="card-period"]')) out.push(text);
      }
      return out;
    }),
  );
  expect(unlabelled).toEqual([]);
});

test('a card speaks of one period: named once, the counts by verdict are the chart’s, the service’s figures cover it too', async ({
  page,
  triage,
}) => {
  await openCampaigns(page, triage, 'light');
  const cards = page.locator('[data-campaign-row]');
  const n = await cards.count();
  expect(n).toBeGreaterThan(0);
  for (let i = 0; i < n; i++) {
    const card = cards.nth(i);
    const name = await card.getAttribute('aria-label');
    await expect(card.getByTestId('card-period'), `${name}`).toContainText('Last 30 days');
    // No other period on the card: no "all time", no second span of days.
    const periods = (await card.innerText()).match(/(last \d+ days|all time|since)/gi) ?? [];
    expect(periods, `${name}: periods named`).toEqual(['Last 30 days']);
    const chart = card.getByTestId('activity-chart');
    await expect(chart.getByRole('img')).toHaveAttribute('aria-label', /over the last 30 days/);
    // The chart's bars, day by day, by status (from their titles)…
    const fromBars = await chart.locator('svg g title').evaluateAll((titles) => {
      const sums: Record<string, number> = {};
      for (const t of titles)
        for (const m of t.textContent!.matchAll(/(\d+) ([a-z ]+?)(?:,|$)/g))
          sums[m[2]!.trim()] = (sums[m[2]!.trim()] ?? 0) + Number(m[1]);
      return sums;
    });
    // …are the counts the card shows for each verdict.
    const shown = await chart.locator('li[data-status]').evaluateAll((keys) =>
      Object.fromEntries(
        keys
          .map((k) => [
            k
              .textContent!.replace(/[\d,\s]+$/, '')
              .trim()
              .toLowerCase(),
            Number(k.dataset.count),
          ])
          .filter(([, c]) => (c as number) > 0),
      ),
    );
    expect(shown, `${name}: counts by verdict`).toEqual(fromBars);
    await expect(card.getByTestId('daily-stats')).toContainText(/Sent \d/);
  }
});

/** sRGB "rgb(r, g, b)" to CIE Lab. */
function lab(rgb: string): [number, number, number] {
  const [r, g, b] = rgb
    .match(/\d+(\.\d+)?/g)!
    .slice(0, 3)
    .map(Number) as [number, number, number];
  const lin = (c: number) => ((c /= 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const [R, G, B] = [lin(r), lin(g), lin(b)];
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  const x = f((0.4124 * R + 0.3576 * G + 0.1805 * B) / 0.95047);
  const y = f(0.2126 * R + 0.7152 * G + 0.0722 * B);
  const z = f((0.0193 * R + 0.1192 * G + 0.9505 * B) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}
function luminance(rgb: string): number {
  const [r, g, b] = rgb
    .match(/\d+(\.\d+)?/g)!
    .slice(0, 3)
    .map(Number) as [number, number, number];
  const lin = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

for (const theme of ['light', 'dark'] as const) {
  test(`${theme}: Open, Done and each verdict have their own colour, named in the legend, in the bars`, async ({
    page,
    triage,
  }) => {
    await openCampaigns(page, triage, theme);
    const card = page.locator('[data-campaign-row]').first();
    const legend = await card.locator('li[data-status]').evaluateAll((keys) =>
      keys.map((k) => ({
        status: k.dataset.status!,
        label: k.textContent!.replace(/[\d,\s]+$/, '').trim(),
        colour: getComputedStyle(k.querySelector('i')!).backgroundColor,
        // The variable behind it comes from the theme.
        fromTheme: /var\(--/.test(k.querySelector('i')!.getAttribute('style') ?? ''),
      })),
    );
    expect(legend.map((k) => k.label)).toEqual(
      expect.arrayContaining([
        'Open',
        'Done',
        'Interested',
        'Meeting booked',
        'Not interested',
        'Out of office',
        'Wrong person',
      ]),
    );
    for (const k of legend) expect(k.fromTheme, k.label).toBe(true);
    const cardBg = await card.evaluate((el) => {
      for (let e: Element | null = el; e; e = e.parentElement) {
        const bg = getComputedStyle(e).backgroundColor;
        if (!/rgba\(0, 0, 0, 0\)|transparent/.test(bg)) return bg;
      }
      return 'rgb(255, 255, 255)';
    });
    for (const k of legend)
      expect(contrast(k.colour, cardBg), `${k.label} against the card`).toBeGreaterThanOrEqual(3);
    for (let i = 0; i < legend.length; i++)
      for (let j = i + 1; j < legend.length; j++) {
        const [a, b] = [lab(legend[i]!.colour), lab(legend[j]!.colour)];
        const distance = Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
        expect(distance, `${legend[i]!.label} and ${legend[j]!.label}`).toBeGreaterThanOrEqual(20);
      }
    // The bars are drawn in the legend's colours.
    const bars = await page
      .locator('[data-campaign-row] svg rect[data-status]')
      .evaluateAll((rects) =>
        rects.map((r) => ({ status: r.getAttribute('data-status')!, fill: getComputedStyle(r).fill })),
      );
    expect(bars.length).toBeGreaterThan(0);
    const byStatus = Object.fromEntries(legend.map((k) => [k.status, k.colour]));
    for (const b of bars) expect(b.fill, b.status).toBe(byStatus[b.status]);
  });
}

for (const theme of ['light', 'dark'] as const)
  test(`screenshots of Campaigns at three sizes and at 200% zoom, ${theme}`, async ({ page, triage }) => {
    await openCampaigns(page, triage, theme);
    for (const [w, h] of [...SCREEN_SIZES, [512, 350] as const]) {
      await page.setViewportSize({ width: w, height: h });
      await shot(page, `campaigns-${w}x${h}-${theme}`);
    }
  });
