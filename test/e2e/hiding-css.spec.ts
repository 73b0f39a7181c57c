// No message is ever blank: author CSS and attributes that hide or erase text are neutralised, in
// both themes, while styling that reads (colours, tables, quotes) stays. Each body is shown as the
// reading pane shows it (the same functions, bundled for the page), then its sentence is checked
// by its computed style and by the frame's pixels.
import { expect, test, type Page } from '@playwright/test';
import { build } from 'vite';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SENTENCE = 'Tuesday at three works for me';
const text = `<p class="x">${SENTENCE}</p>`;

/** Techniques seen in real mail (tracking tricks, preheaders, templates gone wrong, hostile). */
const HIDING: [string, string][] = [
  ['a style element hiding the body', `<style>body{display:none}</style>${text}`],
  ['a style element hiding paragraphs', `<style>p{visibility:hidden}</style>${text}`],
  ['display:none inline', `<div style="display:none">${text}</div>`],
  ['visibility:hidden inline', `<div style="visibility:hidden">${text}</div>`],
  ['opacity:0', `<div style="opacity:0">${text}</div>`],
  ['font-size:0', `<div style="font-size:0">${text}</div>`],
  ['height:0 with overflow hidden', `<div style="height:0;overflow:hidden">${text}</div>`],
  ['max-height:0 with overflow hidden', `<div style="max-height:0px;overflow:hidden">${text}</div>`],
  ['width and height 0', `<div style="width:0;height:0;overflow:hidden">${text}</div>`],
  ['off-screen absolute position', `<div style="position:absolute;left:-9999px">${text}</div>`],
  ['off-screen fixed position', `<div style="position:fixed;top:-800px">${text}</div>`],
  ['clip rect', `<div style="position:absolute;clip:rect(0 0 0 0)">${text}</div>`],
  ['clip-path', `<div style="clip-path:inset(100%)">${text}</div>`],
  ['transform scale(0)', `<div style="transform:scale(0)">${text}</div>`],
  ['filter opacity(0)', `<div style="filter:opacity(0)">${text}</div>`],
  ['color transparent', `<div style="color:transparent">${text}</div>`],
  ['color rgba with no alpha', `<div style="color:rgba(0,0,0,0)">${text}</div>`],
  ['colour equal to its own background', `<div style="background:#123456;color:#123456">${text}</div>`],
  ['white text, no background', `<div style="color:#ffffff">${text}</div>`],
  ['black text, no background', `<div style="color:#000000">${text}</div>`],
  ['a stylesheet making everything white', `<style>*{color:#fff !important}</style>${text}`],
  ['the hidden attribute', `<div hidden>${text}</div>`],
  ['a media query hiding on screens', `<style>@media screen { .x { display:none } }</style>${text}`],
  ['text-indent far left', `<div style="text-indent:-9999px;overflow:hidden">${text}</div>`],
  ['text fill transparent', `<div style="-webkit-text-fill-color:transparent">${text}</div>`],
  ['content-visibility hidden', `<div style="content-visibility:hidden">${text}</div>`],
  [
    'line-height 0 with overflow hidden',
    `<div style="line-height:0;height:1px;overflow:hidden">${text}</div>`,
  ],
  ['a closed details element', `<details><summary>More</summary>${text}</details>`],
  ['children made invisible by a rule', `<style>body > * { opacity: 0.01 }</style>${text}`],
];

let bundle = '';

