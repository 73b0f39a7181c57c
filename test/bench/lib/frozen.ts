// A second bare limit for a key: the app's own window, frozen. The page as the app drew it (its
// rows, styles and layout) is saved with no script of the app's, and served with a few lines that
// answer j and a verdict as the list does on screen: the cursor moves and the list scrolls to it,
// or the row leaves and the rows below move up. Keys start, as the app's measured ones run, with
// the cursor on the last row in view; the frozen list has no rows to make as it scrolls. What the
// app takes beyond it is the app's own work at a key; what it takes beyond the plain bare page is
// what drawing these rows costs here. Each key's window is saved in the state its measured presses
// run in: `j` with the reading pane closed, a verdict with it open on the thread under the cursor
// (the first verdict opens it), message frames and all.
import type { Browser, Page } from '@playwright/test';
import { APP_CURSOR as CURSOR, APP_ROW as ROW, keyLatencies, newPage, servePage, until } from './browser';

/** The page as drawn now, its stylesheets inlined, with no script or link left; a message frame
 *  keeps the document written into it (as its srcdoc, which the frame's sandbox still holds). */
export async function freezePage(page: Page): Promise<string> {
  const html = (await page.evaluate(`(() => {
    const css = [...document.styleSheets].map((s) => [...s.cssRules].map((r) => r.cssText).join('\\n')).join('\\n');
    const frames = [...document.querySelectorAll('iframe')];
    // Where each scrolled element was scrolled to (the list after j moved down it), put back on load.
    const scrolled = [...document.querySelectorAll('*')].filter((el) => el.scrollTop > 0);
    for (const el of scrolled) el.setAttribute('data-frozen-top', String(el.scrollTop));
    const root = document.documentElement.cloneNode(true);
    for (const el of scrolled) el.removeAttribute('data-frozen-top');
    [...root.querySelectorAll('iframe')].forEach((f, i) => {
      const doc = frames[i] && frames[i].contentDocument;
      f.removeAttribute('src');
      if (doc && doc.documentElement) f.setAttribute('srcdoc', '<!doctype html>' + doc.documentElement.outerHTML);
      else f.remove();
    });
    for (const el of root.querySelectorAll('script, link, meta[http-equiv]')) el.remove();
    const style = document.createElement('style');
    style.textContent = css;
    root.querySelector('head').append(style);
    return '<!doctype html>' + root.outerHTML;
  })()`)) as string;
  return html.replace('</body>', `<script>${KEYS}</script></body>`);
}

/** j and e as the list answers them on screen, and nothing else. */
const KEYS = `(() => {
  const rows = () => [...document.querySelectorAll(${JSON.stringify(ROW)})].sort((a, b) => a.offsetTop - b.offsetTop);
  const at = () => rows().findIndex((r) => r.classList.contains('cursor'));
  const put = (n) => {
    const all = rows();
    const now = all[at()];
    if (now) { now.classList.remove('cursor'); now.setAttribute('aria-selected', 'false'); }
    const next = all[Math.min(n, all.length - 1)];
    next.classList.add('cursor');
    next.setAttribute('aria-selected', 'true');
    next.scrollIntoView({ block: 'nearest' });
  };
  window.__frozenRows = () => rows().length - at() - 1;
  // Where the app's keys are measured: the cursor on the last row in view, so each j scrolls.
  window.__frozenStart = () => {
    for (const el of document.querySelectorAll('[data-frozen-top]')) el.scrollTop = Number(el.getAttribute('data-frozen-top'));
    const bottom = document.querySelector('.list[role="listbox"]').getBoundingClientRect().bottom;
    const inView = rows().filter((r) => r.getBoundingClientRect().bottom <= bottom);
    put(inView.length - 1);
  };
  window.addEventListener('keydown', (e) => {
    const i = at();
    if (e.key === 'j') put(i + 1);
    if (e.key === 'e') {
      const all = rows();
      const gone = all[i];
      const h = gone.offsetHeight;
      for (const r of all.slice(i + 1)) r.style.top = (parseFloat(r.style.top) - h) + 'px';
      gone.remove();
      put(i);
    }
  }, true);
})();`;

/** `count` presses of `key` on the frozen window, the page loaded again whenever its rows run out. */
export async function frozenLimit(
  browser: Browser,
  html: string,
  key: 'j' | 'e',
  count: number,
  pause: number,
): Promise<number[]> {
  const { url, server } = await servePage(html);
  const page = await newPage(browser, ROW);
  try {
    const out: number[] = [];
    while (out.length < count) {
      await page.goto(url);
      await until(page, `document.querySelector(${JSON.stringify(CURSOR)})`, 10_000);
      await page.evaluate('window.__frozenStart()');
      // Keep two rows below the cursor: the last moves are not the list's usual ones.
      const left = ((await page.evaluate('window.__frozenRows()')) as number) - 2;
      if (left < 1) throw new Error('the frozen window has too few rows below the cursor');
      const n = Math.min(left, count - out.length);
      out.push(...(await keyLatencies(page, key, CURSOR, n, pause)));
    }
    return out;
  } finally {
    await page.context().close();
    server.close();
  }
}