test.beforeAll(async () => {
  const out = mkdtempSync(join(tmpdir(), 'message-render-'));
  try {
    await build({
      configFile: false,
      logLevel: 'silent',
      build: {
        outDir: out,
        minify: false,
        lib: {
          entry: 'test/e2e/fixtures/message-render.ts',
          formats: ['iife'],
          name: 'messageRender',
          fileName: () => 'render.js',
        },
      },
    });
    bundle = readFileSync(join(out, 'render.js'), 'utf8');
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

async function show(page: Page, html: string, dark: boolean): Promise<void> {
  if (!(await page.evaluate(() => typeof window.renderMessage === 'function').catch(() => false))) {
    await page.setContent('<!doctype html><html><body style="margin:0"></body></html>');
    await page.addScriptTag({ content: bundle });
  }
  await page.evaluate(([h, d]) => window.renderMessage(h, d), [html, dark] as const);
}

/** How the sentence is drawn in the frame: visible by computed style, its size and its contrast. */
async function drawn(page: Page): Promise<{ visible: boolean; why: string; contrast: number }> {
  return page.evaluate((sentence) => {
    const frame = document.querySelector('iframe')!;
    const doc = frame.contentDocument!;
    const win = doc.defaultView!;
    const el = [...doc.querySelectorAll('body *')].reverse().find((e) => e.textContent?.includes(sentence));
    if (!el) return { visible: false, why: 'the sentence is gone', contrast: 0 };
    let opacity = 1;
    for (let cur: Element | null = el; cur; cur = cur.parentElement) {
      const s = win.getComputedStyle(cur);
      if (s.display === 'none') return { visible: false, why: `display none on ${cur.tagName}`, contrast: 0 };
      opacity *= Number(s.opacity);
    }
    const s = win.getComputedStyle(el);
    if (s.visibility !== 'visible') return { visible: false, why: `visibility ${s.visibility}`, contrast: 0 };
    if (opacity < 0.6) return { visible: false, why: `opacity ${opacity}`, contrast: 0 };
    if (Number.parseFloat(s.fontSize) < 6)
      return { visible: false, why: `font-size ${s.fontSize}`, contrast: 0 };
    const range = doc.createRange();
    range.selectNodeContents(el);
    const r = range.getBoundingClientRect();
    if (r.width < 50 || r.height < 8)
      return { visible: false, why: `box ${r.width}x${r.height}`, contrast: 0 };
    if (r.right < 0 || r.left > frame.clientWidth || r.bottom < 0)
      return { visible: false, why: `off-screen at ${r.left},${r.top}`, contrast: 0 };
    return { visible: true, why: '', contrast: 0 };
  }, SENTENCE);
}

/** Pixels of the frame that differ clearly from the page under it (text that can be seen). */
async function inkPixels(page: Page, dark: boolean): Promise<number> {
  const png = await page.locator('iframe').screenshot();
  return page.evaluate(
    async ([data, bg]) => {
      const img = new Image();
      img.src = `data:image/png;base64,${data}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.width;
      canvas.height = img.height;
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      const px = ctx.getImageData(0, 0, img.width, img.height).data;
      let ink = 0;
      for (let i = 0; i < px.length; i += 4) {
        const d = Math.abs(px[i]! - bg[0]!) + Math.abs(px[i + 1]! - bg[1]!) + Math.abs(px[i + 2]! - bg[2]!);
        if (d > 150) ink++;
      }
      return ink;
    },
    [png.toString('base64'), dark ? [0x1c, 0x20, 0x27] : [255, 255, 255]] as const,
  );
}

for (const dark of [false, true]) {
  const theme = dark ? 'dark' : 'light';
  test(`${theme} theme: ${HIDING.length} hiding techniques all leave the sentence readable`, async ({
    page,
  }) => {
    const failures: string[] = [];
    for (const [name, html] of HIDING) {
      await show(page, html, dark);
      const d = await drawn(page);
      if (!d.visible) {
        failures.push(`${name}: ${d.why}`);
        continue;
      }
      // Our sentence on its own is a few hundred pixels of ink; a technique that left it drawn in
      // the background's colour, clipped or transparent leaves next to none.
      const ink = await inkPixels(page, dark);
      if (ink < 150) failures.push(`${name}: only ${ink} pixels of ink`);
    }
    expect(failures).toEqual([]);
  });

  test(`${theme} theme: styling that reads is kept (colours, tables, quotes)`, async ({ page }) => {
    await show(
      page,
      `<h2 style="color:#1a7f37">Welcome</h2><table style="border:2px solid #888"><tr><td style="padding:4px">${SENTENCE}</td></tr></table><blockquote>earlier</blockquote>`,
      dark,
    );
    const kept = await page.evaluate(() => {
      const doc = document.querySelector('iframe')!.contentDocument!;
      const w = doc.defaultView!;
      return {
        heading: w.getComputedStyle(doc.querySelector('h2')!).color,
        border: w.getComputedStyle(doc.querySelector('table')!).borderTopWidth,
        padding: w.getComputedStyle(doc.querySelector('td')!).paddingTop,
      };
    });
    expect(kept).toEqual({ heading: 'rgb(26, 127, 55)', border: '2px', padding: '4px' });
    expect(await inkPixels(page, dark)).toBeGreaterThan(150);
  });
}
